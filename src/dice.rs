//! The one source of dice for every rule system.
//!
//! Every die the analyser rolls comes from [`D6Stream`], so speed work and bias checks happen
//! here and nowhere else. Rules are written against the [`Dice`] trait (static dispatch, no
//! trait objects in the hot loop) so tests can feed them scripted or deliberately biased dice.
//!
//! Sampling is *exactly* unbiased: one 64-bit Xoshiro256++ word is turned into 16 dice with
//! Lemire's batched multiply-shift method, and the whole batch is rejected in the rare case
//! (probability < 2e-7) that the leftover low word falls in the biased zone. There is no `% 6`.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Anything that yields D6 faces `1..=6`.
///
/// Only [`Dice::d6`] must be written. The other methods are the few *aggregate* rolls the rules
/// make (count the successes of a pool, sum some dice, draw a card); their default bodies roll
/// one die at a time, so every sampled stream is exactly what it was when they were free
/// functions. The exact evaluator ([`crate::exact`]) overrides them to branch once on the
/// aggregate's distribution (13 outcomes for 12 dice) instead of on every die (6^12 paths),
/// which is what makes enumeration of a whole attack affordable.
pub trait Dice {
    /// One six-sided die, face `1..=6`.
    fn d6(&mut self) -> u8;

    /// Roll `n` dice and count those whose face passes `mask` (no rerolls).
    #[inline(always)]
    fn count_hits(&mut self, n: u32, mask: SuccessMask) -> u32 {
        let mut hits = 0;
        for _ in 0..n {
            hits += mask.test(self.d6()) as u32;
        }
        hits
    }

    /// Roll `n` dice, count successes, applying one round of `reroll`.
    #[inline(always)]
    fn count_successes(&mut self, n: u32, mask: SuccessMask, reroll: Reroll) -> u32 {
        if reroll == Reroll::None {
            return self.count_hits(n, mask);
        }
        let mut hits = 0;
        let mut left = match reroll {
            Reroll::Failures(k) => k as u32,
            _ => 0,
        };
        for _ in 0..n {
            let face = self.d6();
            if mask.test(face) {
                hits += 1;
                continue;
            }
            let again = match reroll {
                Reroll::None => false,
                Reroll::Ones => face == 1,
                Reroll::Failures(_) => {
                    if left > 0 {
                        left -= 1;
                        true
                    } else {
                        false
                    }
                }
            };
            if again && mask.test(self.d6()) {
                hits += 1;
            }
        }
        hits
    }

    /// The sum of `n` dice.
    #[inline(always)]
    fn sum_d6(&mut self, n: u32) -> u32 {
        let mut sum = 0;
        for _ in 0..n {
            sum += self.d6() as u32;
        }
        sum
    }

    /// A uniform integer in `0..n` (1 ≤ n ≤ 216), see [`uniform_below`].
    fn uniform_below(&mut self, n: u32) -> u32 {
        assert!((1..=216).contains(&n), "uniform_below supports 1..=216, got {n}");
        let (digits, range) = if n <= 6 {
            (1, 6)
        } else if n <= 36 {
            (2, 36)
        } else {
            (3, 216)
        };
        let limit = range - range % n;
        loop {
            let mut v = 0;
            for _ in 0..digits {
                v = v * 6 + self.d6() as u32 - 1;
            }
            if v < limit {
                return v % n;
            }
        }
    }

