from itertools import product
from fractions import Fraction as F
tot=0; H=0; Bl=0; I=0
for r in product(range(1,7), repeat=8):
    a=r[:3]; b=r[3:7]; s=r[7]
    imp=sum(1 for f in a if f==6 or (f!=1 and f>=4))
    blk=min(imp, sum(1 for f in b if f>=3))
    si = 1 if s==6 else 0
    H+=imp-blk+si; Bl+=blk; I+=imp+si; tot+=1
print(F(H,tot), F(Bl,tot), F(I,tot))
