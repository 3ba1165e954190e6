from bmg import *
for rem,label in ((3,"cover+moved"),(2,"moved"),(1,"cover"),(0,"none")):
    n,hs,dist = ranged(2,4,4,rem)
    print(label, "attack dice",n,"S die",hs,"P(>=1 hit)",fmt(1-dist.get(0,F(1)) if n or hs else F(0)), "E[hits]", fmt(E(dist, lambda h:h)))
# alternative: attack dice removed first (wrong order) for cover+moved: only S die left
print("alt (attack dice first) cover+moved: S die only P=", fmt(p_strength_die(4)))
# shotgun in cover config: RoF0 S3, target robin D4, cover -> S removed -> one attack die vs D4
n,hs,dist = ranged(0,3,4,1); print("shotgun cover:",n,hs,fmt(E(dist,lambda h:h)))
print("F own Sp3 W6:", fmt(own_check(3,6)))
print("F own KO Sp2 W6:", fmt(own_check(2,6)))
print("F opposed Sp4 vs7:", fmt(opposed_check(4,7)))
print("willpower-check config Robin Sp3 W6 enemy effort1 -> 2 dice:", fmt(own_check(2,6)))
for m in range(1,6):
    print("own m",m,"X6",fmt(own_check(m,6)),"opp m",m,"X7",fmt(opposed_check(m,7)))
print("single_die reading m=1, X=6: P(d<=6)=1; X7 opposed: P(d>7)=0")