    /// Deal `n` cards (fewer if the pool runs out) without replacement from `pool[..*left]`, and
    /// add one to `counts[class]` for each card dealt. `pool` holds each card's *class* (below
    /// [`DEAL_CLASSES`]): whatever the rules tell cards apart by, such as colour and face or
    /// number. Each card is a step of Fisher–Yates: a [`Dice::uniform_below`]`(*left)` draw, the
    /// card swapped to the end of the live part, `*left` one less — card by card what a deck of
    /// real cards drew, so a pool made by mapping that deck's cards to their classes deals the
    /// same classes from the same dice. The exact evaluator deals the whole hand at once instead,
    /// on its multivariate hypergeometric distribution over the classes (a handful of outcomes
    /// where card by card a hand of four has 52·51·50·49 sequences), and leaves the pool's
    /// classes in some order: only their counts are defined after a deal.
    #[inline]
    fn deal(&mut self, pool: &mut [u8], left: &mut u32, n: u32, counts: &mut [u8]) {
        for _ in 0..n {
            if *left == 0 {
                return;
            }
            let i = self.uniform_below(*left) as usize;
            *left -= 1;
            pool.swap(i, *left as usize);
            counts[pool[*left as usize] as usize] += 1;
        }
    }

    /// Roll `n ≥ 2` dice and return the sum of the two lowest.
    #[inline]
    fn keep_two_lowest(&mut self, n: u32) -> u32 {
        debug_assert!(n >= 2);
        let (mut lo, mut lo2) = (7u8, 7u8);
        for _ in 0..n {
            let f = self.d6();
            if f < lo {
                lo2 = lo;
                lo = f;
            } else if f < lo2 {
                lo2 = f;
            }
        }
        (lo + lo2) as u32
    }

    /// Draw an outcome of `table`: what its [`Table::dice`] dice decide together, in one
    /// draw. The default reads that many dice as the digits of a base-6 number (every number
    /// below 6^dice equally likely, so each outcome has exactly its weight); [`D6Stream`] draws
    /// the number straight from its generator, one 64-bit word instead of a dozen dice.
    #[inline]
    fn draw(&mut self, table: &Table) -> u32 {
        let mut x = 0u64;
        for _ in 0..table.dice {
            x = x * 6 + (self.d6() - 1) as u64;
        }
        table.find(x)
    }

    /// A roll a rule system defines for itself ([`Aggregate`]): several dice its rules read
    /// together as one number. Sampling rolls it die by die ([`Aggregate::roll`]); the exact
    /// evaluator branches once on its distribution ([`Aggregate::weights`]).
    #[inline(always)]
    fn aggregate<A: Aggregate>(&mut self, roll: &A) -> u32
    where
        Self: Sized,
    {
        roll.roll(self)
    }

    /// Roll `n ≥ 2` dice and return the sum of the two highest.
    #[inline]
    fn keep_two_highest(&mut self, n: u32) -> u32 {
        debug_assert!(n >= 2);
        let (mut hi, mut hi2) = (0u8, 0u8);
        for _ in 0..n {
            let f = self.d6();
            if f > hi {
                hi2 = hi;
                hi = f;
            } else if f > hi2 {
                hi2 = f;
            }
        }
        (hi + hi2) as u32
    }

    /// Roll `dice` D6 `rolls` times and count the rolls whose sum is in `set` (how many of the
    /// bugs out of a hole are big ones).
    #[inline]
    fn count_sums_in(&mut self, rolls: u32, dice: u32, set: SumSet) -> u32 {
        let mut n = 0;
        for _ in 0..rolls {
            n += set.contains(self.sum_d6(dice)) as u32;
        }
        n
    }

    /// Roll `dice` D6 up to `max_rolls` times, stopping at the first sum in `set`: that roll's
    /// index from 0, or `max_rolls` when none was in it. A test with a second chance is
    /// `max_rolls = 2`: 0 passed at once, 1 passed at the second roll, 2 failed both.
    #[inline]
    fn first_sum_in(&mut self, max_rolls: u32, dice: u32, set: SumSet) -> u32 {
        for i in 0..max_rolls {
            if set.contains(self.sum_d6(dice)) {
                return i;
            }
        }
        max_rolls
    }

