from bichos import *
print("== D encounter: jungle +2, holes 1 (+1), soldiers 2 (-2): number", 9+2+1-2)
n = 10
print("P(hole)", fmt(p_pass(n)))
print("direction now: each of front/right/behind/left 1/6, tremors 1/3; eventual each 1/4; delay k turns P=(1/3)^k*2/3, mean", F(1,3)/F(2,3))
d3 = dice_sum(3)
print("cm distance 5*3D6:", {5*k: str(v) for k, v in d3.items()})
print(" mean", fmt(sum(5*k*v for k, v in d3.items())))
# alternatives
from itertools import product
def dist(fn, n):
    d = defaultdict(F)
    for t in product(range(1,7), repeat=n):
        d[fn(t)] += F(1, 6**n)
    return dict(sorted(d.items()))
def show(name, d):
    m = sum(k*v for k, v in d.items())
    print(name, {k: str(v) for k, v in d.items()}, 'mean', fmt(m))
show("cm, triples not multiplied (sum in cm):", dist(lambda t: sum(t) if t[0]==t[1]==t[2] else 5*sum(t), 3))
show("cm, any two equal not multiplied (sum in cm):", dist(lambda t: sum(t) if len(set(t))<3 else 5*sum(t), 3))
show("in, multiply:", dist(lambda t: t[0]*t[1], 2))
show("in, doubles sum:", dist(lambda t: t[0]+t[1] if t[0]==t[1] else t[0]*t[1], 2))
show("in, doubles one die:", dist(lambda t: t[0] if t[0]==t[1] else t[0]*t[1], 2))
print("bug type 2D6 big on 2,3,10,11,12:", fmt(sum(D2[r] for r in (2,3,10,11,12))))
print("attacking bugs humans(4)+1D6: 5..10 each 1/6, mean 7.5; expected big = 7.5/4 =", 7.5/4)
print("== open/holes0/soldiers1: number 9, P=", fmt(p_pass(9)))
print("== E reaction tests")
for f in range(0, 15):
    a, b, c = reaction(f)
    print(f, fmt(a), fmt(b), fmt(c))
# opposed
num = sum(1 for a in range(1,7) for b in range(1,7) if a+9 > b+7)
tie = sum(1 for a in range(1,7) for b in range(1,7) if a+9 == b+7)
print("opposed 9 vs 7: P(A>B)", num, "/36; tie", tie, "/36; with rerolls A first:", F(num, 36-tie))
print("equal FDV: 1/2 each after rerolls")
for idx in (1,2,3):
    print('rifle 3 targets, moved far, target', idx, {k: str(v) for k, v in firing_dist(10, idx=idx, shooter_moved=True).items()})
