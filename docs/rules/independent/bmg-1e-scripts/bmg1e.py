"""Independent exact calculator for BMG 2013 (bmg-1e) from the seed text only."""
from fractions import Fraction as F
from itertools import product
from math import comb

def p_face(target, mod=0):
    """P(one D6 succeeds vs target k+): natural 1 fails, natural 6 succeeds, die+mod >= target."""
    return F(sum(1 for f in range(1, 7) if f == 6 or (f != 1 and f + mod >= target)), 6)

def binom(n, p):
    return {k: comb(n, k) * p**k * (1 - p)**(n - k) for k in range(n + 1)}

def add(d, k, v):
    d[k] = d.get(k, 0) + v

def damage_roll(k, strength, per_success_stun=0, per_success_wound=0, scratch="none",
                ranged=False, strength_mod=0):
    """Enumerate k damage dice + collateral die. Returns list of (prob, dict(outcome))."""
    out = {}
    if k == 0:
        return {(0, 0, 0, False, False): F(1)}
    for dice in product(range(1, 7), repeat=k + 1):
        dmg, coll = dice[:k], dice[k]
        succ = sum(1 for f in dmg if f == 6 or (f != 1 and f + strength_mod >= strength))
        fail = k - succ
        crit = succ >= 1 and coll == 6
        kd = coll != 1 and coll in dmg
        stun = succ * per_success_stun + (1 if crit else 0)
        wound = succ * per_success_wound
        if ranged:
            if scratch == "per_failed_impact":
                stun += fail
            elif scratch == "per_impact":
                stun += k
            elif scratch == "per_attack":
                stun += 1 if succ == 0 else 0
        add(out, (succ, stun, wound, crit, kd), F(1, 6 ** (k + 1)))
    return out

def melee(n_strikes, defense_target, attacker_attack, strength, stun_per=1, wound_per=0,
          block_dice=0, block_mod=0, endurance=99, blocks_mode="all"):
    p_imp = p_face(defense_target)
    p_blk = p_face(attacker_attack, block_mod) if True else None
    # block: no natural-6 rule given; natural 1? a block die >= Attack. Use plain face+mod >= A,
    # with faces 1..6 (A<=6 means natural 6 always blocks anyway when A<=6).
    p_blk = F(sum(1 for f in range(1, 7) if f + block_mod >= attacker_attack), 6)
    res = []
    for i, pi in binom(n_strikes, p_imp).items():
        nb = block_dice if blocks_mode == "all" else min(block_dice, i)
        if i == 0:
            nb = 0
        for b, pb in binom(nb, p_blk).items():
            blocked = min(i, b)
            k = i - blocked
            for key, pd in damage_roll(k, strength, stun_per, wound_per).items():
                res.append((pi * pb * pd, i, blocked, k, key))
    return summarize(res, endurance)

def ranged(n_dice, defense_target, strength, stun_per=0, wound_per=0, obstacles=(), cover=False,
           dodge=0, agility=3, scratch="none", endurance=99, blink_mod=0):
    p_imp = p_face(defense_target)
    res = []
    for i, pi in binom(n_dice, p_imp).items():
        dist = {i: pi}
        for j, diff in enumerate(obstacles):
            bonus = blink_mod + (1 if cover and j == len(obstacles) - 1 else 0)
            pbl = F(sum(1 for f in range(1, 7) if f + bonus >= diff), 6)
            nd = {}
            for r, pr in dist.items():
                for s, ps in binom(r, pbl).items():
                    add(nd, r - s, pr * ps)
            dist = nd
        if dodge:
            pdg = F(sum(1 for f in range(1, 7) if f <= agility), 6)
            nd = {}
            for r, pr in dist.items():
                for s, ps in binom(dodge, pdg).items():
                    add(nd, max(0, r - s), pr * ps)
            dist = nd
        for k, pk in dist.items():
            for key, pd in damage_roll(k, strength, stun_per, wound_per, scratch, ranged=True).items():
                res.append((pk * pd, i, i - k, k, key))
    return summarize(res, endurance)

def summarize(res, endurance):
    tot = sum(r[0] for r in res)
    assert tot == 1, tot
    E = lambda f: sum(p * f(*rest) for p, *rest in res)
    P = lambda f: sum(p for p, *rest in res if f(*rest))
    out = {
        "impacts": E(lambda i, b, k, key: i),
        "blocked_or_blinked": E(lambda i, b, k, key: b),
        "hits(dmg dice)": E(lambda i, b, k, key: k),
        "damage_successes": E(lambda i, b, k, key: key[0]),
        "stun_inflicted": E(lambda i, b, k, key: key[1]),
        "wounds_inflicted": E(lambda i, b, k, key: key[2]),
        "markers_inflicted": E(lambda i, b, k, key: key[1] + key[2]),
        "markers_placed(cap E)": E(lambda i, b, k, key: min(endurance, key[1] + key[2])),
        "P(any_impact)": P(lambda i, b, k, key: i > 0),
        "P(any hit)": P(lambda i, b, k, key: k > 0),
        "P(any_damage success)": P(lambda i, b, k, key: key[0] > 0),
        "P(>=1 stun)": P(lambda i, b, k, key: key[1] > 0),
        "P(knocked_down)": P(lambda i, b, k, key: key[4]),
        "P(critical)": P(lambda i, b, k, key: key[3]),
        "P(ko)": P(lambda i, b, k, key: key[1] + key[2] >= endurance),
        "P(casualty)": P(lambda i, b, k, key: key[2] >= endurance),
    }
    out["_raw"] = res
    return out

def show(title, d):
    print("##", title)
    for k, v in d.items():
        if k.startswith("_"):
            continue
        print(f"  {k:24s} {str(v):>22s}  {float(v):.4f}")
