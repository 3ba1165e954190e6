from bmg import *
for name,A,S in (("Batman",5,4),("Bruiser",4,3)):
    for ea in (0,3):
        d = melee(A, A+ea, 3, 3, S)
        ph = E(d, lambda k: 1 if k[0]-k[1]+k[2] >= 2 else 0)
        eh = E(d, lambda k: k[0]-k[1]+k[2])
        print(name, "ea",ea,"E[hits]",fmt(eh),"P(cas)=P(hits>=2)",fmt(ph), "P(>=1)", fmt(E(d, lambda k: 1 if k[0]-k[1]+k[2] >= 1 else 0)))
