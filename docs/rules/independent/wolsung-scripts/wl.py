"""Independent Wolsung calculator (exact fractions). Built from the seed text only."""
from fractions import Fraction as F
from math import comb
from functools import lru_cache
from itertools import product


@lru_cache(None)
def pool(n):
    """Distribution of successes (4,5,6 on a D6 = 1/2) for n dice; n<=0 -> 0 dice."""
    n = max(0, n)
    return tuple((k, F(comb(n, k), 2 ** n)) for k in range(n + 1))


def opposed(na, nd):
    """joint distribution of (a, d) successes."""
    for a, pa in pool(na):
        for d, pd in pool(nd):
            yield a, d, pa * pd


def p_ge(na, nd):
    return sum(p for a, d, p in opposed(na, nd) if a >= d)


def hand_dist(cats, hand=4):
    """cats: dict name -> count in a 52 deck (must sum to 52). Yields (dict counts, prob)."""
    names = list(cats)
    total = sum(cats.values())
    assert total == 52
    out = []
    def rec(i, left, cur):
        if i == len(names) - 1:
            if left <= cats[names[i]]:
                cur2 = cur + [left]
                p = F(1)
                num = 1
                for nm, c in zip(names, cur2):
                    num *= comb(cats[nm], c)
                out.append((dict(zip(names, cur2)), F(num, comb(total, hand))))
            return
        for c in range(0, min(left, cats[names[i]]) + 1):
            rec(i + 1, left - c, cur + [c])
    rec(0, hand, [])
    assert sum(p for _, p in out) == 1
    return out


def feat(s, t, hon, num, policy, need_strict=False, fail_spend="none"):
    """Heroic feat. s = own successes, t = opposing successes. Win = s >= t (attacker) or
    s > t (defender, need_strict). hon = cards worth 2, num = cards worth 1 of the eligible colour.
    Returns (new s, cards_used_hon, cards_used_num)."""
    target = t + 1 if need_strict else t
    if policy == "never":
        return s, 0, 0
    if policy == "all_in":
        return s + 2 * hon + num, hon, num
    if s >= target:
        return s, 0, 0
    k = target - s
    if policy == "fewest_to_win":
        # face cards (J,Q,K,A: 2) first, then number cards
        uh = min(hon, (k + 1) // 2)
        rem = k - 2 * uh
        if rem <= 0:
            return s + 2 * uh, uh, 0
        if num >= rem:
            return s + 2 * uh + rem, uh, rem
        # cannot win
        if fail_spend == "all":
            return s + 2 * hon + num, hon, num
        return s, 0, 0
    if policy == "number_cards_only":
        if num >= k:
            return s + k, 0, k
        if fail_spend == "all":
            return s + num, 0, num
        return s, 0, 0
    raise ValueError(policy)


def d4(x):
    return f"{float(x):.4f}"
