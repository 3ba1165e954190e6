"""Independent exact calculator for ¡Bichos! (seed 002). Exact fractions."""
from fractions import Fraction as F
from itertools import product
from collections import defaultdict

def dice_sum(n):
    d = defaultdict(int)
    for t in product(range(1,7), repeat=n):
        d[sum(t)] += 1
    tot = 6**n
    return {k: F(v, tot) for k, v in sorted(d.items())}

D2 = dice_sum(2)

def firing(roll, hda, idx=1, long_range=False, shooter_moved=False, target_moved=False, cover=False):
    """Seed lines 568-580. idx = 1,2,3 target index."""
    if roll == 2: return 'crit'
    if roll == 3: return 'miss' if long_range else 'light'
    if roll == 4: return 'miss'
    if roll == 5: return 'miss' if (shooter_moved and idx >= 2) else 'crit'
    if roll == 6: return 'miss' if hda <= 5 else 'light'
    if roll == 7: return 'miss'
    if roll == 8: return 'miss' if (cover or idx >= 3) else 'crit'
    if roll == 9: return 'miss' if (target_moved or long_range) else 'light'
    if roll == 10: return 'miss'
    if roll == 11: return 'crit' if hda >= 9 else 'light'
    if roll == 12: return 'miss' if long_range else 'crit'

def firing_dist(hda, **kw):
    d = defaultdict(F)
    for r, p in D2.items():
        d[firing(r, hda, **kw)] += p
    return dict(d)

def impact(roll, pot):
    v = roll + pot - 4          # table lines 582-594
    return 'H' if v > 10 else v

def wound_dead(roll, fdv, low='extend'):
    if low == 'clamp' and fdv < 2: fdv = 2
    return roll + fdv <= 13      # table lines 596-608: M

def p_pass(f):
    return sum((p for r, p in D2.items() if r <= f), F(0))

def reaction(f):
    p = p_pass(f)
    return p, (1-p)*p, (1-p)**2

# ---------------------------------------------------------------- damage resolution
# A state is a tuple (res, fdv, fled, dead).  res0 = starting RES (death at res <= -res0).
def check_res(res, fdv, fled, dead, res0):
    if dead: return res, fdv, fled, dead
    if res <= -res0: return res, fdv, fled, True          # line 505
    if res <= 0 and not fled: return res, 0, True, False  # line 505 / K1
    if fled: fdv = 0
    return res, fdv, fled, dead

def resolve(kind, state, hda, ndice, pot, bld, res0, timing='immediate', low='extend'):
    """Distribution {(res,fdv,fled,dead,H): p} after one light/crit wound.
    timing: 'immediate' = RES checked at once after every RES loss (digest),
            'prehit'    = wound table uses the FDV before the hit, RES checked at the end."""
    res, fdv, fled, dead = state
    fdv_before = fdv
    out = defaultdict(F)
    for dmg, pd in dice_sum(ndice).items():
        loss = max(0, hda + dmg - bld)
        r1 = res - loss
        if kind == 'light':
            s = check_res(r1, fdv, fled, dead, res0)
            out[s + (False,)] += pd
            continue
        for roll, pr in D2.items():
            v = impact(roll, pot)
            if v != 'H':
                s = check_res(r1 - v, fdv, fled, dead, res0)
                out[s + (False,)] += pd*pr
                continue
            r2 = r1 - 10
            if timing == 'immediate':
                s = check_res(r2, fdv, fled, dead, res0)
                if s[3]:
                    out[s + (True,)] += pd*pr; continue
                f_use = s[1]
            else:
                s = (r2, fdv, fled, dead); f_use = fdv_before
            for wr, pw in D2.items():
                if wound_dead(wr, f_use, low):
                    out[(s[0], s[1], s[2], True, True)] += pd*pr*pw
                else:
                    s2 = (s[0], s[1]-1 if s[1] > 0 else 0, s[2], s[3])
                    s2 = check_res(*s2, res0)
                    out[s2 + (True,)] += pd*pr*pw
    return dict(out)

def summarize(dist):
    pdead = sum(p for k, p in dist.items() if k[3])
    pfled = sum(p for k, p in dist.items() if k[2] and not k[3])
    pH = sum(p for k, p in dist.items() if k[4])
    return dict(dead=pdead, fled_alive=pfled, H=pH)

def fmt(x, nd=4):
    return f"{x} = {float(x):.{nd}f}"
