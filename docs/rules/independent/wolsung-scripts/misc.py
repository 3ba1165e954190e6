from wl import *
from itertools import combinations
# initiative-bid: our hand Q♠ 10♥ 4♦ 2♣; opponent 4 random cards from the other 48
ranks = list(range(2, 15)); suits = "♣♦♥♠"   # suit order low->high: ♣ < ♦ < ♥ < ♠
deck = [(r, s) for r in ranks for s in range(4)]
ours = [(12, 3), (10, 2), (4, 1), (2, 0)]
rest = [c for c in deck if c not in ours]
best = max(ours)
beats = [c for c in rest if c > best]
print("cards beating Q♠:", len(beats))
pw = F(comb(48 - len(beats), 4), comb(48, 4))
print("P(our highest wins)", pw, d4(pw))
# leave-combat: R4 vs C4, leaves if R successes >= C successes
p = p_ge(4, 4); print("leave", p, d4(p))
# pure opposed table
for na in range(0, 8):
    print(na, [str(p_ge(na, nd)) for nd in range(0, 8)])
