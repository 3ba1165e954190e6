#!/usr/bin/env python3
"""Independent exact calculator: Wolsung SSG "many against one" (gang) questions.

Written from the Spanish rulebook seed 003_2cc4dbf5a71ebe07.txt and the digest
shared/rules/wolsung.md only (no analyser code, tests or output consulted).
Exact arithmetic with fractions.Fraction; success counts of n D6 are
Binomial(n, 1/2) (success = 4, 5, 6; seed line 86).  Optimal reactions and
card spending by exact backward induction (expectimin).

Rule references (seed line numbers):
  86         success = 4/5/6
  223-224    effects/damage applied after the action resolves (291 likewise)
  502-509    shot reaction: stand / dive for cover (becomes knocked down)
  511-534    shot dice: D + range band (+ weapon rules, elevation) vs R (+ elevation, cover);
             hit if shooter successes >= target successes
  488-490    pistol F4, 0-8" +1
  571-578    knocked down: +2 R vs ranged, C becomes 1, only On Guard; lasts until it activates
  602-615    damage = F + critical hits - armour; critical = each shooter success above target's
  617-636    shooting at a target in base contact with a friend of the shooter
  675-688    melee reaction on guard / parry (+2C); both roll C; hit if att >= def;
             else, only if On Guard, the damage is applied to the attacker
  692-706    melee damage = striker's F (weapon) + crits - armour (as shooting)
  738-746    friendly models in the same melee with bases not smaller than the target
             add their C to the active model
  192-194    removed at 0 wounds
  968-986    heroic feat: discard cards after the roll, +1 success each (J/Q/K/A +2);
             black cards only for melee (and auras/enhancements), red for shooting/magic
"""
from fractions import Fraction as Fr
from functools import lru_cache
from itertools import product, combinations
from math import comb

HALF = Fr(1, 2)


def binom(n):
    """Distribution of successes of n D6 (n <= 0 -> 0 successes)."""
    n = max(0, n)
    return {k: Fr(comb(n, k), 2 ** n) for k in range(n + 1)}


# ---------------------------------------------------------------- profiles
DUELIST = dict(C=4, F=3, D=1, R=3, H=4, arm=0)
THUG = dict(C=3, F=3, D=2, R=2, H=3, arm=1)
PISTOL_F = 4
PISTOL_BAND = +1  # 0-8" (shot at 6"), seed 489-490; not moved, so 'Rapido' unused


