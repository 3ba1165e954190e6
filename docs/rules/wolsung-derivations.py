"""Expected values for tests/it/rules_wolsung.rs, derived from the Wolsung SSG text (seed
003_2cc4dbf5a71ebe07.txt) by exact enumeration with Python fractions. Independent of the crate:
nothing here calls or mirrors the analyser's exact engine.

Run: python3 docs/rules/wolsung-derivations.py   (a few minutes: the last duel is the slowest)
"""
from fractions import Fraction as F
from functools import lru_cache
from math import comb


@lru_cache(None)
def pool(n):
    """Successes of n dice (4, 5, 6 succeed, l. 86): Binomial(n, 1/2); n <= 0 rolls nothing."""
    n = max(0, n)
    return tuple((k, F(comb(n, k), 2 ** n)) for k in range(n + 1))


def p_ge(na, nd):
    return sum(pa * pd for a, pa in pool(na) for d, pd in pool(nd) if a >= d)


def lucky(na, nd, la, ld):
    """Joint (a, d) after Beginner's luck (l. 990-994): the losing side re-rolls its whole roll once
    (active loses on a < d, passive on a >= d), then the other may answer."""
    out = {}

    def rec(a, d, la, ld, p):
        if a < d and la:
            for a2, q in pool(na):
                rec(a2, d, False, ld, p * q)
        elif a >= d and ld:
            for d2, q in pool(nd):
                rec(a, d2, la, False, p * q)
        else:
            out[(a, d)] = out.get((a, d), 0) + p

    for a, pa in pool(na):
        for d, pd in pool(nd):
            rec(a, d, la, ld, pa * pd)
    return out


def section(title):
    print(f"\n== {title}")


# ------------------------------------------------------------------------------------------
section("15. magic missile against armour (l. 882-885, 602-609)")
# Magic 4 dice against R 0: always hits; damage = F 3 + crits - armour 3 = crits = successes.
e = sum(k * p for k, p in pool(4))
print("Magic 4 v R 0, F 3, armour 3: E[damage] =", e, "(armour ignored:", e + 3, ")")
# magic-missile.toml dice only, F 4 armour 0 vs R 2: E[damage] = 4 P(hit) + E[crits]
hit = p_ge(4, 2)
crits = sum(pa * pd * (a - d) for a, pa in pool(4) for d, pd in pool(2) if a >= d)
print("Magic 4 v R 2: P(hit) =", hit, "E[crits] =", crits)

# ------------------------------------------------------------------------------------------
section("16. paying cost 2 (l. 831-836) from a hand of 4 of 52")
tot = comb(52, 4)
none = comb(39, 4)
one = 13 * comb(39, 3)
one_honour = 4 * comb(39, 3)
p2 = F(tot - none - one + one_honour, tot)
print("P(can pay cost 2) =", p2, float(p2), "; two cards only:", F(tot - none - one, tot))
print("P(can pay cost 1) =", F(tot - none, tot))
# Cards paid: 1 when a J/Q/K/A of the suit is held (the face card is paid), else 2.
# For a black suit and a red missile, feat value lost is 0 either way: the tie rule pays the
# single face card. P(paid 1 card | cast) = P(at least one suit honour) / P(cast)
p_hon = 1 - F(comb(48, 4), tot)
print("P(pays with one card | cast) =", p_hon / p2, "E[cost cards | cast] =", (p_hon + 2 * (p2 - p_hon)) / p2)

# ------------------------------------------------------------------------------------------
section("18. Beginner's luck")
for (na, nd, la, ld) in [(2, 3, True, False), (2, 3, False, True), (2, 3, True, True), (3, 2, False, True)]:
    j = lucky(na, nd, la, ld)
    print(f"{na} v {nd}, luck attacker={la} defender={ld}: P(attacker >= defender) =",
          sum(p for (a, d), p in j.items() if a >= d))

# ------------------------------------------------------------------------------------------
section("17. duel (l. 41-46, 258-271, 29-37)")
BH, BN, OT = 8, 18, 26  # black J/Q/K/A, black 2-10, red


def draws(rem, m):
    tot = sum(rem)
    m = min(m, tot)
    for x in range(0, min(m, rem[0]) + 1):
        for y in range(0, min(m - x, rem[1]) + 1):
            z = m - x - y
            if z > rem[2]:
                continue
            yield (x, y, z), F(comb(rem[0], x) * comb(rem[1], y) * comb(rem[2], z), comb(tot, m))


