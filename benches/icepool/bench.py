#!/usr/bin/env python3
"""Icepool timing benchmark: Batman Miniature Game (2019) melee attack.

All dice are D6.
  Q1 "batman-vs-thug": 5 attack dice impacting on >=3, 1 Strength die hitting
     on >=4, 3 block dice blocking on >=5.
  Q2 "12 vs 6": 12 attack dice impacting on >=4, 1 Strength die hitting on
     >=4, 6 block dice blocking on >=6.
  hits = max(0, impacts - blocks) + (1 if Strength die hit else 0)
(Natural 1 always fails / natural 6 always succeeds is automatically satisfied
by every threshold used here, since 2 <= threshold <= 6.)

Formulations (all exact, all checked against each other and against a
plain-Python convolution):
  F1 "count-clip"  : impacts = N @ (d6 >= k)   (binomial count via Die sum)
                     hits = (impacts - blocks).clip(0, None) + strength
  F2 "count-map"   : same counts, then one joint
                     icepool.map(lambda i, b, s: max(0, i - b) + s, ...)
  F3 "pool-size"   : impacts = d6.pool(N).keep_outcomes(pred).size()
                     (multiset-evaluator route), then clip + strength as F1

Caching: Icepool keeps several caches alive across calls --
  icepool.d()/icepool.z() are functools.cache'd (so d6 is one shared object
  with its own cached_property values), PoolSource._new_raw is cached
  (Pool.clear_cache()), icepool.math.comb_row_cache, every Die has a
  per-instance _sum_cache used by `@`, and the module-level evaluator
  singletons (sum_evaluator, size_evaluator, ...) keep a `_cache` of
  "dungeons" holding memoised transition tables.
"warm-uncached" (the headline number) calls clear_icepool_caches() before
every evaluation inside the timed loop; the cost of the clear itself is
timed separately and subtracted (it is reported too). "warm-cached" repeats
the evaluation with no clearing, to show what the caches buy.
"cold" runs each (question, formulation) in a brand-new interpreter and
times `import icepool` and then the first evaluation.

Timing: timeit, number of loops chosen so one repeat lasts >= 0.2 s, best
of 7 repeats, reported per evaluation. timeit disables the garbage
collector during timing (its default). Runs are sequential (no parallelism).

Usage: python3 -m venv /tmp/icepool-venv && /tmp/icepool-venv/bin/pip install icepool==2.1.3
       /tmp/icepool-venv/bin/python benches/icepool/bench.py
       [--repeats 7] [--min-time 0.2] [--cold-runs 1]
"""
import argparse
import json
import os
import platform
import subprocess
import sys
import time
import timeit
from fractions import Fraction
from math import comb

QUESTIONS = {
    # name: (attack dice, impact threshold, strength threshold,
    #        block dice, block threshold)
    'Q1 batman-vs-thug': (5, 3, 4, 3, 5),
    'Q2 12-vs-6': (12, 4, 4, 6, 6),
}

# Module-level predicates (so that F3 can hit Icepool's evaluator cache in
# the "warm-cached" measurement; a fresh lambda per call would never hit).
_PREDS = {k: (lambda x, k=k: x >= k) for k in range(1, 7)}


# --------------------------------------------------------------------------
# Icepool formulations
# --------------------------------------------------------------------------

def f1_count_clip(n_att, t_imp, t_str, n_blk, t_blk):
    import icepool
    d6 = icepool.d(6)
    impacts = n_att @ (d6 >= t_imp)
    blocks = n_blk @ (d6 >= t_blk)
    strength = d6 >= t_str
    return (impacts - blocks).clip(0, None) + strength


def f2_count_map(n_att, t_imp, t_str, n_blk, t_blk):
    import icepool
    d6 = icepool.d(6)
    impacts = n_att @ (d6 >= t_imp)
    blocks = n_blk @ (d6 >= t_blk)
    strength = d6 >= t_str
    return icepool.map(lambda i, b, s: max(0, i - b) + s,
                       impacts, blocks, strength)