# ---------------------------------------------------------------- engine
class Seq:
    """A sequence of attacks against the Duelist.

    attacks: list of 'M' (a Dwarf thug charges into contact and makes one melee attack;
             it stays in contact afterwards) or 'S' (a Dwarf thug shoots the pistol at 6").
    backlash: None  -> damage dealt back on On Guard ignored (the brief's model)
              'crit' -> tracked, backlash = F + (def-att) - armour  (sensitivity only)
              'flat' -> tracked, backlash = F - armour               (sensitivity only)
    melee_shot: 'same_roll' or 'reroll' (defence roll when shooting into melee)
    """

    def __init__(self, attacks, backlash=None, melee_shot='same_roll', thug_shot_R=None):
        self.thug_shot_R = THUG['R'] if thug_shot_R is None else thug_shot_R
        self.att = attacks
        self.backlash = backlash
        self.melee_shot = melee_shot
        self.n = len(attacks)
        self._V = {}

    # --- outcome generator for attack i in a given state and reaction
    # yields (prob, X, Y, extra) where X = attacker successes, Y = Duelist successes
    # (before cards), extra = 'miss_other' when the shot went to the friendly model.
    def outcomes(self, i, alive, kd, reaction):
        kind = self.att[i]
        if kind == 'M':
            support = sum(THUG['C'] for j in range(i) if self.att[j] == 'M' and alive[j])
            nA = THUG['C'] + support                         # 738-746
            if kd:
                nD = 1                                       # 571-574
            else:
                nD = DUELIST['C'] + (2 if reaction == 'parry' else 0)  # 677
            for x, px in binom(nA).items():
                for y, py in binom(nD).items():
                    yield px * py, x, y, None
        else:
            nS = THUG['D'] + PISTOL_BAND                      # 513-519
            nR = DUELIST['R'] + (2 if (kd or reaction == 'dive') else 0)  # 571-572
            in_contact = [j for j in range(i) if self.att[j] == 'M' and alive[j]]
            if not in_contact:
                for x, px in binom(nS).items():
                    for y, py in binom(nR).items():
                        yield px * py, x, y, None
                return
            # shooting into melee, 617-631: every model in contact with the target rolls R
            # (thugs R2, same base size -> no +1R, 633-636); lowest becomes the target,
            # tie -> shooter chooses (the Duelist).  Joint min of the thugs' rolls:
            # exact distribution of the lowest thug roll:
            mindist = {}
            for rolls in product(*[list(binom(self.thug_shot_R).items()) for _ in in_contact]):
                p = Fr(1)
                for _, q in rolls:
                    p *= q
                m = min(r for r, _ in rolls)
                mindist[m] = mindist.get(m, 0) + p
            for yd, pyd in binom(nR).items():
                p_target = sum(pm for m, pm in mindist.items() if yd <= m)
                p_other = 1 - p_target
                if p_other:
                    yield pyd * p_other, 0, 0, 'miss_other'
                if self.melee_shot == 'same_roll':
                    for x, px in binom(nS).items():
                        yield pyd * p_target * px, x, yd, None
                else:  # reroll: selection roll only selects; target rolls R again
                    for x, px in binom(nS).items():
                        for y2, py2 in binom(nR).items():
                            yield pyd * p_target * px * py2, x, y2, None

    def reactions(self, i, kd):
        if self.att[i] == 'M':
            return ['guard'] if kd else ['guard', 'parry']   # 573-574, 675-677
        # a model already knocked down: diving changes nothing; keep one option
        return ['stand'] if kd else ['stand', 'dive']         # 502-509

    def spends(self, i, a, b):
        """Card spends after the dice: black cards for melee only (971-972)."""
        if self.att[i] != 'M':
            return [(0, 0)]
        return [(sa, sb) for sa in range(a + 1) for sb in range(b + 1)]

    def resolve(self, i, w, alive, kd, reaction, x, y, extra, sa, sb):
        """Return (out:bool, next_state) after attack i."""
        new_alive = list(alive)
        new_kd = kd or (reaction == 'dive')                   # 507-509, 575-576
        if extra == 'miss_other':
            # the shot went to the friendly thug: attackers' wounds not tracked
            return False, (w, tuple(new_alive), new_kd)
        y2 = y + 2 * sa + sb                                  # 978-979
        if self.att[i] == 'M':
            F = THUG['F']
        else:
            F = PISTOL_F
        if x >= y2:                                           # 530-533, 685-687
            dmg = max(0, F + (x - y2) - DUELIST['arm'])       # 602-615, 692-706
            w2 = w - dmg
            if w2 <= 0:                                       # 192-194
                return True, None
            return False, (w2, tuple(new_alive), new_kd)
        # miss
        if self.att[i] == 'M' and reaction == 'guard' and self.backlash:
            crits = (y2 - x) if self.backlash == 'crit' else 0
            bdmg = max(0, DUELIST['F'] + crits - THUG['arm'])
            if bdmg >= THUG['H']:          # each thug attacks once, starts unhurt
                new_alive[i] = False
        return False, (w, tuple(new_alive), new_kd)

    # --- optimal value: min P(out by end of sequence)
    def V(self, i, w, alive, kd, a, b):
        key = (i, w, alive, kd, a, b)
        if key in self._V:
            return self._V[key]
        if i == self.n:
            return Fr(0)
        best = None
        for r in self.reactions(i, kd):
            q = self.Q(i, w, alive, kd, a, b, r)
            if best is None or q < best:
                best = q
        self._V[key] = best
        return best

    def post(self, i, w, alive, kd, a, b, r, x, y, extra):
        """Values of each spend choice after seeing the dice: list of (value, spend, out, nxt)."""
        res = []
        for sa, sb in self.spends(i, a, b):
            if extra == 'miss_other' and (sa or sb):
                continue
            out, nxt = self.resolve(i, w, alive, kd, r, x, y, extra, sa, sb)
            if out:
                v = Fr(1)
            else:
                w2, al2, kd2 = nxt
                v = self.V(i + 1, w2, al2, kd2, a - sa, b - sb)
            res.append((v, (sa, sb), out, nxt))
        return res

    def Q(self, i, w, alive, kd, a, b, r):
        tot = Fr(0)
        for p, x, y, extra in self.outcomes(i, alive, kd, r):
            tot += p * min(v for v, *_ in self.post(i, w, alive, kd, a, b, r, x, y, extra))
        return tot

    # --- P(out by end of attack k) under optimal policies: (min, max) over all optimal policies
    def G(self, i, w, alive, kd, a, b, k, mode, memo):
        key = (i, w, alive, kd, a, b, k, mode)
        if key in memo:
            return memo[key]
        if i >= k:
            return Fr(0)
        pick = min if mode == 'min' else max
        vstar = self.V(i, w, alive, kd, a, b)
        vals = []
        for r in self.reactions(i, kd):
            if self.Q(i, w, alive, kd, a, b, r) != vstar:
                continue
            tot = Fr(0)
            for p, x, y, extra in self.outcomes(i, alive, kd, r):
                opts = self.post(i, w, alive, kd, a, b, r, x, y, extra)
                m = min(v for v, *_ in opts)
                cand = []
                for v, (sa, sb), out, nxt in opts:
                    if v != m:
                        continue
                    if out:
                        cand.append(Fr(1))
                    else:
                        w2, al2, kd2 = nxt
                        cand.append(self.G(i + 1, w2, al2, kd2, a - sa, b - sb, k, mode, memo))
                tot += p * pick(cand)
            vals.append(tot)
        res = pick(vals)
        memo[key] = res
        return res

    def optimal_reactions(self, i, w, alive, kd, a, b):
        vstar = self.V(i, w, alive, kd, a, b)
        return {r: self.Q(i, w, alive, kd, a, b, r) for r in self.reactions(i, kd)}, vstar

    def run(self, a=0, b=0):
        alive = tuple(True for _ in self.att)
        final = self.V(0, DUELIST['H'], alive, False, a, b)
        steps = []
        for k in range(1, self.n + 1):
            lo = self.G(0, DUELIST['H'], alive, False, a, b, k, 'min', {})
            hi = self.G(0, DUELIST['H'], alive, False, a, b, k, 'max', {})
            steps.append((lo, hi))
        assert steps[-1][0] == steps[-1][1] == final
        return final, steps


