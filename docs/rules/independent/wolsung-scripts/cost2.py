from wl import *
cats = {"SH": 3, "SA": 1, "SN": 9, "X": 39}   # suit J/Q/K, suit ace, suit 2-10, others
for hs in [4]:
    rule = F(0); two = F(0); one = F(0)
    for h, p in hand_dist(cats, hs):
        ns = h["SH"] + h["SA"] + h["SN"]
        if ns >= 2: two += p
        if ns >= 2 or h["SH"] + h["SA"] >= 1: rule += p
        if ns >= 1: one += p
    print(hs, "cost2 rule", rule, d4(rule), "only two cards", two, d4(two), "cost1", one, d4(one), "diff", rule-two, d4(rule-two))
    # face only (J,Q,K) no ace reading
    r2 = sum(p for h, p in hand_dist(cats, hs) if h["SH"]+h["SA"]+h["SN"]>=2 or h["SH"]>=1)
    print(" (if ace did not count)", r2, d4(r2))
