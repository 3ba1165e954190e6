from wl import *
import sys
# melee-guard-or-parry.toml: duelist C4 +1 (charge from above) = 5 dice, F3 + melee_bonus 1, H4, armour 0
# troll C3 (on guard 3 dice, parry 5), F5, armour 1, H6, hard to kill.
cats = {"BH": 8, "BN": 18, "O": 26}
def cell(guard, policy, fail_spend="none", backlash_crits=True, backlash_bonus=0):
    nd = 3 if guard == "on_guard" else 5
    res = dict(ph=F(0), crit=F(0), dmg=F(0), wounds=F(0), pback=F(0), back=F(0), cards=F(0), pdown_t=F(0), pdown_a=F(0))
    hands = hand_dist(cats) if policy != "never" else [({"BH":0,"BN":0,"O":4}, F(1))]
    for hand, p in hands:
        for a, d, q in opposed(5, nd):
            w = p * q
            s, uh, un = feat(a, d, hand["BH"], hand["BN"], policy, fail_spend=fail_spend)
            res["cards"] += w * (uh + un)
            if s >= d:
                c = s - d
                dmg = max(0, 3 + 1 + c - 1)
                res["ph"] += w; res["crit"] += w * c; res["dmg"] += w * dmg
                lost = min(dmg, 5)  # hard to kill from 6 wounds: at most 5 lost
                res["wounds"] += w * lost
            elif guard == "on_guard":
                c = d - s
                bd = max(0, 5 + (c if backlash_crits else 0) + backlash_bonus - 0)
                res["pback"] += w; res["back"] += w * bd
                if bd >= 4: res["pdown_a"] += w
    return res
rows = []
for guard in ["on_guard", "parry"]:
    for pol in ["never", "fewest_to_win", "all_in"]:
        for fs in (["none", "all"] if pol == "fewest_to_win" else ["none"]):
            r = cell(guard, pol, fs)
            print(guard, pol, fs, " | ".join(f"{k}={v} ({d4(v)})" for k, v in r.items()))
# backlash without crits
for pol in ["never", "fewest_to_win", "all_in"]:
    r = cell("on_guard", pol, "none", backlash_crits=False)
    print("on_guard crits=false", pol, "back", r["back"], d4(r["back"]))