def fmt(f):
    return f"{f.numerator}/{f.denominator} = {float(f):.6f}"


def fmt_step(lohi):
    lo, hi = lohi
    if lo == hi:
        return fmt(lo)
    return f"[{fmt(lo)} .. {fmt(hi)}] (depends on tie-break among optimal policies)"


# ---------------------------------------------------------------- hands (Q4)
def hand_classes(ncards=3):
    """Exact distribution of (black J/Q/K/A, black 2-10) in a hand dealt from 52 cards.
    Checked against full enumeration of all C(52, n) hands."""
    deck = [(suit, rank) for suit in 'SHDC' for rank in range(2, 15)]
    dist = {}
    for hand in combinations(deck, ncards):
        a = sum(1 for s, r in hand if s in 'SC' and r >= 11)
        b = sum(1 for s, r in hand if s in 'SC' and r <= 10)
        dist[(a, b)] = dist.get((a, b), 0) + 1
    total = comb(52, ncards)
    out = {k: Fr(v, total) for k, v in dist.items()}
    # hypergeometric check: 8 black face/ace, 18 black 2-10, 26 red
    for (a, b), p in out.items():
        assert p == Fr(comb(8, a) * comb(18, b) * comb(26, ncards - a - b), total)
    return out


def with_hand(seq_factory, ncards=3):
    hc = hand_classes(ncards)
    seq = seq_factory()
    n = seq.n
    final = Fr(0)
    steps_lo = [Fr(0)] * n
    steps_hi = [Fr(0)] * n
    per_hand = {}
    for (a, b), p in sorted(hc.items()):
        f, st = seq.run(a, b)
        per_hand[(a, b)] = (p, f, st)
        final += p * f
        for k in range(n):
            steps_lo[k] += p * st[k][0]
            steps_hi[k] += p * st[k][1]
    return final, list(zip(steps_lo, steps_hi)), per_hand


