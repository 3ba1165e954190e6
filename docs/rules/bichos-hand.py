#!/usr/bin/env python3
"""Hand derivations for docs/rules/bichos.md and tests/it/rules_bichos.rs, from the seed text alone
(seed 002_e68e08406a924637.txt). Exact fractions; written without the crate's exact engine.

Run: python3 docs/rules/bichos-hand.py
"""
from fractions import Fraction as F
from itertools import product
from collections import defaultdict


def sums(n):
    d = defaultdict(int)
    for t in product(range(1, 7), repeat=n):
        d[sum(t)] += 1
    return {k: F(v, 6 ** n) for k, v in d.items()}


D2 = sums(2)


def p_le(x):
    """P(2D6 <= x): a reaction test passes (seed 509: "menor o igual ... ha pasado")."""
    return sum((p for r, p in D2.items() if r <= x), F(0))


def fire(roll, hda, idx=1, long=False, smoved=False, tmoved=False, cover=False):
    """TABLA DE DISPARO, seed 568-580."""
    return {
        2: "C", 3: "M" if long else "L", 4: "M", 5: "M" if smoved and idx >= 2 else "C",
        6: "M" if hda <= 5 else "L", 7: "M", 8: "M" if cover or idx >= 3 else "C",
        9: "M" if tmoved or long else "L", 10: "M", 11: "C" if hda >= 9 else "L",
        12: "M" if long else "C",
    }[roll]


def one_attack(hda, ndice, pot, res, fdv, bld, start_res=None, shooting=True, cover=False,
               tests="both", low="extend", reactions=True, order="herido_first", with_res=False, **sit):
    """Distribution of (outcome) after one attack and the reaction tests it forces.
    Outcome = (dead, fled, ducks, knocked_down, fdv_after), and RES after it when `with_res`.
    Order per seed 482, 497, 501, 505. `order`: "herido_first" (seed 339 "de inmediato": Herido,
    then Bajo fuego) or "bajo_fuego_first" (Bajo fuego, seed 319, then Herido if it has not fled)."""
    start_res = start_res or res
    out = defaultdict(F)
    dmg = sums(ndice)

    def check(r, f):
        # seed 505: RES reaches 0 -> flees at once, FDV 0
        return (r, 0) if r <= 0 else (r, f)

    def after_damage(r, f, wounded, kd, dead, p):
        if r <= -start_res:
            dead = True
        fled = r <= 0
        if dead or fled or not reactions:
            out[(dead, fled, False, kd, f) + ((r,) if with_res else ())] += p
            return
        mod = 1 if cover else 0  # "A cubierto +1", seed 303
        # outcome list of (prob, fled, ducks, fdv)
        states = [(F(1), False, False, f)]

        def herido(states):  # Herido, seed 339-345: 2nd FDV -1 (and ducks under fire); failed: flees
            new = []
            for q, fl, du, ff in states:
                if fl:
                    new.append((q, fl, du, ff))
                    continue
                p1 = p_le(ff + mod)
                p2 = (1 - p1) * p_le(ff + mod)
                p3 = (1 - p1) ** 2
                new += [(q * p1, False, du, ff), (q * p2, False, du or shooting, max(ff - 1, 0)),
                        (q * p3, True, False, 0)]
            return new

        def bajo_fuego(states):  # Bajo fuego, seed 319-325: 2nd ducks; failed: flees
            new = []
            for q, fl, du, ff in states:
                if fl:
                    new.append((q, fl, du, ff))
                    continue
                p1 = p_le(ff + mod)
                p2 = (1 - p1) * p_le(ff + mod)
                p3 = (1 - p1) ** 2
                new += [(q * p1, False, du, ff), (q * p2, False, True, ff), (q * p3, True, False, 0)]
            return new

        bf = shooting and (tests == "both" or not wounded)
        if order == "bajo_fuego_first" and bf:
            states = bajo_fuego(states)
            bf = False
        if wounded:
            states = herido(states)
        if bf:
            states = bajo_fuego(states)
        for q, fl, du, ff in states:
            key = (False, fl, du and not fl, kd, ff)
            out[key + ((r,) if with_res else ())] += p * q

    for roll, pr in D2.items():
        f = fire(roll, hda, cover=cover, **sit)
        if f == "M":
            after_damage(res, fdv, False, False, False, pr)
            continue
        for s, ps in dmg.items():
            lost = max(0, hda + s - bld)
            r, ff = check(res - lost, fdv)
            if f == "L":
                after_damage(r, ff, True, False, False, pr * ps)
                continue
            for iroll, pi in D2.items():
                v = iroll + pot - 4  # TABLA DE IMPACTOS, seed 582-594
                if v <= 10:
                    r2, f2 = check(r - v, ff)
                    after_damage(r2, f2, True, False, False, pr * ps * pi)
                    continue
                r2, f2 = check(r - 10, ff)  # "H": -10, knocked down, then the wound table
                for wroll, pw in D2.items():
                    col = max(f2, 2) if low == "clamp" else f2
                    if wroll + col <= 13:  # TABLA DE HERIDAS "M", seed 596-608
                        out[(True, r2 <= 0, False, True, f2) + ((r2,) if with_res else ())] += pr * ps * pi * pw
                    else:
                        after_damage(r2, max(f2 - 1, 0), True, True, False, pr * ps * pi * pw)
    return out


