from bichos import *
def pursuit(mov, bonus, halves, p_stop):
    """halves: list of the further MOV values moved on successive failed tests."""
    d = defaultdict(F)   # (turns, total distance)
    for b in bonus:
        pb = F(1, 3)
        dist = mov + b; turns = 1; p = pb
        for h in halves:
            d[(turns, dist)] += p*p_stop
            p *= (1 - p_stop); dist += h; turns += 1
        d[(turns, dist)] += p   # pursued through the last allowed turn, then stops
    return d
def show(name, d):
    turns = defaultdict(F); tot = F(0)
    for (t, x), p in d.items(): turns[t] += p; tot += p*x
    print(name, 'turns:', {k: str(v) for k, v in sorted(turns.items())}, 'E[dist]=', fmt(tot), 'E[turns]=', fmt(sum(k*v for k, v in turns.items())))
pstop = p_pass(7); pstop2 = 1 - (1 - p_pass(7))**2
print('single roll p_stop', pstop, ' reaction-test p_stop', pstop2)
for ps, lab in ((pstop, 'single'), (pstop2, 'reaction(1st or 2nd)')):
    show(f'cm round-down, last(<=2) moved [{lab}]', pursuit(30, (2,5,7), [15,7,3,1], ps))
    show(f'cm round-down, stop before <=2 [{lab}]', pursuit(30, (2,5,7), [15,7,3], ps))
    show(f'cm fractional, last moved [{lab}]', pursuit(30, (2,5,7), [15,F(15,2),F(15,4),F(15,8)], ps))
    show(f'in round-down, last moved [{lab}]', pursuit(12, (1,2,3), [6,3,1], ps))
    show(f'in stop before <=1 [{lab}]', pursuit(12, (1,2,3), [6,3], ps))
print('first-turn pursuit distance: cm 32/35/37 each 1/3 (mean 104/3 = 34.6667); inches 13/14/15 each 1/3 (mean 14)')
# terrain
t = defaultdict(F)
for r, p in D2.items():
    t['open' if 5 <= r <= 8 else 'jungle_swamp' if r in (4,9) else 'rocky' if r in (3,10) else 'mountain'] += p
print({k: str(v) for k, v in t.items()})