def f3_pool_size(n_att, t_imp, t_str, n_blk, t_blk):
    import icepool
    d6 = icepool.d(6)
    impacts = d6.pool(n_att).keep_outcomes(_PREDS[t_imp]).size()
    blocks = d6.pool(n_blk).keep_outcomes(_PREDS[t_blk]).size()
    strength = d6 >= t_str
    return (impacts - blocks).clip(0, None) + strength


FORMULATIONS = {
    'F1 count-clip': f1_count_clip,
    'F2 count-map': f2_count_map,
    'F3 pool-size': f3_pool_size,
}


def clear_icepool_caches():
    """Drop every cross-call cache Icepool 2.1.x keeps (see module doc)."""
    import icepool
    import icepool.evaluator
    import icepool.function
    import icepool.math
    icepool.function.d.cache_clear()
    icepool.function.z.cache_clear()
    icepool.Pool.clear_cache()
    icepool.math.comb_row_cache.clear()
    for obj in vars(icepool.evaluator).values():
        if isinstance(obj, icepool.MultisetEvaluator) and '_cache' in vars(obj):
            del obj._cache


# --------------------------------------------------------------------------
# Plain-Python reference (no Icepool)
# --------------------------------------------------------------------------

def binom_pmf(n, p):
    return [comb(n, k) * p**k * (1 - p)**(n - k) for k in range(n + 1)]


def reference_distribution(n_att, t_imp, t_str, n_blk, t_blk):
    p_imp = Fraction(7 - t_imp, 6)
    p_blk = Fraction(7 - t_blk, 6)
    p_str = Fraction(7 - t_str, 6)
    imp = binom_pmf(n_att, p_imp)
    blk = binom_pmf(n_blk, p_blk)
    net = [Fraction(0)] * (n_att + 1)
    for i, pi in enumerate(imp):
        for b, pb in enumerate(blk):
            net[max(0, i - b)] += pi * pb
    out = [Fraction(0)] * (n_att + 2)
    for h, ph in enumerate(net):
        out[h] += ph * (1 - p_str)
        out[h + 1] += ph * p_str
    return {h: p for h, p in enumerate(out)}


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------

def die_to_fractions(die):
    den = die.denominator()
    return {int(o): Fraction(q, den) for o, q in die.items()}


def mean_of(dist):
    return sum(k * p for k, p in dist.items())


def time_per_eval(fn, repeats, min_time):
    """timeit: pick `number` so one repeat lasts >= min_time, best of repeats."""
    t = timeit.Timer(fn)
    number = 1
    while True:
        dt = t.timeit(number)
        if dt >= min_time:
            break
        # grow geometrically towards the target
        number = max(number * 2, int(number * min_time / max(dt, 1e-9) * 1.1))
    runs = t.repeat(repeat=repeats, number=number)
    return min(runs) / number, number, [r / number for r in runs]


