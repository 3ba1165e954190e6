"""Independent second reading, BMG 2019 (Spanish seed). Exact arithmetic."""
from fractions import Fraction as F
from itertools import product
from functools import lru_cache
import sys

FACES = range(1, 7)

def p_attack_die(target):          # attack die: face >= target; nat 1 fails, nat 6 succeeds
    return F(sum(1 for f in FACES if f != 1 and (f == 6 or f >= target)), 6)

def p_strength_die(S, bonus=0):    # Strength die: face+bonus >= S; nat 1 fails, nat 6 succeeds
    return F(sum(1 for f in FACES if f != 1 and (f == 6 or f + bonus >= S)), 6)

def p_block_die(att_attr, nat6=False):  # block die: face >= attacker's Attack attribute
    return F(sum(1 for f in FACES if f >= att_attr or (nat6 and f == 6)), 6)

def binom(n, p):
    d = {0: F(1)}
    for _ in range(n):
        nd = {}
        for k, q in d.items():
            nd[k + 1] = nd.get(k + 1, 0) + q * p
            nd[k] = nd.get(k, 0) + q * (1 - p)
        d = nd
    return d

def hits_dist(n_att, p_att, p_str, n_block, p_blk):
    """hits = max(0, impacts - blocks) + strength impact"""
    I = binom(n_att, p_att); B = binom(max(0, n_block), p_blk); out = {}
    for i, pi in I.items():
        for b, pb in B.items():
            for s, ps in ((1, p_str), (0, 1 - p_str)):
                h = max(0, i - b) + s
                out[h] = out.get(h, 0) + pi * pb * ps
    return out

BAT = dict(A=5, D=4, W=8, E=7)
THUG = dict(A=3, S=4, weapon='bat')
VET = dict(A=4, S=4, weapon='knife')

def attack_dist(att, others_in_contact, effort_att=0, nat6_block=False,
                block_dice_reduced=True, block_attr_with_effort=False):
    D = max(1, BAT['D'] - others_in_contact)            # numerical inferiority, min 1
    nblock = D if block_dice_reduced else BAT['D']
    bonus = 1 if att['weapon'] == 'bat' else 0           # Heavy: +1 to Strength roll
    blk_thr = att['A'] + (effort_att if block_attr_with_effort else 0)
    return hits_dist(att['A'] + effort_att, p_attack_die(D), p_strength_die(att['S'], bonus),
                     nblock, p_block_die(blk_thr, nat6_block))

def markers(att, h):   # (stars, wounds) per hit on a non-K.O. target
    return (2 * h, 0) if att['weapon'] == 'bat' else (0, h)

def sequence(attackers, **kw):
    """attackers in order, k-th attacker finds k other enemies already in contact.
    Returns list of cumulative P(out of action) after each attack."""
    state = {(0, 0): F(1)}   # (stars, wounds) of non-out Batman
    out = F(0); cum = []
    for k, att in enumerate(attackers):
        hd = attack_dist(att, k, **kw); ns = {}
        for (st, wd), p in state.items():
            for h, ph in hd.items():
                ds, dw = markers(att, h); s2, w2 = st + ds, wd + dw
                if s2 >= BAT['W'] or w2 >= BAT['E']:
                    out += p * ph
                else:
                    ns[(s2, w2)] = ns.get((s2, w2), 0) + p * ph
        state = ns; cum.append(out)
    return cum, state

def fmt(x): return f"{x} = {float(x):.6f}"

# ---- brute-force cross-check of the one-attack model (all faces enumerated) ----
def brute(n_att, d_thr, S, bonus, n_blk, a_thr):
    cnt = {}
    for faces in product(FACES, repeat=n_att + 1 + n_blk):
        a = faces[:n_att]; s = faces[n_att]; b = faces[n_att + 1:]
        I = sum(1 for f in a if f != 1 and (f == 6 or f >= d_thr))
        st = 1 if (s != 1 and (s == 6 or s + bonus >= S)) else 0
        B = sum(1 for f in b if f >= a_thr)
        h = max(0, I - B) + st
        cnt[h] = cnt.get(h, 0) + 1
    tot = 6 ** (n_att + 1 + n_blk)
    return {k: F(v, tot) for k, v in cnt.items()}