# ---------------------------------------------------------------- self-checks
def check_binom_by_faces():
    for n in range(0, 7):
        cnt = {}
        for faces in product(range(1, 7), repeat=n):
            s = sum(1 for f in faces if f >= 4)
            cnt[s] = cnt.get(s, 0) + 1
        assert {k: Fr(v, 6 ** n) for k, v in cnt.items()} == binom(n), n


def brute_q1():
    """Q1 by direct enumeration of success counts (parry and guard)."""
    res = {}
    for nD in (4, 6):
        dist = {}
        for x, px in binom(3).items():
            for y, py in binom(nD).items():
                lost = 0 if x < y else min(4, 3 + x - y)
                dist[lost] = dist.get(lost, 0) + px * py
        res[nD] = dist
    return res


def brute_q2_nocards():
    """Q2 by plain enumeration with parry on both attacks (parry dominates here)."""
    out1 = Fr(0)
    out2 = Fr(0)
    for x1, p1 in binom(3).items():
        for y1, q1 in binom(6).items():
            pr = p1 * q1
            if x1 > y1:
                out1 += pr
                out2 += pr
                continue
            w = 4 if x1 < y1 else 1
            for x2, p2 in binom(6).items():
                for y2, q2 in binom(6).items():
                    if x2 >= y2 and 3 + x2 - y2 >= w:
                        out2 += pr * p2 * q2
    return out1, out2


def check_q4_direct():
    """Second, separately written solver for Q4 (parry fixed, black cards), plus a forward
    pass of one deterministic optimal policy (ties: spend the fewest card points)."""
    from functools import lru_cache
    ndice = [3, 6, 9]

    @lru_cache(None)
    def f(i, w, a, b):
        if i == 3:
            return Fr(0)
        tot = Fr(0)
        for x, px in binom(ndice[i]).items():
            for y, py in binom(6).items():
                best = None
                for sa in range(a + 1):
                    for sb in range(b + 1):
                        yy = y + 2 * sa + sb
                        w2 = w - (3 + x - yy if x >= yy else 0)
                        v = Fr(1) if w2 <= 0 else f(i + 1, w2, a - sa, b - sb)
                        best = v if best is None or v < best else best
                tot += px * py * best
        return tot

    def forward(a0, b0):
        # distribution over states; record P(out) after each attacker
        states = {(4, a0, b0): Fr(1)}
        outp = Fr(0)
        res = []
        for i in range(3):
            new = {}
            for (w, a, b), ps in states.items():
                for x, px in binom(ndice[i]).items():
                    for y, py in binom(6).items():
                        opts = []
                        for sa in range(a + 1):
                            for sb in range(b + 1):
                                yy = y + 2 * sa + sb
                                w2 = w - (3 + x - yy if x >= yy else 0)
                                v = Fr(1) if w2 <= 0 else f(i + 1, w2, a - sa, b - sb)
                                opts.append((v, 2 * sa + sb, sa, w2, a - sa, b - sb))
                        v, _, _, w2, a2, b2 = min(opts)
                        p = ps * px * py
                        if w2 <= 0:
                            outp += p
                        else:
                            new[(w2, a2, b2)] = new.get((w2, a2, b2), 0) + p
            states = new
            res.append(outp)
        return res

    hc = hand_classes(3)
    final = sum(p * f(0, 4, a, b) for (a, b), p in hc.items())
    steps = [Fr(0)] * 3
    for (a, b), p in hc.items():
        for k, v in enumerate(forward(a, b)):
            steps[k] += p * v
    assert steps[2] == final
    return steps