    /// Roll `dice` dice again until their total is in `set`, with no limit (a direction
    /// re-rolled on 5–6 in the turns that follow, seed l. 535): `(rolls that missed, the total
    /// in set)`, the misses reported as at most `cap` so that a caller recording them keeps its
    /// metric finite — the rolling itself runs to its end, as in [`Dice::roll_off`], so what the
    /// hit shows never depends on the cap. A set no total of `dice` dice can reach gives
    /// `(cap, 0)` at once (it would never end).
    #[inline]
    fn reroll_until(&mut self, cap: u32, dice: u32, set: SumSet) -> (u32, u32) {
        if !(dice..=6 * dice).any(|s| set.contains(s)) {
            return (cap, 0);
        }
        let mut misses = 0u32;
        loop {
            let s = self.sum_d6(dice);
            if set.contains(s) {
                return (misses.min(cap), s);
            }
            misses = misses.saturating_add(1);
        }
    }

    /// A roll-off: side A rolls 1D6 + `a`, then side B 1D6 + `b`, and a tie is rolled again, with
    /// no limit. Returns whether A is higher and how many rolls it took, reported as at most
    /// `cap` (≥ 1) so that a caller recording the count keeps its metric finite; the roll-off
    /// itself always runs to its end.
    #[inline]
    fn roll_off(&mut self, a: u8, b: u8, cap: u32) -> (bool, u32) {
        debug_assert!(cap >= 1);
        let mut rolls = 0u32;
        loop {
            rolls = rolls.saturating_add(1);
            let (x, y) = (self.d6() as u32 + a as u32, self.d6() as u32 + b as u32);
            if x != y {
                return (x > y, rolls.min(cap));
            }
        }
    }
}

/// A roll whose dice a rule system reads together as one number, defined in that system's own
/// rules rather than here: the 2013 Batman damage dice with their Collateral die (which knocks
/// down when it shows a face one of the damage dice showed), for instance. Rolled die by die it
/// has a path per face of every die (6^7 for five hits); summarised, a handful of outcomes. The
/// exact evaluator branches on [`Aggregate::weights`] instead of walking [`Aggregate::roll`],
/// and its tests hold the two to each other.
pub trait Aggregate: 'static {
    /// Tells apart the rolls of one type whose distributions differ (the exact evaluator keys
    /// its cache of distributions on the type and this number).
    fn key(&self) -> u64;

    /// Roll it die by die: what every sampled trial does, so its stream stays the rule code's.
    fn roll<D: Dice>(&self, dice: &mut D) -> u32;

    /// Its exact distribution: the weight of each value `0..len` (as [`Aggregate::roll`]
    /// returns them) out of the returned total, all integers, or `None` where they would not
    /// fit in 128 bits.
    fn weights(&self) -> Option<(Vec<u128>, u128)>;
}

/// An exact distribution over `0..len` that some dice decide together (a whole attack's hits),
/// precomputed so a sampled trial draws it in one go ([`Dice::draw`]). Outcome `i` has weight
/// `cum[i] − cum[i − 1]` out of `6^dice`: integer weights, so the draw is exact, and the exact
/// evaluator branches on the same weights. The dice-level rule code it replaces stays as the
/// test oracle of each table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    cum: Box<[u64]>,
    dice: u32,
}

impl Table {
    /// From the weight of each outcome `0..weights.len()`, which must add up to 6^`dice`
    /// (at most 24 dice: 6^24 < 2^63).
    pub fn new(weights: &[u64], dice: u32) -> Table {
        assert!(dice <= 24, "a table stands for at most 24 dice, got {dice}");
        let mut total = 0u64;
        let cum: Box<[u64]> = weights
            .iter()
            .map(|&w| {
                total += w;
                total
            })
            .collect();
        assert_eq!(total, 6u64.pow(dice), "the weights of {dice} dice add up to 6^{dice}");
        Table { cum, dice }
    }

    /// How many dice the table stands for (its weights are out of 6^dice).
    pub fn dice(&self) -> u32 {
        self.dice
    }

