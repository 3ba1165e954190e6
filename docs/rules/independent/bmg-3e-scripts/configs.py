from bmg import *
import math
cards = {"batman":(5,4,4,8,7,4),"robin":(4,4,4,6,5,3),"thug":(3,3,4,5,4,2),"bruiser":(4,3,3,6,6,2),
         "enforcer":(3,5,4,6,5,2),"brawler":(3,4,3,5,5,2),"veteran":(4,3,4,6,5,2)}  # A D S W E Sp
weapons = {"unarmed":("m",(1,0),0),"batclaw-gauntlets":("m",(2,0),0),"baseball-bat":("m",(2,0),1),
           "knife":("m",(0,1),0),"heavy-club":("m",(2,0),1)}
def melee_report(att, wpn, tgt, ea=0, et=0, tstun=0, twounds=0, tdef=None):
    A,_,S,_,_,_ = cards[att]; _,D,_,W,En,_ = cards[tgt]
    if tdef is not None: D=tdef
    _, (ds,dw), bonus = weapons[wpn]
    n = max(0, A+ea-et)
    d = melee(A, n, D, D, S, bonus)
    h = lambda k: k[0]-k[1]+k[2]
    r = {}
    r["attack_dice"]=F(n)
    r["impacts"]=E(d, lambda k:k[0]+k[2]); r["blocks"]=E(d, lambda k:k[1]); r["hits"]=E(d,h)
    r["stun_nominal"]=E(d, lambda k: ds*h(k))
    r["stun_placed"]=E(d, lambda k: min(ds*h(k), max(0, W-tstun-et)))
    r["wounds"]=E(d, lambda k: min(dw*h(k), En-twounds))
    r["any_hit"]=E(d, lambda k: 1 if h(k)>0 else 0)
    r["critical"]=E(d, lambda k:k[3])
    ko = lambda k: 1 if tstun+et+ds*h(k) >= W else 0
    r["ko"]=E(d, ko)
    r["knocked_down"]=E(d, lambda k: 1 if k[3] and not ko(k) and not (twounds+dw*h(k)>=En) else 0)
    r["casualty"]=E(d, lambda k: 1 if twounds+dw*h(k) >= En else 0)
    return r
def show(r, keys=None):
    for k,v in r.items():
        if keys is None or k in keys: print(f"   {k}: {v} = {float(v):.4f}")
print("== batman-vs-thug (ea1 et0)"); show(melee_report("batman","batclaw-gauntlets","thug",ea=1))
print("== defense-sweep robin+bat vs thug D2..6")
for D in range(2,7):
    print(" D",D); show(melee_report("robin","baseball-bat","thug",tdef=D))
print("== loadout-comparison")
def ranged_report(att_card, rof, S, ds, dw, tgt):
    _,D,_,W,En,_ = cards[tgt]
    n,hs,dist = ranged(rof,S,D,0)
    # need crit too: S nat 6 prob 1/6 if hs
    r={"hits":E(dist,lambda h:h),"ko":E(dist,lambda h:1 if ds*h>=W else 0),"casualty":E(dist,lambda h:1 if dw*h>=En else 0),
       "any_hit":1-dist[0],"wounds":E(dist,lambda h:min(dw*h,En)),"critical":F(1,6) if hs else F(0), "attack_dice":F(n)}
    return r
for lab,att,w in (("Bruiser + bat","bruiser","baseball-bat"),("Bruiser + knife","bruiser","knife")):
    for t in ("robin","thug","enforcer"):
        print(" ",lab,"vs",t); show(melee_report(att,w,t), ["hits","ko","casualty","wounds","stun_nominal"])
for t in ("robin","thug","enforcer"):
    print("  Thug + pistol vs",t); show(ranged_report("thug",2,4,0,1,t))
print("== paired bruiser bat vs knife on thug")
a=melee_report("bruiser","baseball-bat","thug"); b=melee_report("bruiser","knife","thug")
show(a,["hits","stun_nominal","stun_placed","ko"]); show(b,["hits","wounds","casualty"])
print("   mean diff hits", a["hits"]-b["hits"], float(a["hits"]-b["hits"]))
print("== shotgun-in-cover"); n,hs,dist=ranged(0,3,4,1); print("  dice",n,"S",hs,"E hits",E(dist,lambda h:h),"wounds",E(dist,lambda h:2*h))
print("== effort-table batman gauntlets vs bruiser stun2, objective ko")
tab={}
for et in range(4):
    row=[]
    for ea in range(4):
        r=melee_report("batman","batclaw-gauntlets","bruiser",ea=ea,et=et,tstun=2)
        tab[(et,ea)]=r; row.append(f"{float(r['ko']):.4f} ({r['ko']})")
    print("  et",et," ".join(row))
for obj in ("ko","hits"):
    br={et:max(range(4), key=lambda ea:(tab[(et,ea)][obj],-ea)) for et in range(4)}
    te=min(range(4), key=lambda et:(tab[(et,br[et])][obj],et))
    print("  obj",obj,"best answers",br,"target picks",te,"value",tab[(te,br[te])][obj],float(tab[(te,br[te])][obj]))
    for et in range(4): print("    et",et,"E hits",{ea:round(float(tab[(et,ea)]['hits']),4) for ea in range(4)})
