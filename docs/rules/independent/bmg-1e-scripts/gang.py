#!/usr/bin/env python3
"""Independent exact calculator: "many against one" melee, Batman Miniature Game 2013 (1e).

Written only from the rulebook seed /work/shared/seeds/004_4b6c41e44a974d34.txt (line numbers
below, "L<n>") and the digest /work/shared/rules/bmg-1e.md.  Exact: fractions.Fraction, full
enumeration of every die face / exact dynamic programming over game states.  No sampling.

Rules used
  L344-L364  counters placed per skill, at most the skill value (Thug: 3 DC, 0 SC, 0 MC).
  L574/L576  one AC = one strike = one Impact die, all dice against one target rolled together.
  L704/L708  impact: die >= Defense; natural 1 fails, natural 6 succeeds.
  L596       Numerical Inferiority: fighting >= 2 enemies not in contact with any other model:
             Defense -1 (flat).
  L632/L636  block after the impact roll, before damage: one die per DC, each die >= attacker's
             ATTACK cancels one impact.  (No natural-6 rule is given for blocks.)
  L712-L720  damage: one die per impact + Collateral die; die+mod >= Strength; nat 1 fails, 6 wins.
  L718/L1842 Heavy (Tough/Heavy): +1 Strength bonus = +1 to the damage roll.
  L1830      Sharp: reroll one Damage roll, second result stands.
  L780       knock-down: collateral equals any damage die (even failed); double 1 excepted.
  L784       critical: >= 1 damage success and collateral 6: +1 Stun marker.
  L736/L738  apply Injury (diamond) first, then Stun (star).  L752 markers >= Endurance: K.O.
  L754       K.O. loses all counters.  L762/L770 casualty (subset of "out").
  L742       every 2 markers accumulated: one Action Counter removed at once (owner chooses).
  L744/L332  Raise a Plan: 1 counter less per 2 markers.  L1638 Sturdy: per 3 (Bruiser; the
             attackers carry no markers, so it never matters here).
  L1908      knocked down: cannot Defend itself (no block), impacted on 2+.
  L476       stand up: 1 MC.
  L794-L798  recovery: one die if >= 1 Stun marker, +1 die per unspent SC; each 4+ removes one Stun.
  L374       unused counters are lost at the end of the round.

Run:  python3 gang.py            (prints all answers)
"""
from fractions import Fraction as F
from functools import lru_cache
from math import comb
from itertools import product
import sys

SIX = F(1, 6)

# ---------------------------------------------------------------- profiles (2013 cards, brief)
THUG = dict(name="Thug", W=3, Mv=3, A=3, D=3, S=4, E=5, Sp=2, sturdy=False)
BRUISER = dict(name="Bruiser", W=4, Mv=3, A=4, D=3, S=3, E=7, Sp=2, sturdy=True)

# weapons: damage markers per success (injury, stun), strength modifier, sharp
BAT = dict(name="baseball bat", inj=0, stun=2, smod=1, sharp=False)    # stars x2, Heavy
KNIFE = dict(name="knife", inj=1, stun=0, smod=0, sharp=True)          # diamond, Sharp


def attacker(profile, weapon):
    return dict(prof=profile, weap=weapon,
                strikes=min(profile["A"], profile["W"]),   # brief: min(Attack, Willpower) AC
                attack=profile["A"])


BRUISER_BAT = attacker(BRUISER, BAT)
THUG_KNIFE = attacker(THUG, KNIFE)


# ---------------------------------------------------------------- single-die probabilities
def impact_success(face, target_number):
    """L708: natural 1 always fails, natural 6 always succeeds."""
    if face == 1:
        return False
    if face == 6:
        return True
    return face >= target_number


def p_impact(defense, ni, down):
    """L704/L596/L1908.  Knocked down: impacted on 2+ regardless of Defense."""
    tn = 2 if down else defense - (1 if ni else 0)
    return sum(SIX for f in range(1, 7) if impact_success(f, tn))


def p_block(attack_value):
    """L636: block die succeeds if >= opponent's ATTACK value (no nat-6 rule, see notes)."""
    return sum(SIX for f in range(1, 7) if f >= attack_value)


def dmg_success(face, strength, smod):
    """L716-L720: die + modifier >= Strength; natural 1 fails, natural 6 succeeds."""
    if face == 1:
        return False
    if face == 6:
        return True
    return face + smod >= strength


