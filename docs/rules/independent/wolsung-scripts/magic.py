from wl import *

# magic-missile.toml: mage Magic 4 (suit ♦) vs thug R 2, armour 0, H 3; spell F 4, cost 1; fewest_to_win; hand 4
def dice_only(na, nd, f, armour):
    ph = F(0); ed = F(0); ec = F(0); pdown = {}
    for a, d, p in opposed(na, nd):
        if a >= d:
            ph += p; c = a - d; ec += p * c
            ed += p * max(0, f + c - armour)
    return ph, ec, ed

print("dice only 4 vs 2 P(hit), E[crits], E[dmg F4 A0], E[dmg F3 A3], E[dmg F3 ignoring armour]")
ph, ec, ed = dice_only(4, 2, 4, 0); print(ph, d4(ph), ec, d4(ec), ed, d4(ed))
ph, ec, ed3 = dice_only(4, 2, 3, 3); print("F3 vs A3:", ed3, d4(ed3))
ph, ec, ed3n = dice_only(4, 2, 3, 0); print("F3 armour ignored:", ed3n, d4(ed3n))

# with cards
cats = {"DH": 4, "DN": 9, "HH": 4, "HN": 9, "B": 26}
def with_cards(f, armour, h_target=3, pay="number_first", policy="fewest_to_win", fail_spend="none", cost=1):
    pc = F(0); ph = F(0); ed = F(0); ec = F(0); pdown = F(0); ecards = F(0); ecards_feat = F(0)
    for hand, p in hand_dist(cats):
        dh, dn = hand["DH"], hand["DN"]
        if dh + dn == 0:
            continue
        pc += p
        if pay == "number_first" and dn > 0:
            dn -= 1
        elif pay == "number_first":
            dh -= 1
        elif pay == "honour_first" and dh > 0:
            dh -= 1
        else:
            dn -= 1
        hon = dh + hand["HH"]; num = dn + hand["HN"]
        for a, d, q in opposed(4, 2):
            s, uh, un = feat(a, d, hon, num, policy, fail_spend=fail_spend)
            ecards_feat += p * q * (uh + un)
            ecards += p * q * (uh + un + 1)
            if s >= d:
                c = s - d
                dmg = max(0, f + c - armour)
                ph += p * q; ec += p * q * c; ed += p * q * dmg
                if dmg >= h_target: pdown += p * q
    return pc, ph, ec, ed, pdown, ecards_feat, ecards

for pay in ["number_first", "honour_first"]:
  for fs in ["none", "all"]:
    pc, ph, ec, ed, pdown, ecf, eca = with_cards(4, 0, pay=pay, fail_spend=fs)
    print(f"config F4/A0 pay={pay} failspend={fs}: P(cast)={pc} {d4(pc)} P(hit)={ph} {d4(ph)} P(hit|cast)={d4(ph/pc)} E[crit]={d4(ec)} E[dmg]={ed} {d4(ed)} E[dmg|cast]={d4(ed/pc)} P(down)={d4(pdown)} Efeat={d4(ecf)} Eall={d4(eca)} Efeat|cast={d4(ecf/pc)}")
    print("   exact: Ecrit", ec, "Efeat", ecf, "P(hit|cast)", ph/pc, "E[dmg|cast]", ed/pc, "Efeat|cast", ecf/pc, "Ecards incl cost |cast", eca/pc)
    pc, ph, ec, ed, pdown, ecf, eca = with_cards(3, 3, h_target=3, pay=pay, fail_spend=fs)
    print(f"   F3/A3: E[dmg]={ed} {d4(ed)} E[dmg|cast]={ed/pc} {d4(ed/pc)} P(dmg>=1)")
