//! Many against one in Wolsung ([`Gang`]): henchmen attack one model in turn, in melee or with
//! guns, its wounds, its fall and the cards left in its hand carried from attack to attack, the
//! generic analysis ([`crate::analysis::gang`]) searching the orders.
//!
//! What carries over, from the rules (`shared/rules/wolsung.md`, seed lines given):
//! - the target's wounds (damage = F + critical hits − armour, l. 705–706; *Hard to kill*);
//! - its fall: diving for cover makes it knocked down for the rest of the turn (it does not
//!   activate): +2 R against later shots, C 1 and on guard only in melee (l. 571–578);
//! - its hand, dealt at the start from the shared deck (3 + heroes cards, l. 258–268): after each
//!   roll it may discard cards of the attack's colour, J Q K A for 2 successes, others for 1
//!   (black in melee, red against shots, l. 968–978), at its best for the whole sequence;
//! - numbers in contact: a melee attacker comes into base contact and stays; each friend already
//!   in contact adds its C to the attacking model (l. 742–746); a shot at a target in contact with
//!   the shooter's friends is a shot into melee: the target and each model in contact roll R, the
//!   fewest successes is hit (the shooter breaks ties its way, here the target), resolved on that
//!   same roll (l. 617–636, reading `melee_shot_defence` = `same_roll`).
//!
//! The attackers are henchmen (no cards): the alternating feats of two heroes (l. 979–986) are
//! not played in a sequence. Their wounds are not carried, so the target's backlash on guard
//! removes nobody and parrying (+2 C) is never worse.

use super::cards::{Card, feat_value, is_red};
use super::roll::{successes, wound};
use crate::analysis::gang::{First, GangRules, Law, Play};
use crate::dice::{Dice, uniform_below};
use crate::exact::{Budget, NoExact, Rolls, outcomes_exact};

/// How an attacker attacks.
#[derive(Clone, Debug, PartialEq)]
pub enum GangWeapon {
    /// In melee: its C dice (plus support) and damage F + weapon bonus.
    Melee { c: i32, damage: u32 },
    /// A shot: its dice pool after the range band, damage the gun's F, armour penetration.
    Shot { dice: i32, damage: u32, ap: u32 },
}

/// One attacker (a henchman).
#[derive(Clone, Debug, PartialEq)]
pub struct GangAttacker {
    pub label: String,
    pub weapon: GangWeapon,
    /// Its R (rolled when a shot into melee picks its target).
    pub r: i32,
    /// In base contact with the target before the first attack.
    pub in_contact: bool,
    pub kind: usize,
}

impl GangAttacker {
    fn melee_c(&self) -> Option<i32> {
        match self.weapon {
            GangWeapon::Melee { c, .. } => Some(c),
            GangWeapon::Shot { .. } => None,
        }
    }
}

/// Henchmen against one Wolsung model.
#[derive(Clone, Debug, PartialEq)]
pub struct Gang {
    pub attackers: Vec<GangAttacker>,
    pub target_name: String,
    /// The target's C, R, wounds, armour, *Hard to kill*.
    pub c: i32,
    pub r: i32,
    pub wounds: u8,
    pub armour: u32,
    pub hard_to_kill: bool,
    /// Knocked down before the first attack.
    pub down: bool,
    /// Cards dealt to the target (0: a henchman).
    pub cards: u8,
}

/// Card classes a hand is counted in: black J–A, black 2–10, red J–A, red 2–10.
const CLASSES: [(bool, bool); 4] = [(false, true), (false, false), (true, true), (true, false)];
/// How many cards of each class a full deck holds.
const IN_DECK: [u128; 4] = [8, 18, 8, 18];

/// The target between two attacks, or after a roll waiting for its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub wounds: u8,
    pub down: bool,
    /// Cards in hand per class ([`CLASSES`]).
    pub hand: [u8; 4],
    /// When a roll waits for the target's cards, the attacker's margin (its successes less the
    /// target's, at least 0) + 1: all the cards can change (0: none waits).
    pub rolled: u8,
}