def feat(s, t, hand, strict):
    """'fewest_to_win' as the analyser documents it: while behind (attacker: s < t; defender:
    s <= t) add the best black card, J/Q/K/A (2) before numbers (1), even when the hand cannot
    catch up. Returns (new s, honours used, numbers used)."""
    h, n = hand[0], hand[1]
    uh = un = 0
    while (s <= t if strict else s < t):
        if h > uh:
            uh += 1
            s += 2
        elif n > un:
            un += 1
            s += 1
        else:
            break
    return s, uh, un


def wound(w, dmg, hard):
    left = max(0, w - dmg)
    return 1 if (left == 0 and hard and w > 1) else left


def duel(A, B, turns, refill="seed", order="A", crits=True):
    """Exact P(A removes B), P(B removes A). A may be a hero (cards, fewest_to_win); B a henchman.
    A, B: dict c, f, armour, h, hard, actions, guard ('guard'|'parry'), hero, luck.
    order: 'A' / 'B' = that side is the Initial Player and activates first every turn;
    'roll' = a fresh 50/50 every turn (the analyser's old behaviour). Valid while 8 * turns <= 52
    (no reshuffle needed; the hero's draws are then uniform over the cards it has not drawn)."""
    HAND = 4

    def refills(hand, drawn):
        rem = (BH - drawn[0], BN - drawn[1], OT - drawn[2])
        m = HAND if refill == "seed" else HAND - sum(hand)
        for (x, y, z), p in draws(rem, m):
            nh = [hand[0] + x, hand[1] + y, hand[2] + z]
            keep = HAND
            kh = min(nh[0], keep); keep -= kh
            kn = min(nh[1], keep); keep -= kn
            ko = min(nh[2], keep)
            yield (kh, kn, ko), (drawn[0] + x, drawn[1] + y, drawn[2] + z), p

    def attack(att, dfn, a_is_A, hand, la, ld):
        """Yields (dmg to defender, dmg to attacker, new hand, la, ld, p)."""
        parry = 2 if dfn["guard"] == "parry" else 0
        na, nd = att["c"], dfn["c"] + parry
        # Beginner's luck as in lucky(), keeping track of which side still has it.
        out = {}

        def rec(a, d, la2, ld2, p):
            if a < d and la2:
                for a2, q in pool(na):
                    rec(a2, d, False, ld2, p * q)
            elif a >= d and ld2:
                for d2, q in pool(nd):
                    rec(a, d2, la2, False, p * q)
            else:
                key = (a, d, la2, ld2)
                out[key] = out.get(key, 0) + p

        for a, pa in pool(na):
            for d, pd in pool(nd):
                rec(a, d, la, ld, pa * pd)
        for (a, d, la2, ld2), p in out.items():
            nh = hand
            if A["hero"]:
                if a_is_A:
                    a, uh, un = feat(a, d, hand, False)
                else:
                    d, uh, un = feat(d, a, hand, True)
                nh = (hand[0] - uh, hand[1] - un, hand[2])
            if a >= d:
                dd, da = att["f"] + (a - d) - dfn["armour"], 0
            elif dfn["guard"] == "guard":
                dd, da = 0, dfn["f"] + ((d - a) if crits else 0) - att["armour"]
            else:
                dd, da = 0, 0
            yield max(0, dd), max(0, da), nh, la2, ld2, p

    @lru_cache(None)
    def V(turn, step, wa, wb, hand, drawn, la, lb, first):
        if wa == 0:
            return (F(0), F(1))
        if wb == 0:
            return (F(1), F(0))
        if turn > turns:
            return (F(0), F(0))
        if step == 0:
            firsts = [first] if order != "roll" else ["A", "B"]
            v = [F(0), F(0)]
            for fs in firsts:
                pf = F(1, len(firsts))
                if A["hero"]:
                    for nh, nd, p in refills(hand, drawn):
                        r = V(turn, 1, wa, wb, nh, nd, la, lb, fs)
                        v[0] += pf * p * r[0]; v[1] += pf * p * r[1]
                else:
                    r = V(turn, 1, wa, wb, hand, drawn, la, lb, fs)
                    v[0] += pf * r[0]; v[1] += pf * r[1]
            return tuple(v)
        seq = (["A"] * A["actions"] + ["B"] * B["actions"]) if first == "A" else (["B"] * B["actions"] + ["A"] * A["actions"])
        if step > len(seq):
            return V(turn + 1, 0, wa, wb, hand, drawn, la, lb, first)
        who = seq[step - 1]
        v = [F(0), F(0)]
        if who == "A":
            for dd, da, nh, la2, lb2, p in attack(A, B, True, hand, la, lb):
                r = V(turn, step + 1, wound(wa, da, A["hard"]), wound(wb, dd, B["hard"]), nh, drawn, la2, lb2, first)
                v[0] += p * r[0]; v[1] += p * r[1]
        else:
            for dd, da, nh, lb2, la2, p in attack(B, A, False, hand, lb, la):
                r = V(turn, step + 1, wound(wa, dd, A["hard"]), wound(wb, da, B["hard"]), nh, drawn, la2, lb2, first)
                v[0] += p * r[0]; v[1] += p * r[1]
        return tuple(v)

    return V(1, 0, A["h"], B["h"], (0, 0, 0), (0, 0, 0), A["luck"], B["luck"], order if order != "roll" else "A")


