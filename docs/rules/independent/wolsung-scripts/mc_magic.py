import random
rng = random.Random(11)
def succ(n): return sum(rng.random() < 0.5 for _ in range(n))
N=400000; cast=hit=0; dmg=0
for _ in range(N):
    d = [('H' if r >= 11 else 'N', s) for r in range(2, 15) for s in 'SCHD']
    hand = rng.sample(d, 4)
    dia = [c for c in hand if c[1]=='D']
    if not dia: continue
    cast += 1
    dia.sort(key=lambda c: c[0]!='N'); hand.remove(dia[0])
    red = [c for c in hand if c[1] in 'HD']
    a = succ(4); t = succ(2)
    if a < t:
        rh = [c for c in red if c[0]=='H']; rn=[c for c in red if c[0]=='N']
        if 2*len(rh)+len(rn) >= t-a:
            while a < t and rh: rh.pop(); a += 2
            while a < t and rn: rn.pop(); a += 1
    if a >= t: hit += 1; dmg += 4 + a - t
print(cast/N, hit/N, dmg/N, hit/cast, dmg/cast)
