from bmg import *
import math
# Batman A5 D4 S4 W8 E7 Sp4 ; Thug A3 D3 S4 W5 E4 Sp2 ; gauntlets ★★ per hit
A,S = 5,4
TD,TW,TE = 3,5,4
def cell(et, ea, tstun=0, twounds=0, dmg_s=2, dmg_w=0, within=False):
    n = max(0, A + ea - min(et, A + ea))   # target removes at most the dice assigned to it
    d = melee(A, n, TD, TD, S)
    eh = E(d, lambda k: k[0]-k[1]+k[2])
    def ko(k):
        h=k[0]-k[1]+k[2]
        return 1 if tstun + et + dmg_s*h >= TW else 0
    def cas(k):
        h=k[0]-k[1]+k[2]
        w = twounds + dmg_w*h
        if within and dmg_s>0:
            need = max(0, math.ceil((TW - tstun - et)/dmg_s))  # hits needed to K.O.
            w += max(0, h - need)
        return 1 if w >= TE else 0
    return n, eh, E(d, ko), E(d, cas)
print("et ea dice E[hits] P(KO) P(cas) P(cas|within) E[h]-ea 2E[h]-ea")
tab={}
for et in range(4):
    for ea in range(4):
        n, eh, pko, pc = cell(et, ea)
        _,_,_,pcw = cell(et, ea, within=True)
        tab[(et,ea)]=(eh,pko,pc,pcw)
        print(et, ea, n, fmt(eh), fmt(pko), pc, fmt(pcw), float(eh-ea), float(2*eh-ea))
# best responses
for obj,idx in (("hits",0),("ko",1)):
    print("objective",obj)
    br={}
    for et in range(4):
        best=max(range(4), key=lambda ea:(tab[(et,ea)][idx], -ea))
        br[et]=best
        print("  et",et,"best ea",best, float(tab[(et,best)][idx]))
    tbest=min(range(4), key=lambda et:(tab[(et,br[et])][idx], et))
    print("  target picks et",tbest)
for et in range(4):
    b=max(range(4), key=lambda ea:(tab[(et,ea)][0]-ea, -ea)); print("hits-ea best for et",et,":",b)
    b=max(range(4), key=lambda ea:(2*tab[(et,ea)][0]-ea, -ea)); print("2hits-ea best for et",et,":",b)