def binom(n, p):
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def outcome(faces, coll, strength, smod):
    """(successes, knocked_down, critical) for final damage faces and collateral face."""
    s = sum(1 for f in faces if dmg_success(f, strength, smod))
    kd = coll != 1 and coll in faces            # L780, double-1 exception
    crit = coll == 6 and s >= 1                 # L784
    return (s, kd, crit)


@lru_cache(maxsize=None)
def damage_options(att_key, r, sharp_policy):
    """Distribution of the damage roll with r impacts.

    Returns a list of (prob, options) where options is a tuple of distributions
    (dict outcome -> prob).  Only the 'adversarial' Sharp policy yields several options
    (the attacker then picks the one that is worst for the target); otherwise one option.
    Sharp (L1830): reroll one damage die; brief: one *failed* damage die.
      'keepkd'      (default) reroll is made whenever a die failed; the attacker rerolls a failed
                    die whose loss does not cancel a knock-down, when there is one.
      'random'      a uniformly random failed die is rerolled.
      'adversarial' the attacker chooses which failed die, or none, to hurt the target most.
    """
    att = ATTACKERS[att_key]
    S, smod = att["prof"]["S"], att["weap"]["smod"]
    sharp = att["weap"]["sharp"]
    res = []
    for faces in product(range(1, 7), repeat=r):
        for coll in range(1, 7):
            pr = SIX ** (r + 1)
            failed = [j for j, f in enumerate(faces) if not dmg_success(f, S, smod)]
            if not sharp or not failed:
                res.append((pr, ({outcome(faces, coll, S, smod): F(1)},)))
                continue

            def reroll_dist(j):
                d = {}
                for nf in range(1, 7):
                    nfaces = faces[:j] + (nf,) + faces[j + 1:]
                    o = outcome(nfaces, coll, S, smod)
                    d[o] = d.get(o, 0) + SIX
                return d

            if sharp_policy == "keepkd":
                kd_now = coll != 1 and coll in faces
                choice = failed[0]
                if kd_now:
                    for j in failed:
                        rest = faces[:j] + faces[j + 1:]
                        if coll in rest:
                            choice = j
                            break
                res.append((pr, (reroll_dist(choice),)))
            elif sharp_policy == "random":
                d = {}
                for j in failed:
                    for o, q in reroll_dist(j).items():
                        d[o] = d.get(o, 0) + q / len(failed)
                res.append((pr, (d,)))
            elif sharp_policy == "adversarial":
                opts = [reroll_dist(j) for j in failed]
                opts.append({outcome(faces, coll, S, smod): F(1)})
                res.append((pr, tuple(opts)))
            else:
                raise ValueError(sharp_policy)
    return res


ATTACKERS = {"bruiser_bat": BRUISER_BAT, "thug_knife": THUG_KNIFE}