    /// 6^dice.
    pub fn total(&self) -> u64 {
        *self.cum.last().expect("a table has an outcome")
    }

    /// Each outcome's weight, in order.
    pub fn weights(&self) -> impl Iterator<Item = u64> + '_ {
        self.cum.iter().scan(0u64, |prev, &c| {
            let w = c - *prev;
            *prev = c;
            Some(w)
        })
    }

    /// The outcome a uniform number `x < 6^dice` falls on.
    #[inline(always)]
    fn find(&self, x: u64) -> u32 {
        // Tables are short (an attack's hits: a dozen outcomes): a scan beats a binary search.
        self.cum.iter().position(|&c| x < c).expect("x below the total") as u32
    }
}
/// Classes a [`Dice::deal`] pool may use (`0..DEAL_CLASSES`): the exact evaluator keys its
/// distributions on the count of each.
pub const DEAL_CLASSES: usize = 5;

/// Number of dice extracted from one 64-bit word.
const BATCH: usize = 16;
/// 6^16: the number of equally likely batches.
const BATCH_RANGE: u64 = 6u64.pow(BATCH as u32);
/// 2^64 mod 6^16: low words below this are rejected so every batch is equally likely.
const REJECT_BELOW: u64 = 0u64.wrapping_sub(BATCH_RANGE) % BATCH_RANGE;

/// Fast, exactly unbiased D6 stream over Xoshiro256++.
#[derive(Clone, Debug)]
pub struct D6Stream {
    rng: Xoshiro256PlusPlus,
    buf: [u8; BATCH],
    next: usize,
}

impl D6Stream {
    /// A stream seeded from one 64-bit value (expanded with SplitMix64 by `rand_xoshiro`).
    pub fn from_seed(seed: u64) -> Self {
        Self::from_rng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// A stream over an already-seeded generator.
    pub fn from_rng(rng: Xoshiro256PlusPlus) -> Self {
        D6Stream { rng, buf: [0; BATCH], next: BATCH }
    }

    /// The independent stream for one chunk of one cell of a run: the engine derives every
    /// chunk's generator from `(seed, cell, chunk)` so results do not depend on which thread
    /// runs which chunk.
    pub fn for_chunk(seed: u64, cell: u64, chunk: u64) -> Self {
        let mut h = splitmix64(seed);
        h = splitmix64(h ^ cell.wrapping_mul(0xA24B_AED4_963E_E407));
        h = splitmix64(h ^ chunk.wrapping_mul(0x9FB2_1C65_1E98_DF25));
        Self::from_seed(h)
    }

    #[cold]
    #[inline(never)]
    fn refill(&mut self) {
        loop {
            let mut x = self.rng.next_u64();
            for slot in self.buf.iter_mut() {
                let m = (x as u128) * 6;
                *slot = (m >> 64) as u8 + 1;
                x = m as u64;
            }
            // x is now (word * 6^16) mod 2^64; rejecting the lowest 2^64 mod 6^16 values
            // gives each of the 6^16 batches exactly floor(2^64 / 6^16) preimages.
            if x >= REJECT_BELOW {
                break;
            }
        }
        self.next = 0;
    }
}

impl Dice for D6Stream {
    #[inline(always)]
    fn d6(&mut self) -> u8 {
        if self.next == BATCH {
            self.refill();
        }
        let face = self.buf[self.next];
        self.next += 1;
        face
    }