# ---------------------------------------------------------------- questions
def main():
    check_binom_by_faces()
    print("== Q1: one Dwarf thug (3 dice) vs Duelist, melee, no cards")
    b = brute_q1()
    for nD, name in ((6, 'parry (6 dice)'), (4, 'on guard (4 dice)')):
        d = b[nD]
        print(f"  {name}: P(loses >=1 wound) = {fmt(1 - d.get(0, 0))}")
        for k in sorted(d):
            print(f"     wounds lost {k}: {fmt(d[k])}")
    # raw damage distribution under parry
    dd = {}
    for x, px in binom(3).items():
        for y, py in binom(6).items():
            dmg = 0 if x < y else 3 + x - y
            dd[dmg] = dd.get(dmg, 0) + px * py
    print("  parry: raw damage (before the 4-wound cap):", {k: fmt(v) for k, v in sorted(dd.items())})
    s = Seq(['M'])
    f, st = s.run()
    print("  engine optimum P(out):", fmt(f), " reaction values:",
          {r: fmt(v) for r, v in s.optimal_reactions(0, 4, (True,), False, 0, 0)[0].items()})

    for label, attacks in (("Q2", ['M', 'M']), ("Q3", ['M', 'M', 'M'])):
        print(f"== {label}: {len(attacks)} thugs in melee, no cards")
        s = Seq(attacks)
        f, st = s.run()
        for k, v in enumerate(st, 1):
            print(f"  P(out) after attacker {k}: {fmt_step(v)}")
        al = tuple(True for _ in attacks)
        print("  first-attack reaction values:",
              {r: fmt(v) for r, v in s.optimal_reactions(0, 4, al, False, 0, 0)[0].items()})
        # check every reachable decision: is parry ever strictly worse / guard strictly better?
        viol = []
        for (i, w, alive, kd, a, bb), v in list(s._V.items()):
            if i < s.n and s.att[i] == 'M' and not kd:
                qg = s.Q(i, w, alive, kd, a, bb, 'guard')
                qp = s.Q(i, w, alive, kd, a, bb, 'parry')
                if qg < qp:
                    viol.append((i, w))
        print("  states where On Guard beats Parry:", viol)
    o1, o2 = brute_q2_nocards()
    print("  [check Q2 by plain enumeration, parry throughout]:", fmt(o1), fmt(o2))

    print("== Q4: three thugs, Duelist holds 3 random cards (black cards usable)")
    final, steps, per = with_hand(lambda: Seq(['M', 'M', 'M']))
    for k, v in enumerate(steps, 1):
        print(f"  P(out) after attacker {k}: {fmt_step(v)}")
    print("  per hand class (black J/Q/K/A count, black 2-10 count): P(class), P(out) final")
    for (a, bb), (p, f, st) in per.items():
        print(f"     a={a} b={bb}: P={fmt(p)}  out={fmt(f)}  steps={[fmt_step(x) for x in st]}")
    # same with 2 thugs, for reference
    s3 = Seq(['M', 'M', 'M'])
    viol = []
    for (a, bb) in hand_classes(3):
        s3.run(a, bb)
    for (i, w, alive, kd, a, bb), v in list(s3._V.items()):
        if i < 3 and not kd and s3.Q(i, w, alive, kd, a, bb, 'guard') < s3.Q(i, w, alive, kd, a, bb, 'parry'):
            viol.append((i, w, a, bb))
    print("  states (with cards) where On Guard beats Parry:", viol,
          " states where they tie:", sum(1 for (i, w, al, kd, a, bb) in s3._V if i < 3 and
                                          s3.Q(i, w, al, kd, a, bb, 'guard') == s3.Q(i, w, al, kd, a, bb, 'parry')))
    print("  [check by a second solver, parry fixed, fewest-points tie-break]:",
          [fmt(x) for x in check_q4_direct()])
    final2, steps2, _ = with_hand(lambda: Seq(['M', 'M']))
    print("  (reference: two thugs with 3 cards) steps:", [fmt_step(x) for x in steps2])

    print("== Q5: shot (3 dice vs R3/R5), then melee; no cards")
    s = Seq(['S', 'M'])
    f, st = s.run()
    for k, v in enumerate(st, 1):
        print(f"  P(out) after attack {k}: {fmt_step(v)}")
    qs, vstar = s.optimal_reactions(0, 4, (True, True), False, 0, 0)
    print("  shot reaction values (P(out) by end):", {r: fmt(v) for r, v in qs.items()})
    # component probabilities
    p_hit_stand = sum(px * py for x, px in binom(3).items() for y, py in binom(3).items() if x >= y)
    p_hit_dive = sum(px * py for x, px in binom(3).items() for y, py in binom(5).items() if x >= y)
    p_melee_parry = sum(px * py for x, px in binom(3).items() for y, py in binom(6).items() if x > y)
    p_melee_kd = sum(px * py for x, px in binom(3).items() for y, py in binom(1).items() if x > y)
    print("  P(shot hits | stand) =", fmt(p_hit_stand), "  P(shot hits | dive) =", fmt(p_hit_dive))
    print("  P(melee takes out an unhurt Duelist | parry) =", fmt(p_melee_parry),
          "  | knocked down, C1 on guard =", fmt(p_melee_kd))
    # per-attack for each fixed shot reaction
    for r in ('stand', 'dive'):
        ph = p_hit_stand if r == 'stand' else p_hit_dive
        pm = p_melee_parry if r == 'stand' else p_melee_kd
        print(f"   fixed {r}: after shot {fmt(ph)}, after melee {fmt(ph + (1 - ph) * pm)}")

    for ms in ('same_roll', 'reroll'):
        print(f"== Q5 other order: melee, then the shot into melee (defence roll: {ms})")
        s = Seq(['M', 'S'], melee_shot=ms)
        f, st = s.run()
        for k, v in enumerate(st, 1):
            print(f"  P(out) after attack {k}: {fmt_step(v)}")
        for w in (4, 1):
            qs, vstar = s.optimal_reactions(1, w, (True, True), False, 0, 0)
            print(f"  shot reaction values at {w} wounds (P(shot takes Duelist out)):",
                  {r: fmt(v) for r, v in qs.items()})
    # variant: the friendly thug in contact also 'dives' (+2R -> 4 dice), which would make
    # the Duelist likelier to be the lowest roller (the text gives the reaction only to the target)
    for ms in ('same_roll', 'reroll'):
        s = Seq(['M', 'S'], melee_shot=ms, thug_shot_R=THUG['R'] + 2)
        f, st = s.run()
        print(f"  [variant thug in contact rolls R4, {ms}] steps:", [fmt_step(x) for x in st])
    # the same shot if no friend were in contact (for comparison)
    print("  (comparison: a shot at a lone Duelist, stand:", fmt(p_hit_stand), " dive:", fmt(p_hit_dive), ")")

    print("== Sensitivity (NOT the brief's model): On Guard backlash tracked, thug removed at 0 wounds")
    for bl in ('crit', 'flat'):
        for attacks in (['M', 'M'], ['M', 'M', 'M']):
            s = Seq(attacks, backlash=bl)
            f, st = s.run()
            al = tuple(True for _ in attacks)
            qs, _ = s.optimal_reactions(0, 4, al, False, 0, 0)
            print(f"  backlash={bl} {len(attacks)} thugs: steps {[fmt_step(x) for x in st]};"
                  f" first reaction values {{{', '.join(f'{r}: {float(v):.6f}' for r, v in qs.items())}}}")
        s = Seq(['M', 'M', 'M'], backlash=bl)
        final, steps, _ = with_hand(lambda: Seq(['M', 'M', 'M'], backlash=bl))
        print(f"  backlash={bl} 3 thugs + 3 cards: steps {[fmt_step(x) for x in steps]}")


if __name__ == '__main__':
    main()