def fighter(**kw):
    d = dict(c=3, f=3, armour=0, h=4, hard=False, actions=2, guard="guard", hero=False, luck=False)
    d.update(kw)
    return d


def show(name, v):
    print(f"{name}: P(A wins) = {v[0]} = {float(v[0]):.6f}; P(B wins) = {v[1]} = {float(v[1]):.6f}")


# Bundled duel-duelist-vs-troll.toml: duelist C4 F3+1 H4 hero on guard vs troll C3 F5 armour 1
# H6 Hard to kill, parry. Initial Player 50/50 once (average of A-first and B-first).
duelist = fighter(c=4, f=4, h=4, hero=True, guard="guard")
troll = fighter(c=3, f=5, armour=1, h=6, hard=True, guard="parry")
va = duel(duelist, troll, 3, order="A")
vb = duel(duelist, troll, 3, order="B")
show("duelist v troll, seed refill, duelist Initial", va)
show("duelist v troll, seed refill, troll Initial", vb)
show("duelist v troll, seed refill, 50/50 Initial", ((va[0] + vb[0]) / 2, (va[1] + vb[1]) / 2))
show("duelist v troll, top-up, roll-off every turn (old)", duel(duelist, troll, 3, refill="topup", order="roll"))

# Initiative: two henchmen that parry (no backlash), 1 action, H 2, F 1: who strikes first in each
# turn matters. Conditional on A being the Initial Player.
h1 = fighter(c=2, f=1, h=2, actions=1, guard="parry")
show("henchmen, A Initial Player (fixed)", duel(h1, h1, 3, order="A"))
show("henchmen, roll-off every turn (old)", duel(h1, h1, 3, order="roll"))
h2 = fighter(c=2, f=2, h=3, actions=1, guard="parry")
show("henchmen F2 H3, A Initial Player (fixed)", duel(h2, h2, 3, order="A"))
show("henchmen F2 H3, roll-off every turn (old)", duel(h2, h2, 3, order="roll"))

# Beginner's luck in a duel: A has it (once per game), both henchmen on guard.
g = fighter(c=3, f=2, h=4, actions=1, guard="guard")
gl = fighter(c=3, f=2, h=4, actions=1, guard="guard", luck=True)
v1 = duel(gl, g, 3, order="A"); v2 = duel(gl, g, 3, order="B")
show("luck A v B, 50/50 Initial", ((v1[0] + v2[0]) / 2, (v1[1] + v2[1]) / 2))
v1 = duel(g, g, 3, order="A"); v2 = duel(g, g, 3, order="B")
show("no luck, 50/50 Initial", ((v1[0] + v2[0]) / 2, (v1[1] + v2[1]) / 2))

# Hand clog: a hero that must win many rolls over three turns.
hero = fighter(c=2, f=1, h=6, hero=True, guard="parry")
brute = fighter(c=3, f=1, h=6, guard="parry")
for refill in ["seed", "topup"]:
    v1 = duel(hero, brute, 3, refill=refill, order="A"); v2 = duel(hero, brute, 3, refill=refill, order="B")
    show(f"clog test ({refill}), 50/50 Initial", ((v1[0] + v2[0]) / 2, (v1[1] + v2[1]) / 2))
