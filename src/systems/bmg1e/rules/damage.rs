//! The damage roll of a 2013 attack: one damage die per hit and the Collateral die, read together.
//!
//! Each hit rolls a damage die against the attacker's Strength (*Sharp*: the first failed one is
//! rolled again); then, if there was at least one hit, the Collateral die: it knocks the target
//! down when it shows a face one of the damage dice shows (not a 1, seed L1908 and the Collateral
//! table), and a 6 with at least one damage success is a critical (*Brutal* / *Precise Blow*: the
//! Collateral die is rolled again when it did neither). What the rest of the attack needs of all
//! those dice is three things — damage successes, knocked down, critical — so the roll is an
//! [`Aggregate`]: sampled die by die exactly as before, and summarised for the exact evaluator
//! into at most 4·(hits + 1) outcomes where die by die it has 6^(hits + 1) paths or more. This is
//! what makes a whole exchange of two attacks (and a counter split grid) enumerable.

use crate::dice::{Aggregate, Dice, SuccessMask};

/// The damage dice of `hits` hits and the Collateral die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DamageRoll {
    pub hits: u32,
    /// Damage die success faces (against the attacker's Strength).
    pub damage: SuccessMask,
    /// *Sharp*: reroll the first failed damage die.
    pub sharp: bool,
    /// The Collateral die can knock the target down (not *Big*, or a *Big* attacker).
    pub can_knock_down: bool,
    /// *Brutal* / *Precise Blow*: reroll the Collateral die when it did nothing.
    pub collateral_reroll: bool,
}

/// What a [`DamageRoll`] decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Damage {
    /// Damage dice that succeeded (the rest of the hits failed).
    pub successes: u32,
    pub knocked: bool,
    pub critical: bool,
}

impl Damage {
    /// As [`Aggregate::roll`] returns it: `successes · 4 + knocked · 2 + critical`.
    pub fn pack(self) -> u32 {
        self.successes * 4 + (self.knocked as u32) * 2 + self.critical as u32
    }

    pub fn unpack(v: u32) -> Damage {
        Damage { successes: v / 4, knocked: v & 2 != 0, critical: v & 1 != 0 }
    }
}

impl DamageRoll {
    /// What the Collateral die `c` does after damage dice that showed `faces_seen` (bit `f` set
    /// ⇔ some damage die shows `f`) with `successes` successes: (knocked down, critical).
    #[inline(always)]
    fn collateral(&self, c: u8, faces_seen: u8, successes: u32) -> (bool, bool) {
        let knock = self.can_knock_down && c != 1 && (faces_seen >> c) & 1 == 1;
        let crit = successes > 0 && c == 6;
        (knock, crit)
    }
}

impl Aggregate for DamageRoll {
    fn key(&self) -> u64 {
        (self.hits as u64) << 16
            | (self.damage.bits() as u64) << 8
            | (self.sharp as u64) << 2
            | (self.can_knock_down as u64) << 1
            | self.collateral_reroll as u64
    }

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> u32 {
        if self.hits == 0 {
            // No impact left means no damage roll, so no Collateral die either.
            return 0;
        }
        let mut faces_seen = 0u8;
        let mut successes = 0u32;
        let mut sharp_left = self.sharp;
        for _ in 0..self.hits {
            let mut f = dice.d6();
            if !self.damage.test(f) && sharp_left {
                sharp_left = false;
                f = dice.d6();
            }
            faces_seen |= 1 << f;
            successes += self.damage.test(f) as u32;
        }
        let (mut knocked, mut critical) = self.collateral(dice.d6(), faces_seen, successes);
        if self.collateral_reroll && !knocked && !critical {
            (knocked, critical) = self.collateral(dice.d6(), faces_seen, successes);
        }
        Damage { successes, knocked, critical }.pack()
    }