# ---------------------------------------------------------------- the game model
class Scenario:
    """rounds: list of rounds, each a list of (attacker_key, numerical_inferiority_flag).

    block_policy: 'optimal' (minimise P(out by end)), 'allin' (spend every remaining DC on any
    attacker that scores >= 1 impact), or 'none'.
    """

    def __init__(self, rounds, block_policy="optimal", sharp_policy="keepkd",
                 target=THUG, counter_loss="crossing"):
        self.rounds = rounds
        self.bp = block_policy
        self.sp = sharp_policy
        self.T = target
        self.cl = counter_loss
        self.V = lru_cache(maxsize=None)(self._V)
        self.choice = {}

    # -- counters --
    def per(self):
        return 3 if self.T["sturdy"] else 2

    def new_round_counters(self, inj, stun, down):
        """L744 / brief: W - loss, stand up with 1 MC (L476), then DC up to Defense (L356)."""
        T = self.T
        c = max(0, T["W"] - (inj + stun) // self.per())
        if down:
            if c >= 1:
                c -= 1
                down = False
        dc = min(T["D"], c)
        sc = min(T["Sp"], c - dc)
        return dc, sc, down

    def start(self):
        T = self.T
        dc, sc, down = self.new_round_counters(0, 0, False)
        return (0, 0, 0, 0, dc, sc, down, 0)

    # -- value: probability target ends "out" (K.O. or casualty) --
    def _V(self, rd, ai, inj, stun, dc, sc, down, rcv):
        """rcv = markers received this round (only for the 'received' counter-loss reading)."""
        if ai == len(self.rounds[rd]):
            return self.end_of_round(rd, inj, stun, sc, down)
        key, ni = self.rounds[rd][ai]
        att = ATTACKERS[key]
        pimp = p_impact(self.T["D"], ni, down)
        total = F(0)
        for i, pi in enumerate(binom(att["strikes"], pimp)):
            if pi == 0:
                continue
            total += pi * self.after_impacts(rd, ai, inj, stun, dc, sc, down, rcv, i)
        return total

    def block_value(self, rd, ai, inj, stun, dc, sc, down, rcv, i, k):
        att = ATTACKERS[self.rounds[rd][ai][0]]
        q = p_block(att["attack"])
        v = F(0)
        for b, pb in enumerate(binom(k, q)):
            r = max(0, i - b)
            v += pb * self.damage(rd, ai, inj, stun, dc - k, sc, down, rcv, r)
        return v

    def after_impacts(self, rd, ai, inj, stun, dc, sc, down, rcv, i):
        if down or dc == 0 or i == 0:
            return self.block_value(rd, ai, inj, stun, dc, sc, down, rcv, i, 0)
        if self.bp == "none":
            ks = [0]
        elif self.bp == "allin":
            ks = [dc]
        else:
            ks = list(range(0, dc + 1))   # more dice than impacts still helps (any i of k)
        vals = [(self.block_value(rd, ai, inj, stun, dc, sc, down, rcv, i, k), k) for k in ks]
        best = min(v for v, _ in vals)
        opt = [k for v, k in vals if v == best]
        self.choice[(rd, ai, inj, stun, dc, sc, down, rcv, i)] = (opt, vals)
        return best

    def damage(self, rd, ai, inj, stun, dc, sc, down, rcv, r):
        if r == 0:   # no impact left: no damage roll, no collateral die (L712)
            return self.V(rd, ai + 1, inj, stun, dc, sc, down, rcv)
        att = ATTACKERS[self.rounds[rd][ai][0]]
        w = att["weap"]
        v = F(0)
        for pr, opts in damage_options(self.rounds[rd][ai][0], r, self.sp):
            ov = []
            for dist in opts:
                x = F(0)
                for (s, kd, crit), q in dist.items():
                    x += q * self.apply(rd, ai, inj, stun, dc, sc, down, rcv,
                                        s * w["inj"], s * w["stun"] + (1 if crit else 0), kd)
                ov.append(x)
            v += pr * max(ov)   # only 'adversarial' has > 1 option
        return v

    def apply(self, rd, ai, inj, stun, dc, sc, down, rcv, add_inj, add_stun, kd):
        """L736: injuries first, then stuns; L752 K.O. at >= Endurance; L742 counter loss."""
        T = self.T
        m0 = inj + stun
        inj2, stun2 = inj + add_inj, stun + add_stun
        m1 = inj2 + stun2
        if m1 >= T["E"]:
            return F(1)
        per = self.per()
        if self.cl == "crossing":      # cumulative total crosses a multiple of 2
            lost = m1 // per - m0 // per
        else:                          # markers received this round, per 2
            lost = (rcv + m1 - m0) // per - rcv // per
        # owner removes Special first, then Movement, Attack, Defense (brief)
        sc2 = sc
        take = min(sc2, lost)
        sc2 -= take
        lost -= take
        dc2 = max(0, dc - lost)
        return self.V(rd, ai + 1, inj2, stun2, dc2, sc2, down or kd, rcv + m1 - m0)

    def end_of_round(self, rd, inj, stun, sc, down):
        if rd == len(self.rounds) - 1:
            return F(0)
        # Casualty Recount (L794-L798): 1 die if >= 1 stun, + 1 per unspent SC; 4+ removes a stun
        v = F(0)
        if stun >= 1:
            n = 1 + sc
            for x, px in enumerate(binom(n, F(1, 2))):
                st = max(0, stun - x)
                dc, sc2, dn = self.new_round_counters(inj, st, down)
                v += px * self.V(rd + 1, 0, inj, st, dc, sc2, dn, 0)
        else:
            dc, sc2, dn = self.new_round_counters(inj, stun, down)
            v = self.V(rd + 1, 0, inj, stun, dc, sc2, dn, 0)
        return v

    def p_out(self):
        return self.V(*self.start())


# ---------------------------------------------------------------- forward pass: P(out by stage)
def stage_profile(sc):
    """Distribution of the stage at which the target goes out, under the policy the
    Scenario's DP selects (ties broken toward the LARGEST optimal k).  Also P(K.O. during round r).
    Returns list of cumulative P(out) after each attacker (flattened across rounds)."""
    stages = [(rd, ai) for rd in range(len(sc.rounds)) for ai in range(len(sc.rounds[rd]))]
    out_at = {s: F(0) for s in stages}
    # distribution over states at the start of each attacker
    dist = {sc.start(): F(1)}
    # states keyed (rd, ai, inj, stun, dc, sc, down, rcv)
    while dist:
        nxt = {}
        for st, p in dist.items():
            rd, ai, inj, stun, dc, scc, down, rcv = st
            if ai == len(sc.rounds[rd]):
                if rd == len(sc.rounds) - 1:
                    continue
                # end of round transitions
                if stun >= 1:
                    for x, px in enumerate(binom(1 + scc, F(1, 2))):
                        s2 = max(0, stun - x)
                        d2, c2, dn = sc.new_round_counters(inj, s2, down)
                        k = (rd + 1, 0, inj, s2, d2, c2, dn, 0)
                        nxt[k] = nxt.get(k, 0) + p * px
                else:
                    d2, c2, dn = sc.new_round_counters(inj, stun, down)
                    k = (rd + 1, 0, inj, stun, d2, c2, dn, 0)
                    nxt[k] = nxt.get(k, 0) + p * F(1)
                continue
            key, ni = sc.rounds[rd][ai]
            att = ATTACKERS[key]
            w = att["weap"]
            for i, pi in enumerate(binom(att["strikes"], p_impact(sc.T["D"], ni, down))):
                if pi == 0:
                    continue
                if down or dc == 0 or i == 0:
                    k = 0
                elif sc.bp == "allin":
                    k = dc
                elif sc.bp == "none":
                    k = 0
                else:
                    sc.V(*st)
                    opt, _ = sc.choice[(rd, ai, inj, stun, dc, scc, down, rcv, i)]
                    k = max(opt)
                for b, pb in enumerate(binom(k, p_block(att["attack"]))):
                    r = max(0, i - b)
                    base = p * pi * pb
                    if r == 0:
                        key2 = (rd, ai + 1, inj, stun, dc - k, scc, down, rcv)
                        nxt[key2] = nxt.get(key2, 0) + base
                        continue
                    for pr, opts in damage_options(key, r, sc.sp):
                        if len(opts) > 1:
                            raise NotImplementedError("forward pass with adversarial Sharp")
                        for (s, kd, crit), q in opts[0].items():
                            ai_ = s * w["inj"]
                            as_ = s * w["stun"] + (1 if crit else 0)
                            m0 = inj + stun
                            m1 = m0 + ai_ + as_
                            if m1 >= sc.T["E"]:
                                out_at[(rd, ai)] += base * pr * q
                                continue
                            per = sc.per()
                            if sc.cl == "crossing":
                                lost = m1 // per - m0 // per
                            else:
                                lost = (rcv + m1 - m0) // per - rcv // per
                            s2 = scc
                            t = min(s2, lost)
                            s2 -= t
                            lost -= t
                            d2 = max(0, dc - k - lost)
                            key2 = (rd, ai + 1, inj + ai_, stun + as_, d2, s2, down or kd,
                                    rcv + m1 - m0)
                            nxt[key2] = nxt.get(key2, 0) + base * pr * q
        dist = nxt
    cum, acc = [], F(0)
    for s in stages:
        acc += out_at[s]
        cum.append((s, acc))
    return cum


def fmt(x):
    return f"{x.numerator}/{x.denominator} = {float(x):.6f}"


def main():
    B, K = "bruiser_bat", "thug_knife"
    sp = sys.argv[1] if len(sys.argv) > 1 else "keepkd"
    print("Sharp policy:", sp)
    print("p_impact D3 =", p_impact(3, False, False), " with NI =", p_impact(3, True, False),
          " down =", p_impact(3, False, True))
    print("p_block vs A4 =", p_block(4), " vs A3 =", p_block(3))

    # Q1
    print("\nQ1 one Bruiser (bat) vs fresh Thug")
    for i, pi in enumerate(binom(4, p_impact(3, False, False))):
        print(f"  impacts {i}: {fmt(pi)}")
    for bp in ("none", "allin", "optimal"):
        s = Scenario([[(B, False)]], bp, sp)
        print(f"  P(out) block={bp}: {fmt(s.p_out())}")
    s = Scenario([[(B, False)]], "optimal", sp)
    s.p_out()
    for key, (opt, vals) in sorted(s.choice.items()):
        print("   choice", key, "optimal k:", opt, [(k, float(v)) for v, k in vals])
    # P(out | i unblocked impacts) for the bat
    s0 = Scenario([[(B, False)]], "none", sp)
    for r in range(5):
        print(f"  P(out | {r} unblocked bat impacts on fresh Thug) = "
              f"{fmt(s0.damage(0, 0, 0, 0, 0, 0, False, 0, r))}")
    # P(out | i impacts before blocks), all 3 DC spent
    sa = Scenario([[(B, False)]], "allin", sp)
    for i in range(5):
        print(f"  P(out | {i} impacts, 3 DC spent) = "
              f"{fmt(sa.after_impacts(0, 0, 0, 0, 3, 0, False, 0, i))}")

    # Q2
    print("\nQ2 two Bruisers (bats), one round; second has Numerical Inferiority")
    rounds = [[(B, False), (B, True)]]
    for bp in ("optimal", "allin", "none"):
        s = Scenario(rounds, bp, sp)
        v = s.p_out()
        prof = stage_profile(s)
        print(f"  block={bp}: P(out after 1st) = {fmt(prof[0][1])}; "
              f"P(out after 2nd) = {fmt(v)}  (forward check {fmt(prof[-1][1])})")
    s = Scenario(rounds, "optimal", sp)
    s.p_out()
    print("  optimal choices at the first Bruiser (state, impacts): optimal k, values")
    for key, (opt, vals) in sorted(s.choice.items()):
        if key[1] == 0:
            print("   ", key, opt, [(k, float(v)) for v, k in vals])
    nontriv = [(key, opt) for key, (opt, vals) in s.choice.items() if len(opt) > 1]
    print("  states with tied optimal k:", nontriv)
    # second attack without NI (what NI does)
    s = Scenario([[(B, False), (B, False)]], "optimal", sp)
    print(f"  [sensitivity] 2nd Bruiser WITHOUT NI, optimal: {fmt(s.p_out())}")

    # Q3
    print("\nQ3 Thug (knife) and Bruiser (bat), one round")
    for name, rounds in (("knife then bat", [[(K, False), (B, True)]]),
                         ("bat then knife", [[(B, False), (K, True)]])):
        for bp in ("optimal", "allin"):
            s = Scenario(rounds, bp, sp)
            v = s.p_out()
            extra = ""
            if sp != "adversarial":
                prof = stage_profile(s)
                extra = f"; P(out after 1st) = {fmt(prof[0][1])}"
            print(f"  {name}, block={bp}: P(out) = {fmt(v)}{extra}")
        s = Scenario(rounds, "optimal", sp)
        s.p_out()
        for key, (opt, vals) in sorted(s.choice.items()):
            if key[1] == 0:
                print("    first-attacker choice", key, opt, [(k, float(v)) for v, k in vals])

    # Q4
    print("\nQ4 one Bruiser (bat), two rounds")
    rounds = [[(B, False)], [(B, False)]]
    for bp in ("optimal", "allin"):
        for cl in ("crossing", "received"):
            s = Scenario(rounds, bp, sp, counter_loss=cl)
            v = s.p_out()
            prof = stage_profile(s)
            print(f"  block={bp} counter_loss={cl}: P(out end R1) = {fmt(prof[0][1])}; "
                  f"P(out end R2) = {fmt(v)} (forward {fmt(prof[-1][1])})")
    # state distribution at start of round 2
    s = Scenario(rounds, "optimal", sp)
    s.p_out()
    print("  tied choices:", [(key, opt) for key, (opt, vals) in s.choice.items() if len(opt) > 1])


if __name__ == "__main__":
    main()