    /// One 64-bit word, mapped to `0..6^dice` without bias (multiply and reject, Lemire 2019).
    #[inline]
    fn draw(&mut self, table: &Table) -> u32 {
        let n = table.total();
        let mut m = self.rng.next_u64() as u128 * n as u128;
        if (m as u64) < n {
            // 2^64 mod n: low words below it would make some outcomes one preimage likelier.
            let reject = n.wrapping_neg() % n;
            while (m as u64) < reject {
                m = self.rng.next_u64() as u128 * n as u128;
            }
        }
        table.find((m >> 64) as u64)
    }
}

/// SplitMix64 finaliser: a bijective 64-bit mixer used to derive stream seeds.
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Which faces of a D6 succeed, as a bit mask (bit `f` set ⇔ face `f` succeeds).
///
/// Building the mask once per scenario turns every per-die test into one shift and one AND,
/// whatever natural-1 / natural-6 rules apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SuccessMask(u8);

impl SuccessMask {
    /// Faces 4, 5 and 6: the plain "4+" of Wolsung's dice pools.
    pub const FOUR_UP: SuccessMask = SuccessMask(0b111_0000);

    /// Success on a modified face ≥ `need`, where the face is the natural face plus `bonus`.
    /// `natural_one_fails` / `natural_six_succeeds` override the comparison for those faces.
    pub fn at_least(need: i32, bonus: i32, natural_one_fails: bool, natural_six_succeeds: bool) -> Self {
        let mut mask = 0u8;
        for face in 1..=6i32 {
            let ok = if face == 1 && natural_one_fails {
                false
            } else if face == 6 && natural_six_succeeds {
                true
            } else {
                face + bonus >= need
            };
            if ok {
                mask |= 1 << face;
            }
        }
        SuccessMask(mask)
    }

    /// Success on a face ≤ `limit` (used by "roll under" tests).
    pub fn at_most(limit: i32) -> Self {
        let mut mask = 0u8;
        for face in 1..=6i32 {
            if face <= limit {
                mask |= 1 << face;
            }
        }
        SuccessMask(mask)
    }

    /// Whether `face` succeeds.
    #[inline(always)]
    pub fn test(self, face: u8) -> bool {
        (self.0 >> face) & 1 == 1
    }

    /// The mask itself (bit `f` set ⇔ face `f` succeeds), for keys and packing.
    pub fn bits(self) -> u8 {
        self.0
    }

    /// Number of succeeding faces out of six.
    pub fn faces(self) -> u32 {
        self.0.count_ones()
    }

    /// Probability that one die succeeds.
    pub fn probability(self) -> f64 {
        self.faces() as f64 / 6.0
    }
}

/// A set of totals of a few dice (bit `s` set ⇔ the total `s` is in it, `s` < 64): the rolls that
/// only ask *whether* a total is in a set ("2D6 ≤ FDV", "2, 3, 10, 11 or 12 is a big bug") say
/// so, and the exact evaluator branches on yes / no instead of on every total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SumSet(u64);

impl SumSet {
    /// No total.
    pub const EMPTY: SumSet = SumSet(0);

    /// Totals `lo..=hi` (empty when `hi < lo`; totals outside `0..64` are never rolled).
    pub const fn between(lo: i32, hi: i32) -> Self {
        let lo = if lo < 0 { 0 } else { lo };
        let hi = if hi > 63 { 63 } else { hi };
        if hi < lo {
            return SumSet(0);
        }
        let width = (hi - lo + 1) as u32;
        let bits = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
        SumSet(bits << lo)
    }

    /// Totals ≤ `limit` ("2D6 ≤ modified FDV").
    pub const fn at_most(limit: i32) -> Self {
        Self::between(0, limit)
    }

    /// Exactly the listed totals (each < 64).
    pub const fn of(totals: &[u32]) -> Self {
        let mut bits = 0u64;
        let mut i = 0;
        while i < totals.len() {
            bits |= 1 << totals[i];
            i += 1;
        }
        SumSet(bits)
    }

    /// The totals `0..=max` for which `rule` holds: a table printed as a function of the roll
    /// (the wound table) becomes the set of rolls giving one of its results.
    pub fn from_fn(max: u32, rule: impl Fn(u32) -> bool) -> Self {
        let mut bits = 0u64;
        for s in 0..=max.min(63) {
            if rule(s) {
                bits |= 1 << s;
            }
        }
        SumSet(bits)
    }

