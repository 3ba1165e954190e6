import random
rng = random.Random(7)
def succ(n): return sum(rng.random() < 0.5 for _ in range(max(0,n)))
def deck():
    d = [('H' if r >= 11 else 'N', s) for r in range(2, 15) for s in 'SCHD']
    rng.shuffle(d); return d
def black(c): return c[1] in 'SC'
def play(hand, s, target):
    # fewest_to_win: black face first, then numbers, only if can reach target
    bh = [c for c in hand if black(c) and c[0]=='H']; bn = [c for c in hand if black(c) and c[0]=='N']
    if s >= target: return s
    k = target - s
    if 2*len(bh) + len(bn) < k: return s
    while s < target and bh: c = bh.pop(); hand.remove(c); s += 2
    while s < target and bn: c = bn.pop(); hand.remove(c); s += 1
    return s
def duel(order):
    d = deck(); hand = []; tw = 6
    for turn in range(3):
        new = [d.pop() for _ in range(4)]
        allc = hand + new
        allc.sort(key=lambda c: (not black(c), c[0] != 'H'))
        hand = allc[:4]
        seq = ['D','D','T','T'] if order == 'D' else ['T','T','D','D']
        for who in seq:
            if who == 'D':
                a = succ(4); t = succ(5); a = play(hand, a, t)
                if a >= t:
                    dmg = 3 + a - t
                    tw = (1 if tw > 1 else 0) if dmg >= tw else tw - dmg
            else:
                t = succ(3); dd = succ(4); dd = play(hand, dd, t+1)
                if t >= dd: return 'T'
                dmg = 3 + (dd - t)
                tw = (1 if tw > 1 else 0) if dmg >= tw else tw - dmg
            if tw == 0: return 'D'
    return 'none'
N = 200000
for o in 'DT':
    r = [duel(o) for _ in range(N)]
    p = r.count('D')/N; print(o, p, "+-", 1.96*(p*(1-p)/N)**.5, r.count('none'))
