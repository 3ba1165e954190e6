"""duel-duelist-vs-troll.toml, exact Markov DP.
Duelist: hero, C4, F3 + melee_bonus 1, H4, armour 0, on guard when attacked, fewest_to_win (black cards).
Troll: henchman, C3, F5, H6, armour 1, hard to kill, parries when attacked (+2 C), no cards.
3 turns; each model A=2, every action a melee attack on the other."""
from wl import *
from functools import lru_cache
import sys

HAND = 4
DECK = (8, 18, 26)  # black honours, black numbers, other

def draws(rem, m):
    """multivariate hypergeometric draw of m cards from remaining (bh, bn, o)."""
    tot = sum(rem)
    m = min(m, tot)
    out = []
    for x in range(0, min(m, rem[0]) + 1):
        for y in range(0, min(m - x, rem[1]) + 1):
            z = m - x - y
            if z > rem[2]: continue
            out.append(((x, y, z), F(comb(rem[0], x) * comb(rem[1], y) * comb(rem[2], z), comb(tot, m))))
    return out

CFG = {}

def refill(hand, drawn):
    """returns list of (new hand, new drawn, prob)."""
    rem = tuple(DECK[i] - drawn[i] for i in range(3))
    if CFG["refill"] == "seed":   # draw 3+H, then discard down to 3+H keeping the best
        m = HAND
    else:                          # top up to 3+H
        m = HAND - sum(hand)
    res = []
    for (x, y, z), p in draws(rem, m):
        nh = [hand[0] + x, hand[1] + y, hand[2] + z]
        nd = (drawn[0] + x, drawn[1] + y, drawn[2] + z)
        # keep best HAND: honours, numbers, others
        keep = HAND
        kh = min(nh[0], keep); keep -= kh
        kn = min(nh[1], keep); keep -= kn
        ko = min(nh[2], keep)
        res.append(((kh, kn, ko), nd, p))
    return res

def dmg_troll(tw, dmg):
    if dmg <= 0: return tw
    if dmg >= tw:
        return 1 if tw > 1 else 0   # hard to kill
    return tw - dmg

# outcome vector: (P troll dead, P duelist dead, E cards spent, E troll wounds lost)
def add(v, w, p):
    return tuple(a + p * b for a, b in zip(v, w))

@lru_cache(None)
def duelist_attack(hand):
    """distribution over (damage to troll (0 = miss), new hand)."""
    out = {}
    for a, d, q in opposed(4, 5):
        if CFG["policy"] == "never":
            s, uh, un = a, 0, 0
        else:
            s, uh, un = feat(a, d, hand[0], hand[1], "fewest_to_win", fail_spend=CFG["fail_spend"])
        nh = (hand[0] - uh, hand[1] - un, hand[2])
        dmg = (3 + 1 + (s - d) - 1) if s >= d else 0
        key = (dmg, nh, uh + un)
        out[key] = out.get(key, 0) + q
    return tuple(out.items())

@lru_cache(None)
def troll_attack(hand):
    """distribution over (duelist dead?, backlash damage to troll, new hand, cards)."""
    out = {}
    for t, d, q in opposed(3, 4):
        if CFG["policy"] == "never":
            s, uh, un = d, 0, 0
        else:
            s, uh, un = feat(d, t, hand[0], hand[1], "fewest_to_win", need_strict=True, fail_spend="none")
        nh = (hand[0] - uh, hand[1] - un, hand[2])
        if t >= s:
            key = (True, 0, nh, uh + un)   # troll F5 + crits >= 5 >= duelist H4: dead
        else:
            bd = 3 + CFG["bonus"] + ((s - t) if CFG["crits"] else 0) - 1
            key = (False, bd, nh, uh + un)
        out[key] = out.get(key, 0) + q
    return tuple(out.items())

ZERO = (F(0), F(0), F(0), F(0))

@lru_cache(None)
def V(turn, step, tw, hand, drawn, order):
    """step: 0 = start of turn (refill), 1..4 = the 4 actions of the turn in order."""
    if tw == 0: return (F(1), F(0), F(0), F(0))
    if turn > 3: return ZERO
    if step == 0:
        v = ZERO
        orders = [order] if CFG["order"] != "per_turn_random" else ["D", "T"]
        for o in orders:
            po = F(1, len(orders))
            for nh, nd, p in refill(hand, drawn):
                v = add(v, V(turn, 1, tw, nh, nd, o), po * p)
        return v
    if step == 5:
        return V(turn + 1, 0, tw, hand, drawn, order)
    who = order[0] if step <= 2 else ("T" if order == "D" else "D")
    v = ZERO
    if who == "D":
        for (dmg, nh, c), q in duelist_attack(hand):
            ntw = dmg_troll(tw, dmg)
            sub = V(turn, step + 1, ntw, nh, drawn, order)
            v = add(v, (sub[0], sub[1], sub[2] + c, sub[3] + (tw - ntw)), q)
    else:
        for (dead, bd, nh, c), q in troll_attack(hand):
            if dead:
                v = add(v, (F(0), F(1), F(c), F(0)), q)
            else:
                ntw = dmg_troll(tw, bd)
                sub = V(turn, step + 1, ntw, nh, drawn, order)
                v = add(v, (sub[0], sub[1], sub[2] + c, sub[3] + (tw - ntw)), q)
    return v

def run(**kw):
    CFG.clear(); CFG.update(dict(refill="seed", policy="fewest_to_win", fail_spend="none", crits=True, bonus=1, order="D"))
    CFG.update(kw)
    V.cache_clear(); duelist_attack.cache_clear(); troll_attack.cache_clear()
    if CFG["order"] == "mix":
        a = run_one("D"); b = run_one("T")
        return tuple((x + y) / 2 for x, y in zip(a, b))
    return run_one(CFG["order"] if CFG["order"] in ("D", "T") else "D")

def run_one(o):
    V.cache_clear()
    return V(1, 0, 6, (0, 0, 0), (0, 0, 0), o)

def fmt(v):
    pt, pd, ec, ew = v
    return f"P(troll removed)={pt} ({d4(pt)}); P(duelist removed)={pd} ({d4(pd)}); P(both stand)={d4(1-pt-pd)}; E[cards]={d4(ec)}; E[troll wounds lost]={d4(ew)}"

if __name__ == "__main__":
    for refill_rule in ["seed", "topup"]:
        for order in ["D", "T", "mix", "per_turn_random"]:
            kw = dict(refill=refill_rule, order=order)
            if order in ("D", "T", "mix"):
                v = run(**kw)
            else:
                v = run(**kw)
            print(refill_rule, order, fmt(v))
    print("variants (seed refill, mix order):")
    print("never", fmt(run(policy="never", order="mix")))
    print("fail_spend=all", fmt(run(fail_spend="all", order="mix")))
    print("crits=false", fmt(run(crits=False, order="mix")))
    print("no melee_bonus on backlash", fmt(run(bonus=0, order="mix")))
