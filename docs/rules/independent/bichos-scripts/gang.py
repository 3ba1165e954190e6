"""Independent second reading of ¡Bichos! shooting at a Grande. Exact fractions."""
from fractions import Fraction as F
from collections import defaultdict
from itertools import product

def dice(n):
    d = defaultdict(F)
    for t in product(range(1, 7), repeat=n):
        d[sum(t)] += F(1, 6**n)
    return dict(d)
D2 = dice(2)

def p_le(m):                      # P(2D6 <= m); equality passes (seed line 509)
    return sum((p for s, p in D2.items() if s <= m), F(0))

def reaction(m):                  # (pass1st, pass2nd, fail both)
    p = p_le(m)
    return p, (1 - p) * p, (1 - p) ** 2

# Profiles
SOLDIER_HDA = 10
BUG = dict(RES=120, FDV=10, BLD=12)
WEAPONS = {'rifle': (3, 11), 'heavy': (2, 9)}    # (damage dice, POT)

def fire_result(roll, hda, cover, target_no=1, long_range=False, shooter_moved=False, target_moved=False):
    # Firing table, seed lines 568-580
    if roll == 2: return 'C'
    if roll == 3: return 'M' if long_range else 'L'
    if roll == 4: return 'M'
    if roll == 5: return 'M' if (shooter_moved and target_no >= 2) else 'C'
    if roll == 6: return 'M' if hda <= 5 else 'L'
    if roll == 7: return 'M'
    if roll == 8: return 'M' if (cover or target_no == 3) else 'C'
    if roll == 9: return 'M' if (target_moved or long_range) else 'L'
    if roll == 10: return 'M'
    if roll == 11: return 'C' if hda >= 9 else 'L'
    if roll == 12: return 'M' if long_range else 'C'

def impact(roll, pot):            # impact table: roll+POT-4, 'H' above 10 (lines 582-594)
    v = roll + pot - 4
    return 'H' if v > 10 else v

def wound_dead(roll, fdv):        # wound table: roll+FDV <= 13 -> M (lines 596-609), extended below FDV 2
    return roll + fdv <= 13

# Bug state: ('in', res, fdv, cover) or ('dead',) or ('fled',)
def shoot(dist, weapon, record=None):
    ndice, pot = WEAPONS[weapon]
    dmg = dice(ndice)
    out = defaultdict(F)
    ducked_mass = F(0)
    for st, pst in dist.items():
        if st[0] != 'in':
            out[st] += pst; continue
        _, res0, fdv0, cover = st
        # branches: list of (prob, res, fdv, status, wounded)  status in in/dead/fled
        branches = []
        for roll, pr in D2.items():
            r = fire_result(roll, SOLDIER_HDA, cover)
            if r == 'M':
                branches.append((pr, res0, fdv0, 'in', False)); continue
            for d, pd in dmg.items():
                loss = max(0, SOLDIER_HDA + d - BUG['BLD'])
                res = res0 - loss; fdv = fdv0; status = 'in'
                def chk(res, fdv, status):   # RES check after every loss (line 505)
                    if res <= -BUG['RES']: return res, fdv, 'dead'
                    if res <= 0 and status == 'in': return res, 0, 'fled'
                    return res, fdv, status
                res, fdv, status = chk(res, fdv, status)
                if r == 'L':
                    branches.append((pr * pd, res, fdv, status, True)); continue
                for ir, pi in D2.items():
                    iv = impact(ir, pot)
                    if iv != 'H':
                        r2, f2, s2 = chk(res - iv, fdv, status)
                        branches.append((pr * pd * pi, r2, f2, s2, True)); continue
                    r2, f2, s2 = chk(res - 10, fdv, status)
                    if s2 == 'dead':
                        branches.append((pr * pd * pi, r2, f2, s2, True)); continue
                    for wr, pw in D2.items():   # wound table vs current FDV
                        if wound_dead(wr, f2):
                            branches.append((pr * pd * pi * pw, r2, f2, 'dead', True))
                        else:
                            branches.append((pr * pd * pi * pw, r2, f2 - 1, s2, True))
        agg = defaultdict(F)
        for p, res, fdv, status, wounded in branches:
            agg[(res, fdv, status, wounded)] += p * pst
        for (res, fdv, status, wounded), p in agg.items():
            if status == 'dead': out[('dead',)] += p; continue
            if status == 'fled': out[('fled',)] += p; continue
            mod = 1 if cover else 0       # cover at the time of the shot
            duck = False
            # Herido test (immediately on a wound)
            sub = [(p, fdv, False)]
            if wounded:
                a, b, c = reaction(fdv + mod)
                out[('fled',)] += p * c
                sub = [(p * a, fdv, False), (p * b, fdv - 1, True)]
            for q, f, dk in sub:
                a, b, c = reaction(f + mod)   # Bajo fuego
                out[('fled',)] += q * c
                out[('in', res, f, cover or dk)] += q * a
                out[('in', res, f, True)] += q * b
                ducked_mass += q * a * dk + q * b
    if record is not None: record.append(ducked_mass)
    return dict(out)

def start():
    return {('in', BUG['RES'], BUG['FDV'], False): F(1)}

def summary(dist):
    dead = dist.get(('dead',), F(0)); fled = dist.get(('fled',), F(0))
    return dead, dead + fled

def fmt(x): return f"{x}  = {float(x):.6f}"

if __name__ == '__main__':
    assert sum(D2.values()) == 1
    rec = []
    d1 = shoot(start(), 'rifle', rec)
    assert sum(d1.values()) == 1
    dead, out = summary(d1)
    duck_in = sum((p for s, p in d1.items() if s[0] == 'in' and s[3]), F(0))
    print("Q1 one rifle: P(dead) =", fmt(dead))
    print("Q1 P(out)            =", fmt(out))
    print("Q1 P(fled)           =", fmt(out - dead))
    print("Q1 P(ducked & in)    =", fmt(duck_in), " (check", rec[0] == duck_in, ")")
    d2 = shoot(d1, 'rifle')
    print("Q2 two rifles P(out) =", fmt(summary(d2)[1]), " P(dead) =", fmt(summary(d2)[0]))
    d = start()
    for i, w in enumerate(['rifle', 'rifle', 'rifle', 'heavy'], 1):
        d = shoot(d, w)
        dead, out = summary(d)
        print(f"Q3 R,R,R,H by shot {i}: P(out) =", fmt(out), " P(dead) =", fmt(dead))
    d = start()
    for i, w in enumerate(['heavy', 'rifle', 'rifle', 'rifle'], 1):
        d = shoot(d, w)
        dead, out = summary(d)
        print(f"Q3 H,R,R,R by shot {i}: P(out) =", fmt(out), " P(dead) =", fmt(dead))
    # diagnostics
    print("min RES seen:", min(s[1] for s in d if s[0]=='in'), " min FDV seen:", min(s[2] for s in d if s[0]=='in'))