/// The dice laws a build has worked out: the margins of each (attacker's pool, target's pool,
/// friends in contact of a shot, a shot) walked once, however many states roll them.
#[derive(Default)]
pub struct Scratch {
    rolls: Rolls,
    margins: rustc_hash::FxHashMap<(i32, i32, u16, bool), Margins>,
}

/// A roll's margins (`None`: the target not hit), each with its numerator over the denominator.
type Margins = (Vec<(Option<u32>, u128)>, u128);

/// One step of an attack ready to roll.
#[derive(Clone, Debug)]
pub enum Step {
    /// The dice: the target stands or dives (shot), guards or parries (melee).
    Dice { attacker: usize, ctx: u16, option: u8 },
    /// The target's cards after the dice: (J–A, 2–10) of the attack's colour.
    Cards { attacker: usize, faces: u8, numbers: u8 },
}

impl Gang {
    /// Whether attacker `i`'s feats take red cards (a shot) or black (melee).
    fn red(&self, i: usize) -> bool {
        matches!(self.attackers[i].weapon, GangWeapon::Shot { .. })
    }

    /// The cards of the colour of attacker `i`'s attack in hand: (J–A, 2–10).
    fn colour(&self, i: usize, s: State) -> (u8, u8) {
        if self.red(i) { (s.hand[2], s.hand[3]) } else { (s.hand[0], s.hand[1]) }
    }

    /// The friends in contact with the target when attacker `i` attacks: melee attackers that
    /// attacked before it, or written in contact.
    fn friends(&self, i: usize, before: u64) -> impl Iterator<Item = &GangAttacker> {
        self.attackers
            .iter()
            .enumerate()
            .filter(move |&(j, a)| j != i && a.melee_c().is_some() && (before >> j & 1 == 1 || a.in_contact))
            .map(|(_, a)| a)
    }

    /// The target's options at attacker `i`'s dice: 0 stand / guard, 1 dive / parry; a model
    /// already down has only the first (it stays down: +2 R, C 1, on guard only).
    fn options(&self, s: State) -> u8 {
        if s.down { 1 } else { 2 }
    }

    /// The dice pools of attacker `i`'s roll against the target in state `s` choosing `option`
    /// (attacker's, target's), and whether the target is down after it (it dived).
    fn pools(&self, i: usize, ctx: u16, option: u8, s: State) -> (i32, i32, bool) {
        let a = &self.attackers[i];
        let down = s.down || (option == 1 && matches!(a.weapon, GangWeapon::Shot { .. }));
        match a.weapon {
            GangWeapon::Melee { c, .. } => {
                let parry = if option == 1 && !s.down { 2 } else { 0 };
                (c + ctx as i32, if s.down { 1 } else { self.c } + parry, down)
            }
            GangWeapon::Shot { dice, .. } => (dice, self.r + 2 * down as i32, down),
        }
    }

    /// The dice of one roll: the attacker's margin (its successes less the target's), or `None`
    /// when the target is not hit (fewer successes, or a shot into melee that picked a friend).
    fn roll_margin<D: Dice>(&self, i: usize, ctx: u16, hit_dice: i32, def_dice: i32, dice: &mut D) -> Option<u32> {
        let hit = successes(dice, hit_dice);
        let def = successes(dice, def_dice);
        if let GangWeapon::Shot { .. } = self.attackers[i].weapon
            && ctx > 0
        {
            // A shot into melee: every friend in contact rolls R too; the target is hit only if
            // none rolls fewer successes (ties: the shooter picks the target).
            let mut lowest = u32::MAX;
            for (k, &count) in decode_friends(ctx).iter().enumerate() {
                for _ in 0..count {
                    lowest = lowest.min(successes(dice, self.friend_r(k)));
                }
            }
            if def > lowest {
                return None;
            }
        }
        (hit >= def).then(|| hit - def)
    }

