#!/usr/bin/env python3
"""Run a command and hold it to a wall-clock and peak-memory limit: measure.py SECONDS MB CMD...

Prints the time and the peak resident memory of the command (its largest child process), and
exits 1 when either is over its limit — the whole-run figures issue #40 asks a balance to meet.
"""
import resource
import subprocess
import sys
import time

limit_s, limit_mb, cmd = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
start = time.monotonic()
subprocess.run(cmd, check=True)
wall = time.monotonic() - start
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # Linux: KiB
print(f"{wall:.2f} s, {peak_mb:.0f} MB peak (limits {limit_s:g} s, {limit_mb:g} MB): {' '.join(cmd)}")
if wall > limit_s or peak_mb > limit_mb:
    sys.exit("over the limit")