    /// Every path weighs out of 6^(hits + 3): the damage dice, one die for *Sharp* and two for
    /// the Collateral die, a path that rolls fewer counting each die it did not roll six times.
    /// The damage dice are followed as (successes, faces seen, *Sharp* still unused) — at most
    /// (hits + 1) · 64 · 2 states, whatever the number of hits.
    fn weights(&self) -> Option<(Vec<u128>, u128)> {
        let n = self.hits as usize;
        if n == 0 {
            return Some((vec![1], 1));
        }
        let total = 6u128.checked_pow(self.hits.checked_add(3)?)?;
        // state index: (successes · 128 + faces seen) · 2 + sharp left
        let idx = |s: usize, seen: u8, sharp: bool| (s * 128 + seen as usize) * 2 + sharp as usize;
        let size = (n + 1) * 128 * 2;
        let mut w = vec![0u128; size];
        w[idx(0, 0, self.sharp)] = 1;
        for _ in 0..n {
            let mut next = vec![0u128; size];
            for (i, &x) in w.iter().enumerate().filter(|&(_, &x)| x > 0) {
                let (s, seen, sharp) = (i / 256, ((i / 2) % 128) as u8, i % 2 == 1);
                for f in 1..=6u8 {
                    if !self.damage.test(f) && sharp {
                        for g in 1..=6u8 {
                            let ok = self.damage.test(g) as usize;
                            next[idx(s + ok, seen | 1 << g, false)] += x;
                        }
                    } else {
                        let ok = self.damage.test(f) as usize;
                        next[idx(s + ok, seen | 1 << f, sharp)] += x;
                    }
                }
            }
            w = next;
        }
        let mut out = vec![0u128; 4 * (n + 1)];
        for (i, &x) in w.iter().enumerate().filter(|&(_, &x)| x > 0) {
            let (s, seen, sharp) = (i / 256, ((i / 2) % 128) as u8, i % 2 == 1);
            // A path on which Sharp was never used rolled one die fewer.
            let x = if sharp || !self.sharp { x * 6 } else { x };
            for c in 1..=6u8 {
                let (k, cr) = self.collateral(c, seen, s as u32);
                if self.collateral_reroll && !k && !cr {
                    for c2 in 1..=6u8 {
                        let (k, cr) = self.collateral(c2, seen, s as u32);
                        out[Damage { successes: s as u32, knocked: k, critical: cr }.pack() as usize] += x;
                    }
                } else {
                    out[Damage { successes: s as u32, knocked: k, critical: cr }.pack() as usize] += x * 6;
                }
            }
        }
        Some((out, total))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    /// Every face sequence of `r`, weighted over 6^(hits + 3) as `weights` is: the oracle.
    fn die_by_die(r: &DamageRoll) -> Vec<u128> {
        let n = r.hits as usize;
        let most = n + 3;
        let mut out = vec![0u128; 4 * (n + 1)];
        // Odometer over the faces of up to `most` dice; a path uses its first k of them, and
        // each of the (most − k) dice it did not roll multiplies its weight by... exactly once:
        // the sequences that share their first k faces are the 6^(most − k) completions.
        let mut faces = vec![1u8; most];
        loop {
            let mut d = ScriptedDice::new(&faces);
            let v = r.roll(&mut d) as usize;
            let used = d.used();
            // Count each path once: only at the completion whose unused dice are all 1s,
            // weighted by the number of completions.
            if faces[used..].iter().all(|&f| f == 1) {
                out[v] += 6u128.pow((most - used) as u32);
            }
            let mut i = most;
            loop {
                if i == 0 {
                    return out;
                }
                i -= 1;
                if faces[i] < 6 {
                    faces[i] += 1;
                    break;
                }
                faces[i] = 1;
            }
        }
    }

    #[test]
    fn weights_equal_the_die_by_die_roll() {
        for hits in 0..=4u32 {
            for need in [2, 4, 6] {
                for flags in 0..8u8 {
                    let r = DamageRoll {
                        hits,
                        damage: SuccessMask::at_least(need, 0, true, false),
                        sharp: flags & 1 != 0,
                        can_knock_down: flags & 2 != 0,
                        collateral_reroll: flags & 4 != 0,
                    };
                    let (w, total) = r.weights().unwrap();
                    if hits == 0 {
                        assert_eq!((w, total), (vec![1], 1));
                        continue;
                    }
                    let oracle = die_by_die(&r);
                    assert_eq!(total, 6u128.pow(hits + 3));
                    assert_eq!(w.iter().sum::<u128>(), total, "{r:?}");
                    assert_eq!(w, oracle, "{r:?}");
                }
            }
        }
    }

    #[test]
    fn one_hit_by_hand() {
        // One hit, damage on 4+, can knock down, no rerolls: success 1/2; knocked iff the
        // Collateral die equals the damage die and is not a 1: 5/36; critical iff success and a 6
        // on the Collateral die: 1/2 · 1/6 = 1/12; both (damage 6, Collateral 6): 1/36.
        let r = DamageRoll {
            hits: 1,
            damage: SuccessMask::at_least(4, 0, true, false),
            sharp: false,
            can_knock_down: true,
            collateral_reroll: false,
        };
        let (w, total) = r.weights().unwrap();
        let p = |s: u32, k: bool, c: bool| {
            w[Damage { successes: s, knocked: k, critical: c }.pack() as usize] as f64 / total as f64
        };
        assert!((p(1, true, true) - 1.0 / 36.0).abs() < 1e-15);
        let knocked: f64 = [(0, false), (1, false), (1, true)].iter().map(|&(s, c)| p(s, true, c)).sum();
        assert!((knocked - 5.0 / 36.0).abs() < 1e-15);
        let crit: f64 = [false, true].iter().map(|&k| p(1, k, true)).sum();
        assert!((crit - 1.0 / 12.0).abs() < 1e-15);
        let success: f64 =
            [(false, false), (false, true), (true, false), (true, true)].iter().map(|&(k, c)| p(1, k, c)).sum();
        assert!((success - 0.5).abs() < 1e-15);
    }
}