if __name__ == '__main__':
    print("die probs: att vs D4", p_attack_die(4), "vs D3", p_attack_die(3), "vs D2", p_attack_die(2),
          "vs D1", p_attack_die(1), "| Str 4+ heavy", p_strength_die(4, 1), "plain", p_strength_die(4),
          "| block vs A3", p_block_die(3), "vs A4", p_block_die(4))
    # Q1
    d1 = attack_dist(VET, 0)
    print("\nQ1 Veteran+knife vs fresh Batman, no effort: hits distribution")
    for k in sorted(d1): print("  P(hits=%d) =" % k, fmt(d1[k]))
    print("  sum =", sum(d1.values()), " E[hits] =", fmt(sum(k * v for k, v in d1.items())))
    print("  P(casualty) =", fmt(sum(v for k, v in d1.items() if k >= 7)))
    if '--brute' in sys.argv:
        print("  brute-force check Q1:", brute(4, 4, 4, 0, 4, 4) == d1)
        print("  brute-force check Thug@D4:", brute(3, 4, 4, 1, 4, 3) == attack_dist(THUG, 0))
        print("  brute-force check Thug@D3:", brute(3, 3, 4, 1, 3, 3) == attack_dist(THUG, 1))
    # Q2
    d2 = attack_dist(VET, 0, effort_att=3)
    print("\nQ2 Veteran+knife, +3 effort (7 attack dice), block needs >=4 (printed Attack 4)")
    for k in sorted(d2): print("  P(hits=%d) =" % k, fmt(d2[k]))
    print("  P(casualty: hits>=7) =", fmt(sum(v for k, v in d2.items() if k >= 7)))
    d2b = attack_dist(VET, 0, effort_att=3, block_attr_with_effort=True)
    print("  ALT (effort raises Attack attribute to 7 -> no block possible): P(casualty) =",
          fmt(sum(v for k, v in d2b.items() if k >= 7)))
    d2c = attack_dist(VET, 0, effort_att=3, block_attr_with_effort=True, nat6_block=True)
    print("  ALT2 (attr 7 but natural 6 always blocks): P(casualty) =",
          fmt(sum(v for k, v in d2c.items() if k >= 7)))
    # Q3
    c, _ = sequence([THUG, THUG])
    print("\nQ3 Thug+bat, Thug+bat:")
    print("  P(KO after attack 1) =", fmt(c[0]))
    print("  P(out of action after attack 2) =", fmt(c[1]))
    d3b = attack_dist(THUG, 1)
    print("  second-attack hits dist (D3, 3 block dice):", {k: str(v) for k, v in sorted(d3b.items())})
    # Q4
    for name, order in (("T,T,T,V", [THUG, THUG, THUG, VET]), ("V,T,T,T", [VET, THUG, THUG, THUG])):
        c, _ = sequence(order)
        print(f"\nQ4 order {name}: cumulative P(out of action)")
        for i, x in enumerate(c, 1): print(f"  by attack {i}:", fmt(x))
    # Q5
    print("\nQ5 two rounds, Thug+bat alone each round; Recount removes one star from non-KO Batman")
    d = attack_dist(THUG, 0)
    ko = F(0); after = {}
    for h, p in d.items():
        s = 2 * h
        if s >= 8: ko += p
        else:
            s = max(0, s - 1)  # Recount: non-K.O. model removes one star
            after[s] = after.get(s, 0) + p
    print("  P(KO in round 1) =", fmt(ko))
    print("  Batman stars after Recount:", {k: str(v) for k, v in sorted(after.items())})
    for s, p in after.items():
        for h, ph in d.items():
            if s + 2 * h >= 8: ko += p * ph
    print("  P(KO at some point by end of round 2) =", fmt(ko))
    # no-recount comparison
    c, _ = sequence([THUG])
    ko2 = F(0)
    for h, p in d.items():
        for h2, ph in d.items():
            if 2 * h >= 8 or 2 * (h + h2) >= 8: ko2 += p * ph
    print("  (comparison: if Recount removed nothing) =", fmt(ko2))
    # sensitivity: inferiority lowers only the hit target, Batman keeps 4 block dice
    print("\nSENSITIVITY: numerical inferiority lowers Defense target but NOT the number of block dice")
    for name, order in (("T,T", [THUG, THUG]), ("T,T,T,V", [THUG, THUG, THUG, VET]), ("V,T,T,T", [VET, THUG, THUG, THUG])):
        c, _ = sequence(order, block_dice_reduced=False)
        print(f"  {name}:", [fmt(x) for x in c])
