from bmg1e import *
from itertools import combinations, permutations
# D: power armor illustration with batman-brawl markers (uncapped endurance)
r = melee(4, 3, 5, 3, 2, 0, block_dice=2, endurance=99)["_raw"]
M = {}
for p, i, b, k, key in r: add(M, key[1] + key[2], p)
e1 = sum(p * max(0, m - 3) for m, p in M.items())
tot = sum(p1 * p2 * max(0, m1 + m2 - 3) for m1, p1 in M.items() for m2, p2 in M.items())
per = 2 * e1
print("D markers per brawl attack E =", sum(p*m for m,p in M.items()))
print("D after 1 attack, placed: total-reading = per-attack reading =", e1, float(e1))
print("D after 2 attacks: 'first 3 in total' =", tot, float(tot), "; '3 per attack' =", per, float(per))
# F: knock-down per attack given k damage dice
for k in range(0, 6):
    pk = F(5, 6) * (1 - F(5, 6) ** k) if k else F(0)
    print("F P(KD | k damage dice) k=%d: %s = %.4f" % (k, pk, float(pk)))
print("F table Batman (unarmed) -> Bruiser: rows AC 1..5, cols Bruiser DC 0..3")
for ac in range(1, 6):
    row = []
    for dc in range(0, 4):
        d = melee(ac, 3, 5, 3, 2, 0, block_dice=dc, endurance=7)
        row.append(d["P(knocked_down)"])
    print("  AC=%d " % ac + "  ".join("%s=%.4f" % (x, float(x)) for x in row))
print("F table Bruiser (bat, 2+) -> Batman: rows AC 1..4, cols Batman DC 0..3")
for ac in range(1, 5):
    row = []
    for dc in range(0, 4):
        d = melee(ac, 5, 4, 3, 2, 0, block_dice=dc, endurance=8) if False else None
        # bat: heavy +1 strength -> damage 2+ ; implement by strength=2
        d = melee(ac, 5, 4, 2, 2, 0, block_dice=dc, endurance=8)
        row.append(d["P(knocked_down)"])
    print("  AC=%d " % ac + "  ".join("%s=%.4f" % (x, float(x)) for x in row))
# typical first-round splits
show("F1 Batman 5 AC vs Bruiser 2 DC", melee(5, 3, 5, 3, 2, 0, block_dice=2, endurance=7))
show("F2 Bruiser 2 AC (bat) vs Batman 1 DC", melee(2, 5, 4, 2, 2, 0, block_dice=1, endurance=8))
show("F2b Bruiser 2 AC (bat) vs Batman 0 DC", melee(2, 5, 4, 2, 2, 0, block_dice=0, endurance=8))
show("F3 Batman 5 AC vs knocked-down Bruiser", melee(5, 2, 5, 3, 2, 0, block_dice=0, endurance=7))
show("EDITIONS 2013 side: Batman 5 AC vs Bruiser 2 DC (same as F1)", melee(5, 3, 5, 3, 2, 0, block_dice=2, endurance=7))

# E: Take the Lead
def ttl(a, b, R):
    """Exact over all orderings of the bag (distinct-counter permutations equally likely)."""
    n = a + b
    from math import comb
    out = {"maj": F(0), "first": F(0), "last": F(0), "Elead": F(0), "played": F(0), "Erun": F(0)}
    tot = 0
    for pos in combinations(range(n), a):
        seq = ["A" if i in pos else "B" for i in range(n)]
        played = seq[:min(R, n)]
        na = played.count("A")
        w = F(1, comb(n, a))
        out["maj"] += w * (2 * na > len(played))
        out["first"] += w * (played[0] == "A")
        out["last"] += w * (played[-1] == "A")
        out["Elead"] += w * na
        out["played"] += w * len(played)
        run = best = 0
        for s in played:
            run = run + 1 if s == "A" else 0
            best = max(best, run)
        out["Erun"] += w * best
    return out
for label, a, b, R in [("config bag 3+1-1 vs 3, R=6", 3, 3, 6),
                       ("8-round bag 4+1-1 vs 4, R=6", 4, 4, 6),
                       ("line-312 literal 6+1-1 vs 6, R=6", 6, 6, 6),
                       ("mastermind only 3+1 vs 3, R=6", 4, 3, 6),
                       ("mastermind only, 8-round bag 5 vs 4, R=6", 5, 4, 6),
                       ("kaos only on A: 2 vs 3, R=6", 2, 3, 6)]:
    o = ttl(a, b, R)
    print("E", label, {k: (str(v), round(float(v), 4)) for k, v in o.items()})

# G: Let's Go!
def letsgo(h, mob):
    p_list = []
    for j in range(1, h + 1):
        need = 4 + (j - 1)
        p = F(sum(1 for f in range(1, 7) if f == 6 or f + (1 if mob else 0) >= need), 6)
        p_list.append(p)
    dist = {}
    surv = F(1)
    for j, p in enumerate(p_list):
        add(dist, j, surv * (1 - p))
        surv *= p
    add(dist, h, surv)
    E = sum(k * v for k, v in dist.items())
    return p_list, dist, E
for mob in [False, True]:
    pl, dist, E = letsgo(5, mob)
    print("G lets-go mob=%s p=%s" % (mob, [str(x) for x in pl]))
    print("   dist", {k: str(v) for k, v in dist.items()}, "E=", E, float(E), "P(>=1)=", 1 - dist[0], float(1-dist[0]))