    /// The state after a roll with `margin` against the target in state `s` (down as `down`):
    /// waiting for its cards when it holds some of the attack's colour, else the damage.
    fn after_roll(&self, i: usize, s: State, down: bool, margin: Option<u32>) -> State {
        let after = State { down, ..s };
        let Some(m) = margin else { return after };
        let (faces, numbers) = self.colour(i, after);
        if faces + numbers > 0 { State { rolled: m as u8 + 1, ..after } } else { self.damage(i, after, m) }
    }

    /// One roll of attacker `i`'s dice against the target choosing `option`: the state after it
    /// (waiting for the target's cards when they could still change the result).
    fn roll_dice<D: Dice>(&self, i: usize, ctx: u16, option: u8, s: State, dice: &mut D) -> State {
        let (hit_dice, def_dice, down) = self.pools(i, ctx, option, s);
        let margin = self.roll_margin(i, ctx, hit_dice, def_dice, dice);
        self.after_roll(i, s, down, margin)
    }

    /// The target hit by attacker `i` with `crits` critical hits (its successes beyond the
    /// target's).
    fn damage(&self, i: usize, s: State, crits: u32) -> State {
        let dealt = match self.attackers[i].weapon {
            GangWeapon::Melee { damage, .. } => (damage + crits).saturating_sub(self.armour),
            GangWeapon::Shot { damage, ap, .. } => (damage + crits).saturating_sub(self.armour.saturating_sub(ap)),
        };
        State { wounds: wound(s.wounds as u32, dealt, self.hard_to_kill) as u8, rolled: 0, ..s }
    }

    /// The target spends `faces` J–A and `numbers` 2–10 of the attack's colour on a roll waiting
    /// in `s`: its successes go up by 2 and 1 each; a hit if the attacker still has as many.
    fn spend(&self, i: usize, s: State, faces: u8, numbers: u8) -> State {
        let mut hand = s.hand;
        let at = if self.red(i) { 2 } else { 0 };
        hand[at] -= faces;
        hand[at + 1] -= numbers;
        let margin = (s.rolled - 1) as u32;
        let added = 2 * faces as u32 + numbers as u32;
        let after = State { hand, rolled: 0, ..s };
        if margin < added { after } else { self.damage(i, after, margin - added) }
    }

    /// The card choices from a roll waiting in `s`: (J–A, 2–10), fewer cards first, number
    /// cards before faces among equals (so ties keep the better cards). Only those adding at
    /// most the margin + 2 successes: once the roll is turned, a card more only leaves fewer for
    /// later (never better, and ties go to fewer cards anyway).
    fn card_options(&self, i: usize, s: State) -> Vec<(u8, u8)> {
        let (f, n) = self.colour(i, s);
        let most = s.rolled as u32 + 1;
        let mut out = Vec::new();
        for k in 0..=f + n {
            for faces in 0..=k.min(f) {
                if k - faces <= n && 2 * faces as u32 + (k - faces) as u32 <= most {
                    out.push((faces, k - faces));
                }
            }
        }
        out
    }

    /// Whether some attack takes black cards (melee), and whether some takes red (a shot).
    fn colours(&self) -> (bool, bool) {
        let red = (0..self.attackers.len()).filter(|&i| self.red(i)).count();
        (red < self.attackers.len(), red > 0)
    }

    /// The distinct R values of the melee attackers, in order: a shot into melee's context
    /// counts the friends in contact per value.
    fn friend_rs(&self) -> Vec<i32> {
        let mut rs: Vec<i32> = self.attackers.iter().filter(|a| a.melee_c().is_some()).map(|a| a.r).collect();
        rs.sort_unstable();
        rs.dedup();
        rs
    }

    fn friend_r(&self, k: usize) -> i32 {
        self.friend_rs()[k]
    }