def prob(d, pred):
    return sum((p for k, p in d.items() if pred(k)), F(0))


def pursuit(mov, fdv, units="cm", fractional=False, reaction=False):
    """Summary D8, seed 82: MOV + 1/2D6 (2/5/7 cm or 1/2/3"), then FDV tests; a failure pursues at
    half MOV, halving until the first MOV <= 2 cm [1"] (that turn is still pursued)."""
    floor = 2 if units == "cm" else 1
    bonus = [2, 5, 7] if units == "cm" else [1, 2, 3]
    p = p_le(fdv)
    if reaction:  # pursuit_test = reaction: passing at the 1st or the 2nd roll stops it
        p = 1 - (1 - p) ** 2
    q = 1 - p
    halves = []
    m = F(mov)
    while m > floor:
        m = m / 2 if fractional else F(int(m) // 2)
        halves.append(m)
    turns = {1: p if halves else F(1)}
    for k in range(1, len(halves) + 1):
        turns[k + 1] = q ** k * (p if k < len(halves) else 1)
    mean_first = sum(F(mov + b, 3) for b in bonus)
    mean_rest = sum(q ** (k + 1) * h for k, h in enumerate(halves))
    return halves, turns, mean_first, mean_first + mean_rest


def summarise(name, d):
    dead = sum(p for k, p in d.items() if k[0])
    fled = sum(p for k, p in d.items() if k[1] and not k[0])
    ducks = sum(p for k, p in d.items() if k[2])
    kd = sum(p for k, p in d.items() if k[3])
    print(f"{name}: P(dead) {dead} = {float(dead):.6f}; P(flees, alive) {fled} = {float(fled):.6f}; "
          f"P(ducks) {float(ducks):.6f}; P(knocked down) {float(kd):.6f}")
    return dead, fled, ducks


if __name__ == "__main__":
    print("== Item 11: soldier rifle (HDA 10, 3D6, POT 11), target RES 20, FDV 12, BLD 0, damage only")
    summarise("extend", one_attack(10, 3, 11, 20, 12, 0, reactions=False))
    summarise("clamp", one_attack(10, 3, 11, 20, 12, 0, reactions=False, low="clamp"))
    print("   expect extend 13/36 * 33/36 =", F(13, 36) * F(33, 36), float(F(13, 36) * F(33, 36)))
    print("== Item 12: soldier rifle at a small bug (RES 49, FDV 7, BLD 8), one shot")
    summarise("no reactions (old)", one_attack(10, 3, 11, 49, 7, 8, reactions=False))
    summarise("both", one_attack(10, 3, 11, 49, 7, 8))
    summarise("herido_only", one_attack(10, 3, 11, 49, 7, 8, tests="herido_only"))
    summarise("melee-style (no Bajo fuego)", one_attack(10, 3, 11, 49, 7, 8, shooting=False))
    print("== Item 13: Cargando at FDV 9: P(pass 1st) =", p_le(9), float(p_le(9)))
    for f in (7, 10):
        print(f"   FDV {f}: {p_le(f)} = {float(p_le(f)):.6f}")

    print("== Item 12, duel of one turn: Soldado (FDV 9, rifle) shoots first, then the small bug claws")
    bug = one_attack(10, 3, 11, 49, 7, 8)
    bug_out = prob(bug, lambda k: k[0] or k[1])
    bug_acts = prob(bug, lambda k: not (k[0] or k[1] or k[2] or k[3]))
    sol = one_attack(5, 2, 7, 81, 9, 8, shooting=False)
    sol_out = prob(sol, lambda k: k[0] or k[1])
    print(f"   P(bug out) = {bug_out} = {float(bug_out):.6f}; P(bug attacks back) = {bug_acts} = {float(bug_acts):.6f}")
    print(f"   P(soldier out | claws) = {sol_out} = {float(sol_out):.6f}")
    print(f"   P(A wins) = {float(bug_out):.6f}; P(B wins) = {bug_acts * sol_out} = {float(bug_acts * sol_out):.6f}")
    old_out = prob(one_attack(10, 3, 11, 49, 7, 8, reactions=False), lambda k: k[0] or k[1])
    print(f"   (damage only, no reaction tests: P(bug out) = {float(old_out):.6f})")

    print("== ranged_in_contact = melee: the Soldado's rifle at its own POT 9, no Bajo fuego, one turn")
    bug_m = one_attack(10, 3, 9, 49, 7, 8, shooting=False)
    out_m = prob(bug_m, lambda k: k[0] or k[1])
    acts_m = prob(bug_m, lambda k: not (k[0] or k[1] or k[2] or k[3]))
    print(f"   P(A wins) = {out_m} = {float(out_m):.6f}; P(B wins) = {acts_m * sol_out} = {float(acts_m * sol_out):.6f}")

    print("== Big bug claws (HDA 12, 3D6, own POT 12) on a Soldado (RES 81, FDV 9, BLD 8), melee")
    sol_big = one_attack(12, 3, 12, 81, 9, 8, shooting=False)
    summarise("melee", sol_big)
    fl = prob(sol_big, lambda k: k[1])
    print(f"   P(flees: RES <= 0 or a failed Herido) {fl} = {float(fl):.6f}")

    print("== Shots used by tests/it/rules_bichos.rs")
    for name, args, kw in [
        ("pistol (HDA 10) at small bug, long range", (10, 1, 5, 49, 7, 8), dict(long=True)),
        ("pistol (HDA 5) at small bug, 3rd target, cover, shooter moved", (5, 1, 5, 49, 7, 8),
         dict(idx=3, cover=True, smoved=True)),
        ("rifle (HDA 10) at small bug", (10, 3, 11, 49, 7, 8), {}),
        ("rifle (HDA 10) at small bug, herido_only", (10, 3, 11, 49, 7, 8), dict(tests="herido_only")),
    ]:
        d = one_attack(*args, **kw)
        fl = prob(d, lambda k: k[1])
        de = prob(d, lambda k: k[0])
        print(f"   {name}: P(flees: RES <= 0) {fl} = {float(fl):.6f}; P(dead) {de} = {float(de):.6f}")

    print("== Item 14: hole distance, inches variant (1D6 x 1D6), doubles per hole_doubles")
    for rule in ("sum", "multiply", "one_die"):
        dist = defaultdict(F)
        for a, b in product(range(1, 7), repeat=2):
            v = a * b if a != b else {"sum": a + b, "multiply": a * b, "one_die": a}[rule]
            dist[v] += F(1, 36)
        mean = sum(k * p for k, p in dist.items())
        print(f"   {rule}: mean {mean} = {float(mean):.6f}; P(12\") = {dist[12]}; P(6\") = {dist[6]}")
    print("   cm: 3D6 x 5: mean", sum(k * 5 * p for k, p in sums(3).items()))
    n10 = p_le(10)
    print(f"   encounter.toml (number 10): P(hole) {n10}; P(front) {n10 / 4} = {float(n10 / 4):.6f}; "
          f"P(opens this turn) {n10 * F(2, 3)}; given a hole: tremor turns mean 1/2, bugs 4 + 7/2, "
          f"big 15/2 * 1/4 = {F(15, 2) * F(1, 4)}")

    print("== Issue #23: shot_test_order, the rifle at a small bug (Herido first / Bajo fuego first)")
    for order in ("herido_first", "bajo_fuego_first"):
        d = one_attack(10, 3, 11, 49, 7, 8, order=order)
        fl = prob(d, lambda k: k[1])
        print(f"   {order}: P(flees) {fl} = {float(fl):.6f}; P(dead) {prob(d, lambda k: k[0])}")

    print("== Issue #23: fled (alive) and dead apart; rifle at RES 20, FDV 12, BLD 0, with reactions")
    d = one_attack(10, 3, 11, 20, 12, 0)
    for name, pred in [("flees (RES <= 0 or a failed test)", lambda k: k[1]), ("dead", lambda k: k[0]),
                       ("fled, alive", lambda k: k[1] and not k[0])]:
        x = prob(d, pred)
        print(f"   {name}: {x} = {float(x):.6f}")
    for cap in (1, 2):
        states = {(20, 12): F(1)}
        out_fled = out_dead = F(0)
        for _ in range(cap):
            new = defaultdict(F)
            for (r, f), p in states.items():
                for (dead, fled, _du, _kd, f2, r2), q in one_attack(10, 3, 11, r, f, 0, start_res=20,
                                                                     with_res=True).items():
                    if dead:
                        out_dead += p * q
                    elif fled:
                        out_fled += p * q
                    else:
                        new[(r2, f2)] += p * q
            states = new
        print(f"   sequence, cap {cap}: first out fled (alive) {out_fled} = {float(out_fled):.6f}; "
              f"first out dead {out_dead} = {float(out_dead):.6f}; together {out_fled + out_dead}")

    print("== Issue #23: ko_and_duck_activations, two turns: A (FDV 15, RES 500, BLD 20, rifle) shoots a")
    print("   bug (HDA 5, POT 2, FDV 7, RES 500, BLD 8, claws) first each turn; the bug cannot hurt A")
    for mode in ("one", "two"):
        e = p2 = both = F(0)
        for (dead, fled, du, kd, f1), p1 in one_attack(10, 3, 11, 500, 7, 8).items():
            if dead or fled:
                continue
            lost1 = 1 if (du or kd) else 0
            if du and kd:
                both += p1
            for (d2, fl2, du2, kd2, _f2), q in one_attack(10, 3, 11, 500, f1, 8).items():
                lost2 = 0 if (d2 or fl2) else int(du2 or kd2 or (mode == "two" and du and kd))
                e += p1 * q * (lost1 + lost2)
                if lost1 + lost2 == 2:
                    p2 += p1 * q
        print(f"   {mode}: P(knocked down and ducks, shot 1) {both}; P(bug loses both activations) {p2} = "
              f"{float(p2):.6f}; E[lost] = {float(e):.6f}")

    print("== Pursuit (round_down): halvings, P(turns), mean first turn, mean total")
    for mov, fdv, u in [(30, 7, "cm"), (20, 9, "cm"), (15, 10, "cm"), (12, 7, "in")]:
        h, t, mf, mt = pursuit(mov, fdv, u)
        print(f"   MOV {mov}{u} FDV {fdv}: halves {[str(x) for x in h]}; turns {dict((k, str(v)) for k, v in t.items())}; "
              f"mean first {mf} ; mean total {mt} = {float(mt):.6f}")
    h, t, mf, mt = pursuit(30, 7, "cm", reaction=True)
    print(f"   pursuit_test = reaction, MOV 30 cm FDV 7: P(1 turn) {t[1]}; mean total {mt} = {float(mt):.6f}")
    h, t, mf, mt = pursuit(20, 9, "cm", fractional=True)
    print(f"   fractional MOV 20 cm FDV 9: halves {[str(x) for x in h]}; mean total (unrounded) {float(mt):.6f}")
