"""Independent exact calculator for BMG 2019 (bmg-3e), written from the seed text only.
All probabilities are exact Fractions (binomial enumeration over d6 faces)."""
from fractions import Fraction as F
from itertools import product, combinations
from math import comb

def p_attack_die(defense):
    # seed 1454-1464: natural 1 always fails, natural 6 always succeeds; else face >= Defense
    d = max(1, defense)
    return F(sum(1 for f in range(1, 7) if f == 6 or (f != 1 and f >= d)), 6)

def p_strength_die(s, bonus=0):
    # seed 1775-1782: impact if face (+Heavy bonus 1529) >= Strength; nat1 fail / nat6 success (part of attack roll)
    return F(sum(1 for f in range(1, 7) if f == 6 or (f != 1 and f + bonus >= s)), 6)

def p_block_die(attack_attr, nat6=False):
    # seed 1537-1548: block if face >= attacker's Attack attribute
    return F(sum(1 for f in range(1, 7) if f >= attack_attr or (nat6 and f == 6)), 6)

def binom(n, p):
    return {k: comb(n, k) * p**k * (1 - p)**(n - k) for k in range(n + 1)} if n > 0 else {0: F(1)}

def melee(A, n_dice, defense_eff, block_dice, S, bonus=0, target_ko=False, nat6=False):
    """joint distribution over (attack impacts I, blocks used B, strength impact s, strength nat6 c)"""
    pi = p_attack_die(defense_eff)
    pb = p_block_die(A, nat6)
    out = {}
    Idist = binom(n_dice, pi)
    Bdist = {0: F(1)} if target_ko else binom(max(0, block_dice), pb)
    # Strength die: faces
    sd = {}
    for f in range(1, 7):
        s = 1 if (f == 6 or (f != 1 and f + bonus >= S)) else 0
        c = 1 if f == 6 else 0
        sd[(s, c)] = sd.get((s, c), 0) + F(1, 6)
    for I, pI in Idist.items():
        for Bs, pB in Bdist.items():
            B = min(I, Bs)
            for (s, c), ps in sd.items():
                key = (I, B, s, c)
                out[key] = out.get(key, 0) + pI * pB * ps
    return out

def ranged(rof, S, defense, removed):
    """seed 1809-1818: ranged: the Strength die is removed first, then attack dice.
    seed 1791-1794: a default Strength-die-only attack that loses it rolls one attack die."""
    has_s = True
    n = rof
    r = removed
    if r > 0:
        has_s = False
        r -= 1
    n = max(0, n - r)
    if rof == 0 and not has_s:
        n = 1
    pi = p_attack_die(defense)
    ps = p_strength_die(S) if has_s else F(0)
    dist = {}
    for I, pI in binom(n, pi).items():
        for s, pS in ((1, ps), (0, 1 - ps)):
            if pS == 0:
                continue
            dist[I + s] = dist.get(I + s, 0) + pI * pS
    return n, has_s, dist

def own_check(m, X):
    # seed 770-778: roll Special dice, choose two, pass if sum <= X (choose the two lowest)
    if m == 1:
        return F(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= X), 36)
    tot = 0
    for r in product(range(1, 7), repeat=m):
        s = sorted(r)
        if s[0] + s[1] <= X:
            tot += 1
    return F(tot, 6**m)

def opposed_check(m, X):
    # seed 799-812: choose two, pass if sum > X (choose two highest)
    if m == 1:
        return F(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b > X), 36)
    tot = 0
    for r in product(range(1, 7), repeat=m):
        s = sorted(r)
        if s[-1] + s[-2] > X:
            tot += 1
    return F(tot, 6**m)

def E(dist, fn):
    return sum(p * fn(k) for k, p in dist.items())

def fmt(x):
    return f"{x} = {float(x):.4f}"