    /// The dealt hand's law: `cards` cards from a full deck, counted per class (a class no
    /// attack of the sequence uses is not told apart: it is folded into none).
    fn deal_law(&self) -> Law<State> {
        let (black, red) = self.colours();
        let kept = [black, black, red, red];
        let k = self.cards as u128;
        let mut items: Vec<(State, u128)> = Vec::new();
        let start = self.start();
        let mut counts = [0u8; 4];
        let total = binomial(52, k);
        // Every split of k cards over the four classes and the 26 … (the rest of the deck is
        // not there: 52 = 8 + 18 + 8 + 18).
        fn rec(c: usize, left: u8, counts: &mut [u8; 4], out: &mut Vec<[u8; 4]>) {
            if c == 4 {
                if left == 0 {
                    out.push(*counts);
                }
                return;
            }
            for x in 0..=left.min(IN_DECK[c] as u8) {
                counts[c] = x;
                rec(c + 1, left - x, counts, out);
            }
            counts[c] = 0;
        }
        let mut splits = Vec::new();
        rec(0, self.cards, &mut counts, &mut splits);
        for split in splits {
            let ways: u128 = (0..4).map(|c| binomial(IN_DECK[c], split[c] as u128)).product();
            let mut hand = split;
            for c in 0..4 {
                if !kept[c] {
                    hand[c] = 0;
                }
            }
            let s = State { hand, ..start };
            match items.iter_mut().find(|(x, _)| *x == s) {
                Some((_, w)) => *w += ways,
                None => items.push((s, ways)),
            }
        }
        let g = items.iter().fold(total, |g, &(_, w)| crate::stats::gcd(g, w)).max(1);
        Law::new(items.into_iter().map(|(s, w)| (s, w / g)).collect(), total / g)
    }
}

/// C(n, k).
fn binomial(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| acc * (n - i) / (i + 1))
}

/// A shot's context: how many friends in contact have each of the melee attackers' R values,
/// 4 bits per value (at most four distinct values).
fn encode_friends(counts: &[u8]) -> u16 {
    counts.iter().enumerate().fold(0u16, |acc, (k, &c)| acc | (c as u16) << (4 * k))
}

fn decode_friends(ctx: u16) -> [u8; 4] {
    [0, 1, 2, 3].map(|k| (ctx >> (4 * k) & 0xf) as u8)
}

impl GangRules for Gang {
    type State = State;
    type Scratch = Scratch;
    type Roll = Step;

