from bmg import *
# Scenario B: A3, S6+, target D4 K.O. (-1 Defense -> 3), no blocks, unarmed ★/hit, +1♦/hit
d = melee(3, 3, 4-1, 0, 6, target_ko=True)
print("B KO: attack impacts", fmt(E(d, lambda k: k[0])))
print("B KO: impacts incl S", fmt(E(d, lambda k: k[0]+k[2])))
print("B KO: blocks", fmt(E(d, lambda k: k[1])))
print("B KO: hits", fmt(E(d, lambda k: k[0]-k[1]+k[2])))
print("B KO: P(>=1 hit)", fmt(E(d, lambda k: 1 if k[0]-k[1]+k[2]>0 else 0)))
print("B KO: crit", fmt(E(d, lambda k: k[3])))
# hit distribution
hd={}
for k,p in d.items():
    h=k[0]-k[1]+k[2]; hd[h]=hd.get(h,0)+p
print("B KO hit dist", {h:str(p) for h,p in sorted(hd.items())})
# without the -1 Defense (alternative reading: ignore K.O. -1)
d2 = melee(3, 3, 4, 0, 6, target_ko=True)
print("B KO (no -1 Def): hits", fmt(E(d2, lambda k: k[0]-k[1]+k[2])))
# non-KO
d = melee(3, 3, 4, 4, 6)
for name, fn in [("attack impacts", lambda k:k[0]), ("impacts incl S", lambda k:k[0]+k[2]), ("blocks", lambda k:k[1]),
                 ("hits", lambda k:k[0]-k[1]+k[2]), ("P>=1 hit", lambda k: 1 if k[0]-k[1]+k[2]>0 else 0), ("crit", lambda k:k[3])]:
    print("B nonKO:", name, fmt(E(d, fn)))
d = melee(3, 3, 4, 4, 6, nat6=True)
print("B nonKO block_nat6 hits (same since A3<=6):", fmt(E(d, lambda k:k[0]-k[1]+k[2])))