    /// Whether the total `s` is in the set.
    #[inline(always)]
    pub fn contains(self, s: u32) -> bool {
        s < 64 && (self.0 >> s) & 1 == 1
    }
}

/// How failed dice of a pool may be rolled again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reroll {
    /// No rerolls.
    None,
    /// Reroll up to this many failed dice once.
    Failures(u8),
    /// Reroll every die showing a natural 1 once.
    Ones,
}

/// Roll `n` dice and count successes (no rerolls): the hot path of most attacks, kept
/// separate so it stays a tight branch-free loop wherever it is inlined.
#[inline(always)]
pub fn count_hits<D: Dice>(dice: &mut D, n: u32, mask: SuccessMask) -> u32 {
    dice.count_hits(n, mask)
}

/// Roll `n` dice and count successes, applying one round of rerolls.
#[inline(always)]
pub fn count_successes<D: Dice>(dice: &mut D, n: u32, mask: SuccessMask, reroll: Reroll) -> u32 {
    dice.count_successes(n, mask, reroll)
}

/// A uniform integer in `0..n` (1 ≤ n ≤ 216) built from D6 rolls by exact rejection: one die
/// for n ≤ 6, two for n ≤ 36, three for n ≤ 216. Used to draw cards and bag counters without
/// bias from the same dice source as everything else.
pub fn uniform_below<D: Dice>(dice: &mut D, n: u32) -> u32 {
    dice.uniform_below(n)
}

/// Roll `n ≥ 2` dice and return the sum of the two lowest.
#[inline]
pub fn keep_two_lowest<D: Dice>(dice: &mut D, n: u32) -> u32 {
    dice.keep_two_lowest(n)
}

/// Roll `n ≥ 2` dice and return the sum of the two highest.
#[inline]
pub fn keep_two_highest<D: Dice>(dice: &mut D, n: u32) -> u32 {
    dice.keep_two_highest(n)
}

/// Faces recorded from one resolution, to be replayed to another: common random numbers.
#[derive(Clone, Debug)]
pub struct Tape {
    faces: [u8; TAPE_LEN],
    len: usize,
}

/// Faces a [`Tape`] holds; later draws of the first resolution are not recorded and the
/// second resolution draws fresh dice there (still fair, just no longer shared).
pub const TAPE_LEN: usize = 64;

impl Default for Tape {
    fn default() -> Self {
        Tape { faces: [0; TAPE_LEN], len: 0 }
    }
}

impl Tape {
    /// Forget what was recorded.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

/// Draws from `inner` and records every face on the tape.
pub struct Recording<'a, D: Dice> {
    pub inner: &'a mut D,
    pub tape: &'a mut Tape,
}

impl<D: Dice> Dice for Recording<'_, D> {
    #[inline(always)]
    fn d6(&mut self) -> u8 {
        let f = self.inner.d6();
        if self.tape.len < TAPE_LEN {
            self.tape.faces[self.tape.len] = f;
            self.tape.len += 1;
        }
        f
    }
}

/// Replays the tape's faces in order, then draws fresh dice from `inner`.
pub struct Replaying<'a, D: Dice> {
    pub inner: &'a mut D,
    pub tape: &'a Tape,
    pub pos: usize,
}

impl<D: Dice> Dice for Replaying<'_, D> {
    #[inline(always)]
    fn d6(&mut self) -> u8 {
        if self.pos < self.tape.len {
            self.pos += 1;
            self.tape.faces[self.pos - 1]
        } else {
            self.inner.d6()
        }
    }
}

/// Dice that replay a fixed script of faces, for hand-computed rule tests.
#[derive(Clone, Debug)]
pub struct ScriptedDice {
    faces: Vec<u8>,
    pos: usize,
}

impl ScriptedDice {
    /// Dice that return `faces` in order and panic if the rule asks for more.
    pub fn new(faces: &[u8]) -> Self {
        assert!(faces.iter().all(|f| (1..=6).contains(f)), "faces must be 1..=6");
        ScriptedDice { faces: faces.to_vec(), pos: 0 }
    }