    fn attackers(&self) -> usize {
        self.attackers.len()
    }
    fn label(&self, i: usize) -> String {
        self.attackers[i].label.clone()
    }
    fn kind(&self, i: usize) -> usize {
        self.attackers[i].kind
    }
    fn turns(&self) -> u8 {
        1
    }
    fn start(&self) -> State {
        State { wounds: self.wounds, down: self.down, hand: [0; 4], rolled: 0 }
    }
    fn start_law(&self, _: &mut Scratch) -> Result<Law<State>, NoExact> {
        Ok(self.deal_law())
    }
    /// The hand dealt card by card from a shuffled deck (a partial Fisher–Yates on the stack),
    /// counted per class as the law counts it.
    fn sample_start<D: Dice>(&self, dice: &mut D) -> State {
        let mut deck: [Card; 52] = std::array::from_fn(|c| c as Card);
        let (black, red) = self.colours();
        let mut hand = [0u8; 4];
        for n in 0..self.cards as usize {
            let at = n + uniform_below(dice, (52 - n) as u32) as usize;
            deck.swap(n, at);
            let c = deck[n];
            let k = CLASSES.iter().position(|&(r, face)| is_red(c) == r && (feat_value(c) == 2) == face);
            if let Some(k) = k
                && if k < 2 { black } else { red }
            {
                hand[k] += 1;
            }
        }
        State { hand, ..self.start() }
    }
    fn stages(&self) -> u8 {
        2
    }
    fn stage(&self, s: State) -> u8 {
        (s.rolled > 0) as u8
    }
    /// Melee: the friends' C in contact (support dice); a shot: the friends in contact per R value.
    fn context(&self, i: usize, before: u64, _turn: u8) -> u16 {
        match self.attackers[i].weapon {
            GangWeapon::Melee { .. } => self.friends(i, before).filter_map(GangAttacker::melee_c).sum::<i32>() as u16,
            GangWeapon::Shot { .. } => {
                let rs = self.friend_rs();
                let mut counts = vec![0u8; rs.len()];
                for f in self.friends(i, before) {
                    if let Some(k) = rs.iter().position(|&r| r == f.r) {
                        counts[k] += 1;
                    }
                }
                encode_friends(&counts)
            }
        }
    }
    /// The dice's law is walked once per pools (the margins, [`Gang::roll_margin`]) and read
    /// through each state ([`Gang::after_roll`]): many states roll the same pools.
    fn play(&self, i: usize, ctx: u16, s: State, scratch: &mut Scratch) -> Result<Play<State>, NoExact> {
        if s.rolled == 0 {
            let mut options = Vec::new();
            for option in 0..self.options(s) {
                let (hit_dice, def_dice, down) = self.pools(i, ctx, option, s);
                let shot = matches!(self.attackers[i].weapon, GangWeapon::Shot { .. });
                let key = (hit_dice, def_dice, if shot { ctx } else { 0 }, shot);
                if !scratch.margins.contains_key(&key) {
                    let law = outcomes_exact(
                        &mut scratch.rolls,
                        |d| self.roll_margin(i, ctx, hit_dice, def_dice, d),
                        Budget::EXPLICIT,
                    )?;
                    scratch.margins.insert(key, law);
                }
                let (margins, den) = &scratch.margins[&key];
                let mut items: Vec<(State, u128)> = Vec::with_capacity(margins.len());
                for &(m, w) in margins {
                    let next = self.after_roll(i, s, down, m);
                    match items.iter_mut().find(|(x, _)| *x == next) {
                        Some((_, n)) => *n += w,
                        None => items.push((next, w)),
                    }
                }
                options.push(vec![Law::new(items, *den)]);
            }
            return Ok(Play { first: First::Target, options });
        }
        let options =
            self.card_options(i, s).into_iter().map(|(f, n)| vec![Law::certain(self.spend(i, s, f, n))]).collect();
        Ok(Play { first: First::Target, options })
    }
    fn roll(&self, i: usize, ctx: u16, s: State, choice: [u8; 2]) -> Step {
        if s.rolled == 0 {
            Step::Dice { attacker: i, ctx, option: choice[0] }
        } else {
            let (faces, numbers) = self.card_options(i, s)[choice[0] as usize];
            Step::Cards { attacker: i, faces, numbers }
        }
    }
    fn sample<D: Dice>(&self, step: &Step, s: State, dice: &mut D) -> State {
        match *step {
            Step::Dice { attacker, ctx, option } => self.roll_dice(attacker, ctx, option, s, dice),
            Step::Cards { attacker, faces, numbers } => self.spend(attacker, s, faces, numbers),
        }
    }
    fn between_turns(&self, s: State, _: &mut Scratch) -> Result<Law<State>, NoExact> {
        Ok(Law::certain(s))
    }
    fn sample_between_turns<D: Dice>(&self, s: State, _: &mut D) -> State {
        s
    }
    fn out(&self, s: State) -> Option<usize> {
        (s.rolled == 0 && s.wounds == 0).then_some(0)
    }
    fn ways(&self) -> &'static [&'static str] {
        &["out_removed"]
    }
    fn damage(&self, s: State) -> u16 {
        (self.wounds - s.wounds) as u16
    }
    fn max_damage(&self) -> u16 {
        self.wounds as u16
    }
    fn goal(&self) -> String {
        format!("take {} out (no wounds left)", self.target_name)
    }
    fn between(&self) -> String {
        format!(
            "{} takes no activation between the attackers: it only reacts (stands or dives, guards or parries) and spends its cards.",
            self.target_name
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cell::TrialInfo;
    use crate::analysis::gang::GangTrial;
    use crate::stats::fraction;

    /// The independent reader's Duelist (C4 R3 H4) against Dwarf thugs (C3 F3 R2; pistol 3 dice
    /// at 6", F4): `docs/rules/independent/wolsung.md`, section 4.
    fn duelist(attackers: &[&str], cards: u8) -> Gang {
        let thug = |w: &str, kind| GangAttacker {
            label: w.into(),
            weapon: if w == "melee" {
                GangWeapon::Melee { c: 3, damage: 3 }
            } else {
                GangWeapon::Shot { dice: 3, damage: 4, ap: 0 }
            },
            r: 2,
            in_contact: false,
            kind,
        };
        let kinds = crate::analysis::gang::number_kinds(attackers, |a, b| a == b);
        Gang {
            attackers: attackers.iter().zip(kinds).map(|(w, k)| thug(w, k)).collect(),
            target_name: "Duelist".into(),
            c: 4,
            r: 3,
            wounds: 4,
            armour: 0,
            hard_to_kill: false,
            down: false,
            cards,
        }
    }

    fn solved(g: Gang) -> (String, Vec<f64>) {
        let t = GangTrial::new(g);
        let e = TrialInfo::own_exact(&t, Budget::EXPLICIT).unwrap().unwrap();
        (fraction(e.events[0], e.trials), t.figures().unwrap().listed.out_by.clone())
    }

    #[test]
    fn thugs_in_melee_support_each_other_as_the_reader_found() {
        assert_eq!(solved(duelist(&["melee"], 0)).0, "23/256");
        assert_eq!(solved(duelist(&["melee", "melee"], 0)).0, "251277/524288");
        let (f, by) = solved(duelist(&["melee", "melee", "melee"], 0));
        assert_eq!(f, "15072030485/17179869184");
        assert!((by[1] - 251277.0 / 524288.0).abs() < 1e-15);
    }

    #[test]
    fn a_dealt_hand_spent_at_its_best_as_the_reader_found() {
        let (f, by) = solved(duelist(&["melee", "melee", "melee"], 3));
        assert!((by[0] - 7103.0 / 435200.0).abs() < 1e-15, "{by:?}");
        assert!((by[1] - 8007937.0 / 45260800.0).abs() < 1e-15, "{by:?}");
        assert_eq!(f, "22795194825327/37967510896640");
    }

    #[test]
    fn a_dive_against_a_shot_costs_the_melee_after_it_and_a_shot_into_melee_picks_its_target() {
        let (f, by) = solved(duelist(&["shot", "melee"], 0));
        assert!((by[0] - 21.0 / 32.0).abs() < 1e-15, "{by:?}");
        assert_eq!(f, "5629/8192");
        let (f, _) = solved(duelist(&["melee", "shot"], 0));
        assert_eq!(f, "64793/262144");
    }

    #[test]
    fn sampling_the_deal_and_the_dice_agrees_with_the_solve() {
        use crate::dice::D6Stream;
        use crate::engine::Trial;
        for g in [duelist(&["melee", "melee", "melee"], 3), duelist(&["shot", "melee", "shot"], 4)] {
            let t = GangTrial::new(g);
            let p = t.figures().unwrap().listed.p_out;
            let mut dice = D6Stream::from_seed(3);
            let n = 100_000;
            let out = (0..n).filter(|_| t.run(&mut dice).has(0)).count();
            let z = (out as f64 / n as f64 - p) / (p * (1.0 - p) / n as f64).sqrt();
            assert!(z.abs() < 4.5, "sampled {} vs solved {p}: z = {z}", out as f64 / n as f64);
        }
    }
}
