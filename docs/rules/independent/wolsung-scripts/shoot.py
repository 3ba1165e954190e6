from wl import *
cats = {"RH": 8, "RN": 18, "B": 26}
HANDS = hand_dist(cats)
guns = {"pistol": dict(f=4, bands=[(8, 1), (16, -1), (24, -2)], ap=0),
        "rifle": dict(f=5, bands=[(8, 0), (16, 1), (24, 0), (36, -1)], ap=1)}
def band(g, dist):
    for up, m in guns[g]["bands"]:
        if dist <= up: return m
    return None
D, R, ARM, H = 3, 2, 1, 3
def shooter_dist(ns, nt, luck):
    """joint dist of (shooter successes after optional luck reroll, target successes)."""
    out = {}
    for a, d, p in opposed(ns, nt):
        if luck and a < d:
            for a2, p2 in pool(ns):
                out[(a2, d)] = out.get((a2, d), 0) + p * p2
        else:
            out[(a, d)] = out.get((a, d), 0) + p
    return out
def cell(g, dist, reaction, cover, policy, luck=True, fail_spend="none"):
    ns = D + band(g, dist)
    nt = R + {"none": 0, "partial": 1, "heavy": 2}[cover] + (2 if reaction == "dive" else 0)
    arm = max(0, ARM - guns[g]["ap"])
    joint = shooter_dist(ns, nt, luck)
    r = dict(ph=F(0), dmg=F(0), crit=F(0), down=F(0), cards=F(0))
    hands = HANDS if policy != "never" else [({"RH": 0, "RN": 0, "B": 4}, F(1))]
    for hand, p in hands:
        for (a, d), q in joint.items():
            w = p * q
            s, uh, un = feat(a, d, hand["RH"], hand["RN"], policy, fail_spend=fail_spend)
            r["cards"] += w * (uh + un)
            if s >= d:
                c = s - d; dmg = max(0, guns[g]["f"] + c - arm)
                r["ph"] += w; r["crit"] += w * c; r["dmg"] += w * dmg
                if dmg >= H: r["down"] += w
    return ns, nt, r
if __name__ == "__main__":
    import sys
    luck = sys.argv[1] == "luck" if len(sys.argv) > 1 else True
    print("| gun | dist | reaction | cover | D pool | R pool | policy | P(hit) exact | P(hit) | E[crits] | E[dmg] | P(down) | E[cards] |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for g in guns:
        for dist in [4, 12, 20]:
            for reaction in ["stand", "dive"]:
                for cover in ["none", "partial", "heavy"]:
                    for pol in ["never", "fewest_to_win", "number_cards_only"]:
                        ns, nt, r = cell(g, dist, reaction, cover, pol, luck)
                        assert r["down"] == r["ph"]
                        print(f"| {g} | {dist} | {reaction} | {cover} | {ns} | {nt} | {pol} | {r['ph']} | {d4(r['ph'])} | {d4(r['crit'])} | {d4(r['dmg'])} | {d4(r['down'])} | {d4(r['cards'])} |")
