from fractions import Fraction as F
from itertools import combinations, product
from math import comb
def runs(a,b,R):
    n=a+b; d={}; dl={}
    for pos in combinations(range(n),a):
        seq=["A" if i in pos else "B" for i in range(n)][:min(R,n)]
        run=best=0
        for s in seq:
            run=run+1 if s=="A" else 0; best=max(best,run)
        w=F(1,comb(n,a)); d[best]=d.get(best,0)+w; na=seq.count("A"); dl[na]=dl.get(na,0)+w
    return {k:str(v) for k,v in sorted(d.items())},{k:str(v) for k,v in sorted(dl.items())}
print("config 3v3", runs(3,3,6)); print("4v4 R6", runs(4,4,6))
# movement 12+3D6>=22
c=sum(1 for t in product(range(1,7),repeat=3) if 12+sum(t)>=22); print("move", F(c,216))
# recovery 3 dice 4+
print("recovery", [str(F(comb(3,k),8)) for k in range(4)])
# willpower 2d6<=4
print("runaway", F(sum(1 for a in range(1,7) for b in range(1,7) if a+b<=4),36))
# Endurance rolls for reference: batman E8, bruiser E7, thug E5
for e in [5,6,7,8]:
    print("2D6<=%d"%e, F(sum(1 for a in range(1,7) for b in range(1,7) if a+b<=e),36))