def cold_child(qname, fname):
    t0 = time.perf_counter()
    import icepool  # noqa: F401
    t1 = time.perf_counter()
    die = FORMULATIONS[fname](*QUESTIONS[qname])
    t2 = time.perf_counter()
    assert die.denominator() > 0
    print(json.dumps({'import_s': t1 - t0, 'first_eval_s': t2 - t1}))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--repeats', type=int, default=7)
    ap.add_argument('--min-time', type=float, default=0.2)
    ap.add_argument('--cold-runs', type=int, default=1)
    ap.add_argument('--json', help='also write results to this file')
    ap.add_argument('--cold-child', nargs=2, metavar=('Q', 'F'),
                    help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.cold_child:
        cold_child(*args.cold_child)
        return

    # ---------------- cold (fresh interpreters, before anything else) -----
    cold = {}
    for qname in QUESTIONS:
        for fname in FORMULATIONS:
            runs = []
            for _ in range(args.cold_runs):
                out = subprocess.run(
                    [sys.executable, os.path.abspath(__file__),
                     '--cold-child', qname, fname],
                    check=True, capture_output=True, text=True).stdout
                runs.append(json.loads(out))
            cold[(qname, fname)] = runs

    import icepool
    print(f'Icepool {icepool.__version__}, Python {platform.python_version()} '
          f'({platform.python_implementation()}), {platform.machine()}, '
          f'{os.cpu_count()} CPUs, loadavg at start '
          f'{" ".join(f"{x:.2f}" for x in os.getloadavg())}')
    print()

    results = {'icepool': icepool.__version__,
               'python': platform.python_version(), 'questions': {}}

    # ---------------- correctness ----------------------------------------
    for qname, params in QUESTIONS.items():
        ref = reference_distribution(*params)
        dists = {}
        for fname, f in FORMULATIONS.items():
            clear_icepool_caches()
            d = die_to_fractions(f(*params))
            dists[fname] = d
            full = {k: d.get(k, Fraction(0)) for k in ref}
            assert full == ref, (qname, fname, d, ref)
            assert sum(d.values()) == 1
        dist = dists['F1 count-clip']
        m = mean_of(dist)
        assert m == mean_of(ref)
        print(f'== {qname}  (N_att={params[0]} imp>={params[1]}, '
              f'str>={params[2]}, N_blk={params[3]} blk>={params[4]})')
        print('   all formulations identical and equal to plain-Python '
              'convolution: OK')
        for k, p in sorted(dist.items()):
            print(f'   P(hits={k:2d}) = {str(p):>28s} = {float(p):.12f}')
        print(f'   mean = {m} = {float(m):.12f}')
        results['questions'][qname] = {
            'distribution': {k: str(p) for k, p in sorted(dist.items())},
            'distribution_float': {k: float(p) for k, p in sorted(dist.items())},
            'mean': str(m), 'mean_float': float(m), 'timings': {}}
        print()

    # ---------------- warm timings ---------------------------------------
    clear_cost, clear_n, _ = time_per_eval(clear_icepool_caches,
                                           args.repeats, args.min_time)
    print(f'cost of clear_icepool_caches() alone: {clear_cost*1e3:.4f} ms '
          f'(subtracted from warm-uncached)')
    print()
    print(f'{"question":18s} {"formulation":14s} {"warm-uncached":>14s} '
          f'{"(gross)":>9s} {"warm-cached":>12s} {"cold 1st eval":>14s} '
          f'{"import":>8s}   loops')
    for qname, params in QUESTIONS.items():
        for fname, f in FORMULATIONS.items():
            def uncached(f=f, params=params):
                clear_icepool_caches()
                return f(*params)

            def cached(f=f, params=params):
                return f(*params)

            gross, n_u, _ = time_per_eval(uncached, args.repeats, args.min_time)
            net = gross - clear_cost
            cached()  # prime caches
            best_c, n_c, _ = time_per_eval(cached, args.repeats, args.min_time)
            c = cold[(qname, fname)]
            cold_eval = [r['first_eval_s'] for r in c]
            cold_imp = [r['import_s'] for r in c]
            print(f'{qname:18s} {fname:14s} {net*1e3:11.4f} ms '
                  f'{gross*1e3:9.4f} {best_c*1e3:9.4f} ms '
                  f'{min(cold_eval)*1e3:11.3f} ms {min(cold_imp)*1e3:6.1f}ms'
                  f'   {n_u}/{n_c}')
            results['questions'][qname]['timings'][fname] = {
                'warm_uncached_ms': net * 1e3,
                'warm_uncached_gross_ms': gross * 1e3,
                'warm_cached_ms': best_c * 1e3,
                'cold_first_eval_ms': [x * 1e3 for x in cold_eval],
                'cold_import_ms': [x * 1e3 for x in cold_imp],
                'loops_uncached': n_u, 'loops_cached': n_c}
    results['clear_cost_ms'] = clear_cost * 1e3
    print()
    print('warm-* = best of %d repeats (each >= %.2f s), per evaluation; '
          'cold = first evaluation after `import icepool` in a fresh '
          'interpreter (min over %d run(s)); loops = timeit number '
          'uncached/cached.' % (args.repeats, args.min_time, args.cold_runs))
    print(f'loadavg at end {" ".join(f"{x:.2f}" for x in os.getloadavg())}')
    if args.json:
        with open(args.json, 'w') as fh:
            json.dump(results, fh, indent=1)


if __name__ == '__main__':
    main()