    /// How many faces were consumed.
    pub fn used(&self) -> usize {
        self.pos
    }
}

impl Dice for ScriptedDice {
    fn d6(&mut self) -> u8 {
        let f =
            *self.faces.get(self.pos).expect("scripted dice ran out: the rule rolled more dice than the test expected");
        self.pos += 1;
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reject_threshold_is_two_to_the_64_mod_range() {
        let exact = ((1u128 << 64) % BATCH_RANGE as u128) as u64;
        assert_eq!(REJECT_BELOW, exact);
    }

    #[test]
    fn faces_stay_in_range_and_all_appear() {
        let mut d = D6Stream::from_seed(7);
        let mut seen = [0u32; 7];
        for _ in 0..60_000 {
            let f = d.d6();
            assert!((1..=6).contains(&f));
            seen[f as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        for (f, &n) in seen.iter().enumerate().skip(1) {
            assert!(n > 9_000, "face {f} seen {n} times");
        }
    }

    #[test]
    fn masks_follow_natural_rules() {
        // Defense 7 cannot be reached, but a natural 6 still succeeds.
        let m = SuccessMask::at_least(7, 0, true, true);
        assert_eq!(m.faces(), 1);
        assert!(m.test(6));
        // Need 1 with natural-1-fails: five faces.
        let m = SuccessMask::at_least(1, 0, true, true);
        assert_eq!(m.faces(), 5);
        assert!(!m.test(1));
        // Strength 4+ with a +1 bonus: faces 3..6.
        let m = SuccessMask::at_least(4, 1, true, true);
        assert_eq!(m.faces(), 4);
        assert!(m.test(3) && !m.test(2));
        // Without the natural-6 rule, need 7 never succeeds.
        assert_eq!(SuccessMask::at_least(7, 0, false, false).faces(), 0);
        assert_eq!(SuccessMask::at_most(2).faces(), 2);
    }

    #[test]
    fn keep_two_picks_extremes() {
        let mut d = ScriptedDice::new(&[4, 2, 6, 1, 5]);
        assert_eq!(keep_two_lowest(&mut d, 5), 3);
        let mut d = ScriptedDice::new(&[4, 2, 6, 1, 5]);
        assert_eq!(keep_two_highest(&mut d, 5), 11);
        let mut d = ScriptedDice::new(&[3, 3, 3]);
        assert_eq!(keep_two_highest(&mut d, 3), 6);
    }

    #[test]
    fn rerolls_use_extra_dice() {
        let m = SuccessMask::at_least(4, 0, true, true);
        // Faces: 1 (fail, rerolled → 5 ok), 3 (fail, no rerolls left), 6 ok.
        let mut d = ScriptedDice::new(&[1, 5, 3, 6]);
        assert_eq!(count_successes(&mut d, 3, m, Reroll::Failures(1)), 2);
        assert_eq!(d.used(), 4);
        // Ones: only natural 1s are rerolled.
        let mut d = ScriptedDice::new(&[1, 2, 3, 4]);
        assert_eq!(count_successes(&mut d, 3, m, Reroll::Ones), 1);
        assert_eq!(d.used(), 4);
    }

    #[test]
    fn sum_sets() {
        let s = SumSet::at_most(7);
        assert!(s.contains(2) && s.contains(7) && !s.contains(8) && !s.contains(100));
        assert_eq!(SumSet::at_most(-3), SumSet::EMPTY);
        assert_eq!(SumSet::between(1, 4), SumSet::of(&[1, 2, 3, 4]));
        assert_eq!(SumSet::between(0, 90), SumSet(u64::MAX));
        assert_eq!(SumSet::from_fn(12, |s| s % 2 == 0 && s >= 2), SumSet::of(&[2, 4, 6, 8, 10, 12]));
    }

    #[test]
    fn loops_roll_in_order_and_stop_where_the_old_code_stopped() {
        let low = SumSet::at_most(7);
        // 2D6: 6 + 5 misses, 3 + 3 hits at the second roll; nothing more is rolled.
        let mut d = ScriptedDice::new(&[6, 5, 3, 3]);
        assert_eq!(d.first_sum_in(2, 2, low), 1);
        assert_eq!(d.used(), 4);
        let mut d = ScriptedDice::new(&[6, 5, 6, 6]);
        assert_eq!(d.first_sum_in(2, 2, low), 2);
        let mut d = ScriptedDice::new(&[5, 6, 2]);
        assert_eq!(d.reroll_until(30, 1, SumSet::between(1, 4)), (2, 2));
        let mut d = ScriptedDice::new(&[5, 6, 5, 6, 3]);
        assert_eq!(d.reroll_until(3, 1, SumSet::between(1, 4)), (3, 3), "the count is capped, the rolling is not");
        assert_eq!(d.used(), 5);
        let mut d = ScriptedDice::new(&[]);
        assert_eq!(d.reroll_until(3, 1, SumSet::EMPTY), (3, 0), "a set no roll reaches: nothing is rolled");
        // 8 small, 10 and 2 big.
        let mut d = ScriptedDice::new(&[2, 6, 5, 5, 1, 1]);
        assert_eq!(d.count_sums_in(3, 2, SumSet::of(&[2, 3, 10, 11, 12])), 2);
        // 1D6 + 9 against 1D6 + 7: 1 v 3 ties, 2 v 4 ties, 5 v 6 is 14 against 13.
        let mut d = ScriptedDice::new(&[1, 3, 2, 4, 5, 6]);
        assert_eq!(d.roll_off(9, 7, 20), (true, 3));
        let mut d = ScriptedDice::new(&[1, 3, 2, 4, 1, 6]);
        assert_eq!(d.roll_off(9, 7, 2), (false, 2), "the count is capped, the roll-off is not");
        assert_eq!(d.used(), 6);
    }

    #[test]
    fn tape_replays_then_draws_fresh() {
        let mut d = ScriptedDice::new(&[1, 2, 3, 4, 5]);
        let mut tape = Tape::default();
        let mut rec = Recording { inner: &mut d, tape: &mut tape };
        assert_eq!((rec.d6(), rec.d6()), (1, 2));
        let mut rep = Replaying { inner: &mut d, tape: &tape, pos: 0 };
        assert_eq!((rep.d6(), rep.d6(), rep.d6()), (1, 2, 3));
    }

    #[test]
    fn uniform_below_is_uniform() {
        let mut d = D6Stream::from_seed(11);
        for n in [1u32, 5, 6, 7, 36, 52, 216] {
            let mut counts = vec![0u32; n as usize];
            let draws = 2_000 * n;
            for _ in 0..draws {
                counts[uniform_below(&mut d, n) as usize] += 1;
            }
            let p = vec![1.0 / n as f64; n as usize];
            let c: Vec<u64> = counts.iter().map(|&x| x as u64).collect();
            let (_, _, pv) = crate::stats::chi_square_gof(&c, &p);
            assert!(n == 1 || pv > 1e-4, "n = {n}: p = {pv}");
        }
    }

    #[test]
    fn same_seed_same_stream() {
        let mut a = D6Stream::for_chunk(1, 2, 3);
        let mut b = D6Stream::for_chunk(1, 2, 3);
        let mut c = D6Stream::for_chunk(1, 2, 4);
        let va: Vec<u8> = (0..100).map(|_| a.d6()).collect();
        let vb: Vec<u8> = (0..100).map(|_| b.d6()).collect();
        let vc: Vec<u8> = (0..100).map(|_| c.d6()).collect();
        assert_eq!(va, vb);
        assert_ne!(va, vc);
    }
}
