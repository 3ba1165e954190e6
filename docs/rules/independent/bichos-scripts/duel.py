"""Duel soldier (assault rifle) vs big bug (claws), 6 turns, under one explicit reading:
- each turn both activate in decreasing current FDV (tie 1/2); an active figure that is not 'skipping'
  attacks once; skipping (knocked down -> stands up, or ducked) consumes the activation.
- firing table with no conditions (effective range, 1st target, no cover, nobody moved).
- wound -> Herido test at current FDV if alive and not fled: fail both -> flees (fight ends);
  passed 2nd -> FDV-1 and (if shot) ducks = skips its next activation; (melee) keeps fighting.
- optional: Bajo fuego for the bug every time it is shot at (after Herido): pass2 duck, fail flee.
- RES<=0 -> flees; death per K2 / wound table.  Fight ends when one side flees or dies."""
import functools, sys
import bichos
from bichos import *
bichos.dice_sum = functools.lru_cache(None)(bichos.dice_sum)
from shots import PROF, WEAP

def attack_fn(att, weapon, tgt, shooting, bajo_fuego):
    hda, spot, *_ = PROF[att]
    nd, pot = WEAP[weapon]
    if pot is None: pot = spot
    _, _, fdv0, res0, bld = PROF[tgt]
    fd = {k: float(v) for k, v in firing_dist(hda).items()}
    cache = {}
    def f(res, fdv):
        key = (res, fdv)
        if key in cache: return cache[key]
        out = defaultdict(float)   # (res, fdv, status, skip) status: ok/fled/dead
        def tests(res2, fdv2, wounded, kd, p):
            # herido
            branches = [(fdv2, 1.0, False)]
            if wounded:
                a, b, c = (float(x) for x in reaction(fdv2))
                out[(res2, 0, 'fled', False)] += p*c
                branches = [(fdv2, a, False), (fdv2-1, b, shooting)]
            for ff, q, duck in branches:
                if q == 0: continue
                if shooting and bajo_fuego:
                    a, b, c = (float(x) for x in reaction(ff))
                    out[(res2, 0, 'fled', False)] += p*q*c
                    out[(res2, ff, 'ok', True)] += p*q*b
                    out[(res2, ff, 'ok', kd or duck)] += p*q*a
                else:
                    out[(res2, ff, 'ok', kd or duck)] += p*q
        tests(res, fdv, False, False, fd['miss'])
        for kind in ('light', 'crit'):
            for (r2, f2, fled, dead, H), p in resolve(kind, (res, fdv, False, False), hda, nd, pot, bld, res0).items():
                p = float(p)*fd[kind]
                if dead: out[(r2, f2, 'dead', False)] += p
                elif fled: out[(r2, 0, 'fled', False)] += p
                else: tests(r2, f2, True, H, p)
        cache[key] = dict(out)
        return cache[key]
    return f

def duel(rounds=6, bajo_fuego=False):
    A = ('soldado', 'assault_rifle'); B = ('grande', 'big_claws')
    atkA = attack_fn('soldado', 'assault_rifle', 'grande', True, bajo_fuego)   # soldier shoots bug
    atkB = attack_fn('grande', 'big_claws', 'soldado', False, False)          # bug claws soldier
    sA = (PROF['soldado'][3], PROF['soldado'][2], False)
    sB = (PROF['grande'][3], PROF['grande'][2], False)
    dist = {(sA, sB): 1.0}
    ends = defaultdict(float)
    def act(state, who):
        (a, b) = state
        if who == 'A':
            if a[2]: return {(( a[0], a[1], False), b, None): 1.0}
            return {((a), (r, f, sk), st): p for (r, f, st, sk), p in atkA(b[0], b[1]).items()}
        else:
            if b[2]: return {(a, (b[0], b[1], False), None): 1.0}
            return {((r, f, sk), b, st): p for (r, f, st, sk), p in atkB(a[0], a[1]).items()}
    for t in range(1, rounds+1):
        nd = defaultdict(float)
        for (a, b), p in dist.items():
            if a[1] > b[1]: orders = [(('A', 'B'), 1.0)]
            elif b[1] > a[1]: orders = [(('B', 'A'), 1.0)]
            else: orders = [(('A', 'B'), .5), (('B', 'A'), .5)]
            for order, po in orders:
                cur = {(a, b): p*po}
                for who in order:
                    nxt = defaultdict(float)
                    for st, q in cur.items():
                        for (a2, b2, status), r in act(st, who).items():
                            if status in ('fled', 'dead'):
                                loser = 'B' if who == 'A' else 'A'
                                ends[(loser, status, t)] += q*r
                            else:
                                nxt[(a2, b2)] += q*r
                    cur = nxt
                for st, q in cur.items(): nd[st] += q
        dist = nd
    return ends, sum(dist.values())

if __name__ == '__main__':
    for bf in (False, True):
        ends, draw = duel(6, bf)
        pa = sum(v for k, v in ends.items() if k[0] == 'B'); pb = sum(v for k, v in ends.items() if k[0] == 'A')
        print(f"bajo_fuego={bf}: P(soldier wins)={pa:.4f} P(bug wins)={pb:.4f} P(draw after 6)={draw:.4f}")
        for who in 'AB':
            for st in ('fled', 'dead'):
                print(f"   {'soldier' if who=='A' else 'bug'} {st}: {sum(v for k, v in ends.items() if k[0]==who and k[1]==st):.4f}")
        print('   by turn (loser,status):', {t: round(sum(v for k, v in ends.items() if k[2]==t), 4) for t in range(1,7)})
