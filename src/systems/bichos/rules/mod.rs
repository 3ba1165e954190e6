//! ¡Bichos! (THW "Bugs!"), per `shared/rules/bichos.md`: 2D6 firing table, damage with the
//! impact and wound tables, reaction tests, bug encounters — in the cm and inches variants.
//!
//! Everything random is a pure function of the dice; the tables are formulas (checked against
//! every printed cell in the tests).

use crate::dice::{Dice, SumSet};
use crate::engine::{Outcome, Shape, Trial};

pub mod duel;
mod info;
#[cfg(test)]
mod tests;
pub mod trial;

/// Units variant of the Spanish translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    Cm,
    Inches,
}

/// How the inches variant treats doubles on the hole distance roll (`hole_doubles`).
///
/// The summary (seed line 104) attaches "*Si resultan iguales no los multipliques" to
/// "[1D6x1D6\"]": the clause belongs to the inches variant, the only one where dice are multiplied
/// by each other; the source does not say what replaces the product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoleDoubles {
    /// Ignore the clause: always multiply (the reading before issue #10).
    Multiply,
    /// Doubles are added instead (default).
    Sum,
    /// Doubles count one die.
    OneDie,
}

/// The cm variant's triples (`hole_triples`). The main text (seed line 537) prints "lanza 3D6, y
/// salvo que sean iguales, multiplica el resultado por 5cm" and the summary's asterisk follows
/// "3D6" (line 104): read literally the clause is the cm rule's, and the worked example (4, 1, 1 →
/// 30 cm, line 546) allows it only for three equal dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoleTriples {
    /// Always × 5 cm: the clause belongs to the inches variant (default, with the digest).
    Multiply,
    /// Three equal dice are not multiplied: the sum in cm (3, 6, … 18 cm).
    Sum,
}

/// What fleeing does to RES (`flee_res`). Summary D5 (seed line 82): "HUIR: … RES y FDV = 0";
/// the text does not say whether a figure that flees a failed test with RES left loses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FleeRes {
    /// RES becomes 0 (a negative RES is kept) (default, the summary's words).
    Zero,
    /// RES is kept; only FDV becomes 0 and the figure is out of the fight.
    Keep,
}

/// The pursuer's FDV test each turn (`pursuit_test`, summary D8: "chequea FDV … Si acierta se
/// detendrá, si falla perseguirá otro turno").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PursuitTest {
    /// One 2D6 ≤ FDV: the text names only success and failure (default).
    Single,
    /// A full reaction test: passing at the first or the second roll stops it.
    Reaction,
}

/// A ranged weapon fired at an opponent that fights in melee (`ranged_in_contact`, duels only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangedInContact {
    /// Its attacks are shots: the weapon's POT, and the target tests "Bajo fuego" (the default
    /// before issue #23).
    Shot,
    /// It is melee ("o del personaje, si el combate es CaC", seed line 497): the character's POT,
    /// no "Bajo fuego", and a wounded target passing "Herido" 2nd keeps fighting (default: the
    /// combat, not the weapon, picks the column — argued in `docs/rules/bichos.md`).
    Melee,
}

/// The wound table off its printed columns (`wound_table_low_fdv`): FDV 0–1, which a figure has
/// once RES ≤ 0 (seed line 505) or after repeated "−1" results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WoundLowFdv {
    /// The formula `roll + FDV ≤ 13` → "M" extended (default): always "M" at FDV 0 or 1.
    Extend,
    /// Use the FDV 2 column: "M" on 2–11, "−1" on 12.
    Clamp,
}

/// A figure wounded by a shot meets both the "Herido" and the "Bajo fuego" trigger
/// (`shot_wounded_tests`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WoundedTests {
    /// "Herido" first (it is immediate), then "Bajo fuego" if it has not fled (default).
    Both,
    /// Only "Herido" (its "under fire" line covers the shot); a missed figure still tests "Bajo fuego".
    HeridoOnly,
}

/// The order of the two tests a figure wounded by a shot takes (`shot_test_order`), when it takes
/// both (`shot_wounded_tests = both`). Seed line 339 times only "Herido" ("debe pasar **de
/// inmediato** un chequeo de \"Herido\""); line 319 gives "Bajo fuego" no time ("Si una figura es
/// disparada por alguien debe pasar un chequeo de \"Bajo Fuego\""). Only the FDV −1 of a "Herido"
/// passed 2nd depends on it: taken first, it lowers the FDV of the "Bajo fuego" test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotTestOrder {
    /// "Herido" at once, then "Bajo fuego" if it has not fled (default).
    HeridoFirst,
    /// "Bajo fuego" (it was shot at before it was found to be wounded), then "Herido" if it has
    /// not fled.
    BajoFuegoFirst,
}

/// What a figure knocked down and ducking back before its next activation loses
/// (`ko_and_duck_activations`, duels). Seed line 497 prices the knock-down in turns ("debiendo usar
/// su siguiente turno para ponerse de pie"); summary D3 (line 82) prices ducking back in none
/// ("AGACHARSE: Alejarse del enemigo hacia la cobertura más próxima…"): the duel's lost activation
/// for a duck is the analyser's own stand-in for the figure being away in cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoAndDuck {
    /// One activation pays for both: the figure stands up in cover (default).
    One,
    /// Two: one activation standing up, the next one lost to the duck.
    Two,
}

/// Retreat distance of a "Herido" passed 2nd (`retreat_distance`). No number depends on it: the
/// analyser moves no figures; it changes the text of the Herido row only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetreatDistance {
    /// The Herido table (seed lines 343, 656): 2 cm [1"] (default).
    Table,
    /// The summary's RETIRADA / SEGUIR (D6–D7, line 82): 5 cm [2"].
    Summary,
}

/// How a pursuit halves MOV (`pursuit_halving`); the source does not say how halves round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PursuitHalving {
    /// Whole cm / whole inches, rounding down as the translation does (default): 20 → 10 → 5 → 2 cm.
    RoundDown,
    /// Exact halves: 20 → 10 → 5 → 2.5 → 1.25 cm.
    Fractional,
}

/// What one hit does and which reaction tests it forces: the readings the damage procedure needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitRules {
    pub low_fdv: WoundLowFdv,
    pub wounded_tests: WoundedTests,
    pub flee_res: FleeRes,
    pub test_order: ShotTestOrder,
}

impl Default for HitRules {
    fn default() -> Self {
        Readings::default().hit_rules()
    }
}

/// The spec's variants and ambiguity switches. Their config names, values and defaults are
/// declared once in the system's schema (`schema::Readings`), which also implements `Default`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    pub units: Units,
    /// Grenade POT: 11 (both weapon tables, default) or 9 (the profiles' "2D6 (P9)").
    pub grenade_pot: u8,
    pub hole_doubles: HoleDoubles,
    pub wound_table_low_fdv: WoundLowFdv,
    pub shot_wounded_tests: WoundedTests,
    pub retreat_distance: RetreatDistance,
    pub pursuit_halving: PursuitHalving,
    pub hole_triples: HoleTriples,
    pub flee_res: FleeRes,
    pub pursuit_test: PursuitTest,
    pub ranged_in_contact: RangedInContact,
    pub shot_test_order: ShotTestOrder,
    pub ko_and_duck_activations: KoAndDuck,
}

impl Readings {
    /// The readings one hit depends on.
    pub fn hit_rules(&self) -> HitRules {
        HitRules {
            low_fdv: self.wound_table_low_fdv,
            wounded_tests: self.shot_wounded_tests,
            flee_res: self.flee_res,
            test_order: self.shot_test_order,
        }
    }
}

/// A figure's profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Weapon skill.
    pub hda: u8,
    /// Power (POT): used on the impact table in melee.
    pub pot: u8,
    /// Will (FDV).
    pub fdv: u8,
    /// Resistance points.
    pub res: u16,
    /// Armour (BLD).
    pub bld: u8,
    /// Movement in cm and in inches (the translation prints both).
    pub mov_cm: u16,
    pub mov_in: u16,
}

/// The profiles printed in the source, by config name.
pub const PROFILES: [(&str, &str, Profile); 5] = [
    ("ciudadano", "Ciudadano (citizen)", Profile { hda: 5, pot: 6, fdv: 7, res: 42, bld: 0, mov_cm: 20, mov_in: 8 }),
    ("colono", "Colono (colonist)", Profile { hda: 7, pot: 7, fdv: 9, res: 63, bld: 0, mov_cm: 20, mov_in: 8 }),
    ("soldado", "Soldado (soldier)", Profile { hda: 10, pot: 9, fdv: 9, res: 81, bld: 8, mov_cm: 20, mov_in: 8 }),
    ("pequeno", "\"Pequeño\" (small bug)", Profile { hda: 5, pot: 7, fdv: 7, res: 49, bld: 8, mov_cm: 30, mov_in: 12 }),
    ("grande", "\"Grande\" (big bug)", Profile { hda: 12, pot: 12, fdv: 10, res: 120, bld: 12, mov_cm: 15, mov_in: 6 }),
];

/// How many figures one attack can hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Targets {
    One,
    /// Up to three, within 5 cm [2"] of each other; the index matters on the firing table.
    Three,
    /// Every figure under a 7 cm [3"] radius template.
    Template,
}

/// A weapon from the source's table (or natural weapons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weapon {
    /// Damage dice (D6 summed).
    pub dice: u8,
    /// POT on the impact table; `None` = melee, the attacker's own POT.
    pub pot: Option<u8>,
    pub targets: Targets,
    /// Whether the weapon has a long range band (the grenade does not).
    pub has_long_range: bool,
}

/// Weapons by config name: (name, label, weapon). The grenade's POT is set by the reading.
pub const WEAPONS: [(&str, &str, Weapon); 7] = [
    ("pistol", "Pistola (pistol)", Weapon { dice: 1, pot: Some(5), targets: Targets::One, has_long_range: true }),
    (
        "assault_rifle",
        "Rifle de asalto (assault rifle)",
        Weapon { dice: 3, pot: Some(11), targets: Targets::Three, has_long_range: true },
    ),
    (
        "grenade",
        "Granada (grenade)",
        Weapon { dice: 2, pot: Some(11), targets: Targets::Template, has_long_range: false },
    ),
    (
        "heavy_weapon",
        "Arma pesada (heavy weapon)",
        Weapon { dice: 2, pot: Some(9), targets: Targets::Template, has_long_range: true },
    ),
    ("fists", "Puños (fists, melee)", Weapon { dice: 1, pot: None, targets: Targets::One, has_long_range: false }),
    (
        "small_claws",
        "Garras y dientes 2D6 (small bug, melee)",
        Weapon { dice: 2, pot: None, targets: Targets::One, has_long_range: false },
    ),
    (
        "big_claws",
        "Garras y dientes 3D6 (big bug, melee)",
        Weapon { dice: 3, pot: None, targets: Targets::One, has_long_range: false },
    ),
];

/// (config name, name shown) of every weapon, for fighters' labels ([`crate::system::DuelDef`]).
pub const WEAPON_NAMES: [(&str, &str); WEAPONS.len()] = {
    let mut out = [("", ""); WEAPONS.len()];
    let mut i = 0;
    while i < WEAPONS.len() {
        out[i] = (WEAPONS[i].0, WEAPONS[i].1);
        i += 1;
    }
    out
};

/// The circumstances of one target of one attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Situation {
    pub long_range: bool,
    /// The shooter moved ≥ 30 cm [12"] this turn.
    pub shooter_moved_far: bool,
    /// The target moved ≥ 30 cm [12"].
    pub target_moved_far: bool,
    pub cover: bool,
    /// 1, 2 or 3 (figures beyond the third use the third's rows).
    pub target_index: u8,
}

/// What the firing table gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fire {
    Miss,
    Light,
    Critical,
}

/// The firing table (shooting and melee alike) as a pure function of the 2D6 roll.
pub fn fire(roll: u8, s: &Situation, shooter_hda: u8) -> Fire {
    use Fire::*;
    let later = s.target_index >= 2;
    match roll {
        2 => Critical,
        3 => {
            if s.long_range {
                Miss
            } else {
                Light
            }
        }
        4 | 7 | 10 => Miss,
        5 => {
            if s.shooter_moved_far && later {
                Miss
            } else {
                Critical
            }
        }
        6 => {
            if shooter_hda <= 5 {
                Miss
            } else {
                Light
            }
        }
        8 => {
            if s.cover || s.target_index >= 3 {
                Miss
            } else {
                Critical
            }
        }
        9 => {
            if s.target_moved_far || s.long_range {
                Miss
            } else {
                Light
            }
        }
        11 => {
            if shooter_hda >= 9 {
                Critical
            } else {
                Light
            }
        }
        12 => {
            if s.long_range {
                Miss
            } else {
                Critical
            }
        }
        _ => panic!("2D6 roll out of range: {roll}"),
    }
}

/// Impact table: `roll + POT − 4`; `None` is "H" (above 10).
pub fn impact(roll: u8, pot: u8) -> Option<u8> {
    let v = roll as i32 + pot as i32 - 4;
    if v > 10 { None } else { Some(v.max(0) as u8) }
}

/// Wound table: "M" (dead) when `roll + FDV ≤ 13`, otherwise FDV −1 (every printed cell, FDV 2–12).
pub fn wound_kills(roll: u8, fdv: u8) -> bool {
    roll as u32 + fdv as u32 <= 13
}

/// The wound table at any FDV, with the `wound_table_low_fdv` reading for FDV 0–1.
pub fn wound_kills_at(roll: u8, fdv: u8, low: WoundLowFdv) -> bool {
    match low {
        WoundLowFdv::Extend => wound_kills(roll, fdv),
        WoundLowFdv::Clamp => wound_kills(roll, fdv.max(2)),
    }
}

/// A figure's state as it takes damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub res: i32,
    pub fdv: u8,
    pub knocked_down: bool,
    pub dead: bool,
    /// Fled on a failed reaction test (RES ≤ 0 is a flight too, see [`State::fled`]).
    pub fled_test: bool,
}

impl State {
    /// A fresh figure.
    pub fn new(p: &Profile) -> Self {
        State { res: p.res as i32, fdv: p.fdv, knocked_down: false, dead: false, fled_test: false }
    }

    /// RES ≤ 0, or a failed reaction test: the figure has fled.
    pub fn fled(&self) -> bool {
        self.res <= 0 || self.fled_test
    }

    /// Lose `n` RES at once and check RES (seed lines 482, 505): RES ≤ 0 → FDV 0 and it flees;
    /// RES ≤ −(starting RES) → dead.
    pub fn lose(&mut self, n: u32, start_res: u16) {
        self.res -= n as i32;
        if self.res <= 0 {
            self.fdv = 0;
        }
        if self.res <= -(start_res as i32) {
            self.dead = true;
        }
    }

    /// "Huir" (summary D5, seed line 82): "RES y FDV = 0" — RES per the `flee_res` reading (a
    /// figure already below 0 keeps its RES either way).
    pub fn flee(&mut self, res: FleeRes) {
        if res == FleeRes::Zero {
            self.res = self.res.min(0);
        }
        self.fdv = 0;
        self.fled_test = true;
    }
}

/// What one resolved hit did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HitResult {
    pub res_lost: u32,
    pub critical: bool,
    pub impact_h: bool,
}

fn roll_2d6<D: Dice>(dice: &mut D) -> u8 {
    dice.sum_d6(2) as u8
}

/// Resolve one attack on one target in `state`, in the source's order: the firing table; a wound
/// loses HDA + damage dice − BLD RES at once and RES is checked (seed lines 482, 505); a critical
/// wound rolls the impact table: a number is lost as well and RES checked again; an "H" loses 10
/// more, knocks the figure down, RES is checked, and only then the wound table is rolled against
/// its **current** FDV ("su valor actual de FDV", line 501) — 0 if it has just fled.
#[allow(clippy::too_many_arguments)]
pub fn resolve<D: Dice>(
    dice: &mut D,
    shooter_hda: u8,
    damage_dice: u8,
    pot: u8,
    target: &Profile,
    situation: &Situation,
    state: &mut State,
    low: WoundLowFdv,
) -> (Fire, HitResult) {
    let f = fire(roll_2d6(dice), situation, shooter_hda);
    let mut r = HitResult::default();
    if f == Fire::Miss || state.dead {
        return (f, r);
    }
    let sum = dice.sum_d6(damage_dice as u32);
    let base = (shooter_hda as u32 + sum).saturating_sub(target.bld as u32);
    state.lose(base, target.res);
    r.res_lost = base;
    if f == Fire::Critical {
        r.critical = true;
        match impact(roll_2d6(dice), pot) {
            Some(v) => {
                state.lose(v as u32, target.res);
                r.res_lost += v as u32;
            }
            None => {
                r.impact_h = true;
                state.lose(10, target.res);
                r.res_lost += 10;
                state.knocked_down = true;
                if !state.dead {
                    if wound_kills_at(roll_2d6(dice), state.fdv, low) {
                        state.dead = true;
                    } else {
                        state.fdv = state.fdv.saturating_sub(1);
                    }
                }
            }
        }
    }
    (f, r)
}

/// One reaction test (seed line 509): 2D6 ≤ modified FDV passes 1st (0); otherwise a second 2D6
/// ≤ passes 2nd (1); otherwise failed both (2).
///
/// The index of the first of up to two 2D6 rolls that pass ([`Dice::first_sum_in`]): the exact
/// evaluator branches three ways on it instead of on 11 × 11 totals.
pub fn reaction_test<D: Dice>(dice: &mut D, modified_fdv: i32) -> u8 {
    dice.first_sum_in(2, 2, SumSet::at_most(modified_fdv)) as u8
}

/// The reaction tests one attack forces on its target, and what they did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reacted {
    /// "Herido" result (0 passed 1st, 1 passed 2nd, 2 failed both), when taken.
    pub herido: Option<u8>,
    /// "Bajo fuego" result, when taken.
    pub bajo_fuego: Option<u8>,
    /// Failed both of a test: it flees (RES and FDV 0).
    pub flees: bool,
    /// Ducks back ("Agacharse"): "Bajo fuego" passed 2nd, or "Herido" passed 2nd under fire.
    pub ducks: bool,
}

/// The reaction tests after one attack (seed lines 309–345): a wounded figure tests "Herido" at
/// once (passed 2nd: FDV −1 and, under fire, it ducks; in melee it retreats and keeps fighting;
/// failed both: flees); a figure shot at, hit or missed, tests "Bajo fuego" (passed 2nd: ducks;
/// failed both: flees). A figure wounded by a shot takes both unless the reading is
/// `herido_only`, in the order of `shot_test_order` (default "Herido" first), the second only if it
/// has not fled. A dead or fled figure tests nothing. `modifier` is the sum of the reaction
/// modifiers that apply (e.g. +1 in cover).
pub fn react<D: Dice>(
    dice: &mut D,
    state: &mut State,
    wounded: bool,
    shot: bool,
    modifier: i32,
    rules: &HitRules,
) -> Reacted {
    let mut out = Reacted::default();
    if state.dead || state.fled() {
        return out;
    }
    let mut bajo_fuego = shot && (!wounded || rules.wounded_tests == WoundedTests::Both);
    if bajo_fuego && wounded && rules.test_order == ShotTestOrder::BajoFuegoFirst {
        if bajo_fuego_test(dice, state, modifier, rules, &mut out) {
            return out;
        }
        bajo_fuego = false;
    }
    if wounded {
        let h = reaction_test(dice, state.fdv as i32 + modifier);
        out.herido = Some(h);
        match h {
            0 => {}
            1 => {
                state.fdv = state.fdv.saturating_sub(1);
                out.ducks |= shot;
            }
            _ => {
                state.flee(rules.flee_res);
                out.flees = true;
                out.ducks = false;
                return out;
            }
        }
    }
    if bajo_fuego {
        bajo_fuego_test(dice, state, modifier, rules, &mut out);
    }
    out
}

/// "Bajo fuego" (seed lines 317–325): passed 2nd, it ducks back; failed both, it flees. Returns
/// whether it fled.
fn bajo_fuego_test<D: Dice>(
    dice: &mut D,
    state: &mut State,
    modifier: i32,
    rules: &HitRules,
    out: &mut Reacted,
) -> bool {
    let b = reaction_test(dice, state.fdv as i32 + modifier);
    out.bajo_fuego = Some(b);
    match b {
        0 => false,
        1 => {
            out.ducks = true;
            false
        }
        _ => {
            state.flee(rules.flee_res);
            out.flees = true;
            out.ducks = false;
            true
        }
    }
}

/// The reaction modifiers a target's situation gives: in cover +1 (seed line 303).
pub fn situation_modifier(s: &Situation) -> i32 {
    s.cover as i32
}

/// One attack on up to three figures (rifle targets, or figures under a template: the 4th and
/// later behave like the 3rd), each resolved separately and each taking the reaction tests the
/// attack forces on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    pub shooter_hda: u8,
    pub damage_dice: u8,
    pub pot: u8,
    /// A ranged weapon: its targets are shot at ("Bajo fuego"); otherwise a melee attack.
    pub shooting: bool,
    pub rules: HitRules,
    pub targets: Vec<(Profile, Situation)>,
}

/// Metric/event names of a shot (per target t1..t3). "flees" is RES ≤ 0 or a failed reaction test,
/// whether the figure then died or not (the name configs and earlier reports use). The two separate
/// ways out of the fight are "dead" and "fled_alive" (fled and not dead); they never overlap, and
/// "flees" is "fled_alive" plus the dead that had fled first. Each target's metrics and events follow the previous target's
/// ([`Trial::parts`]).
pub const SHOT_METRICS: [&str; 3] = ["res_lost_t1", "res_lost_t2", "res_lost_t3"];
/// Events per target, in the order of [`SHOT_EVENTS`].
const SHOT_EVENTS_PER_TARGET: usize = 6;
pub const SHOT_EVENTS: [&str; 18] = [
    "wounded_t1",
    "critical_wound_t1",
    "impact_h_t1",
    "flees_t1",
    "dead_t1",
    "fled_alive_t1",
    "wounded_t2",
    "critical_wound_t2",
    "impact_h_t2",
    "flees_t2",
    "dead_t2",
    "fled_alive_t2",
    "wounded_t3",
    "critical_wound_t3",
    "impact_h_t3",
    "flees_t3",
    "dead_t3",
    "fled_alive_t3",
];

impl Trial for Shot {
    fn shape(&self) -> Shape {
        let n = self.targets.len();
        let max = |p: &Profile| p.res as usize + 40;
        Shape::new(
            self.targets.iter().enumerate().map(|(i, (p, _))| (SHOT_METRICS[i], max(p))).collect(),
            SHOT_EVENTS[..SHOT_EVENTS_PER_TARGET * n].to_vec(),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut o = Outcome::default();
        for (i, (p, s)) in self.targets.iter().enumerate() {
            let mut st = State::new(p);
            let (f, r) = resolve(dice, self.shooter_hda, self.damage_dice, self.pot, p, s, &mut st, self.rules.low_fdv);
            react(dice, &mut st, f != Fire::Miss, self.shooting, situation_modifier(s), &self.rules);
            o.metrics[i] = r.res_lost.min(u16::MAX as u32) as u16;
            let e = SHOT_EVENTS_PER_TARGET * i;
            o.flag(e, f != Fire::Miss);
            o.flag(e + 1, r.critical);
            o.flag(e + 2, r.impact_h);
            o.flag(e + 3, st.fled());
            o.flag(e + 4, st.dead);
            o.flag(e + 5, st.fled() && !st.dead);
        }
        o
    }

    /// Each target alone: its own fresh state, its own dice, its own metric and six events
    /// (its place on the firing table is in its situation), so a shot at three figures is
    /// three single shots side by side (G3, "blancos individuales a efectos de daño").
    fn parts(&self) -> Option<Vec<Self>> {
        (self.targets.len() > 1)
            .then(|| self.targets.iter().map(|&t| Shot { targets: vec![t], ..self.clone() }).collect())
    }
}

/// Repeated attacks on one target, state carried between them (RES, FDV, fled, dead), each
/// followed by the reaction tests it forces.
#[derive(Clone, Debug, PartialEq)]
pub struct Sequence {
    pub shooter_hda: u8,
    pub damage_dice: u8,
    pub pot: u8,
    /// A ranged weapon ("Bajo fuego" after every attack) or a melee one.
    pub shooting: bool,
    pub rules: HitRules,
    pub target: Profile,
    pub situation: Situation,
    /// Stop after this many attacks (reported as "not within the cap").
    pub cap: u16,
}

/// Metric/event names of a sequence. `shots_to_flee` and `flees_within_cap` count the first attack
/// that puts the target out of the fight, fled or dead (`flees_after_1`: RES ≤ 0 or a failed test,
/// dead or not) — the names configs and old reports use. The separate ways out: `fled_alive_after_1`
/// against `dead_after_1`, and `out_fled_within_cap` (alive when it first went out: it fled; later
/// attacks may still kill it) against `out_dead_within_cap` (dead at the attack that first put it
/// out); the two add up to `flees_within_cap`.
pub const SEQUENCE_METRICS: [&str; 3] = ["shots_to_flee", "shots_to_kill", "res_lost_first_shot"];
pub const SEQUENCE_EVENTS: [&str; 10] = [
    "first_hit",
    "first_critical",
    "first_knocked_down",
    "flees_after_1",
    "dead_after_1",
    "flees_within_cap",
    "dead_within_cap",
    "fled_alive_after_1",
    "out_fled_within_cap",
    "out_dead_within_cap",
];

impl Trial for Sequence {
    fn shape(&self) -> Shape {
        let c = self.cap as usize + 1;
        Shape::new(
            vec![("shots_to_flee", c), ("shots_to_kill", c), ("res_lost_first_shot", self.target.res as usize + 40)],
            SEQUENCE_EVENTS.to_vec(),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut st = State::new(&self.target);
        let mut o = Outcome::default();
        let (mut flee_at, mut kill_at) = (0u16, 0u16);
        // Dead at the attack that first put it out of the fight (rather than fled, alive).
        let mut out_dead = false;
        let modifier = situation_modifier(&self.situation);
        for shot in 1..=self.cap {
            let (f, r) = resolve(
                dice,
                self.shooter_hda,
                self.damage_dice,
                self.pot,
                &self.target,
                &self.situation,
                &mut st,
                self.rules.low_fdv,
            );
            react(dice, &mut st, f != Fire::Miss, self.shooting, modifier, &self.rules);
            if shot == 1 {
                o.metrics[2] = r.res_lost.min(u16::MAX as u32) as u16;
                o.flag(0, f != Fire::Miss);
                o.flag(1, r.critical);
                o.flag(2, r.impact_h);
                o.flag(3, st.fled());
                o.flag(4, st.dead);
                o.flag(7, st.fled() && !st.dead);
            }
            if flee_at == 0 && (st.fled() || st.dead) {
                flee_at = shot;
                out_dead = st.dead;
            }
            if st.dead {
                kill_at = shot;
                break;
            }
        }
        // Not within the cap: reported in the extra bin cap + 1.
        o.metrics[0] = if flee_at == 0 { self.cap + 1 } else { flee_at };
        o.metrics[1] = if kill_at == 0 { self.cap + 1 } else { kill_at };
        o.flag(5, flee_at > 0);
        o.flag(6, kill_at > 0);
        o.flag(8, flee_at > 0 && !out_dead);
        o.flag(9, flee_at > 0 && out_dead);
        o
    }
}

/// A reaction test: 2D6 ≤ modified FDV passes 1st; otherwise a second 2D6 ≤ passes 2nd.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reaction {
    pub modified_fdv: i8,
}

impl Trial for Reaction {
    fn shape(&self) -> Shape {
        Shape::new(vec![("result", 2)], vec!["passed_1st", "passed_2nd", "failed_both"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let result = reaction_test(dice, self.modified_fdv as i32);
        let mut o = Outcome::default();
        o.metrics[0] = result as u16;
        o.flag(result as usize, true);
        o
    }
}

/// "¿Ahora qué?": each side rolls 1D6 + FDV, higher acts first, ties re-rolled. With equal FDV
/// this is also the activation tie-break between two figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opposed {
    pub a_fdv: u8,
    pub b_fdv: u8,
}

impl Trial for Opposed {
    fn shape(&self) -> Shape {
        Shape::new(vec![("rolls", 20)], vec!["a_first"])
    }

    /// A [`Dice::roll_off`] (A's die, then B's, until they differ): its exact distribution is a
    /// geometric series, with the rolls from the 20th on reported as 20.
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let (a_first, rolls) = dice.roll_off(self.a_fdv, self.b_fdv, 20);
        let mut o = Outcome::default();
        o.metrics[0] = rolls as u16;
        o.flag(0, a_first);
        o
    }
}

/// Encounter check and what comes out of the hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encounter {
    /// 9 + terrain + holes − soldiers (max 6); a hole opens on 2D6 ≤ this.
    pub number: i8,
    /// Humans on the table (total attacking bugs = humans + 1D6).
    pub humans: u8,
    pub readings: Readings,
}

/// Metric names of an encounter (distance in the variant's units). Every metric describes the
/// hole **given that one opens**: the hole procedure is rolled in every trial, independently of
/// the encounter roll, so no "no hole" trial is counted as distance 0.
pub const ENCOUNTER_METRICS: [&str; 5] = ["tremor_turns", "distance", "total_bugs", "big_bugs", "first_bug_big"];
/// Events: whether a hole opens (this turn or after tremors) and, jointly, where.
pub const ENCOUNTER_EVENTS: [&str; 6] =
    ["hole_opens", "opens_this_turn", "hole_front", "hole_right", "hole_behind", "hole_left"];

/// The distance a hole opens at, in the variant's units.
pub fn hole_distance<D: Dice>(dice: &mut D, r: &Readings) -> u16 {
    match r.units {
        // Only the total matters unless three equal dice are special: 16 totals, not 216 faces.
        Units::Cm if r.hole_triples == HoleTriples::Multiply => dice.sum_d6(3) as u16 * 5,
        Units::Cm => {
            let (a, b, c) = (dice.d6() as u16, dice.d6() as u16, dice.d6() as u16);
            if a == b && b == c { a + b + c } else { (a + b + c) * 5 }
        }
        Units::Inches => {
            let (a, b) = (dice.d6() as u16, dice.d6() as u16);
            if a == b {
                match r.hole_doubles {
                    HoleDoubles::Multiply => a * b,
                    HoleDoubles::Sum => a + b,
                    HoleDoubles::OneDie => a,
                }
            } else {
                a * b
            }
        }
    }
}

/// The 2D6 totals of a big bug (seed 541–544): 2, 3, 10, 11, 12; 4–9 is a small one.
pub const BIG_BUG: SumSet = SumSet::of(&[2, 3, 10, 11, 12]);

/// Bug type: 2D6 of 2, 3, 10, 11, 12 is a big bug.
pub fn big_bug<D: Dice>(dice: &mut D) -> bool {
    dice.count_sums_in(1, 2, BIG_BUG) == 1
}

impl Trial for Encounter {
    fn shape(&self) -> Shape {
        Shape::new(
            vec![
                ("tremor_turns", 30),
                ("distance", 90),
                ("total_bugs", self.humans as usize + 6),
                ("big_bugs", self.humans as usize + 6),
                ("first_bug_big", 1),
            ],
            ENCOUNTER_EVENTS.to_vec(),
        )
    }

    /// Every roll here asks an aggregate question of the dice (2D6 ≤ the number; the first of up
    /// to 30 direction rolls that is 1–4, and which; how many of the other bugs are big), so
    /// the exact evaluator walks a few hundred thousand sequences instead of the dice's 6^50.
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let mut o = Outcome::default();
        let opens = dice.count_sums_in(1, 2, SumSet::at_most(self.number as i32)) == 1;
        // The hole, as it would open: rolled every trial so the metrics are conditional on a hole.
        // Direction: 1–4; 5–6 tremors, it opens next turn (re-roll then); after 30 tremor turns
        // the trial stops rolling and records no direction.
        let (delay, dir) = dice.reroll_until(30, 1, SumSet::between(1, 4));
        o.flag(0, opens);
        o.flag(1, opens && delay == 0);
        if opens && dir > 0 {
            o.flag(1 + dir as usize, true);
        }
        o.metrics[0] = delay as u16;
        o.metrics[1] = hole_distance(dice, &self.readings);
        let total = self.humans as u16 + dice.d6() as u16;
        // The first bug (at least one comes out), then how many of the others are big.
        let first_big = big_bug(dice);
        let big = first_big as u16 + dice.count_sums_in(total as u32 - 1, 2, BIG_BUG) as u16;
        o.metrics[2] = total;
        o.metrics[3] = big;
        o.metrics[4] = first_big as u16;
        o
    }
}

/// Encounter number: 9 + terrain modifier + holes on the table − soldiers (at most 6).
pub fn encounter_number(terrain_mod: i8, holes: u8, soldiers: u8) -> i8 {
    9 + terrain_mod + holes as i8 - soldiers.min(6) as i8
}

/// Terrain modifiers by config name.
pub const TERRAIN: [(&str, i8); 5] = [("jungle_swamp", 2), ("open", 1), ("rocky", -1), ("mountain", -2), ("city", -2)];

/// Pursuit (summary D8, seed line 82): MOV + ½D6 (D3: 2/5/7 cm or 1/2/3"); after that full turn
/// the pursuer tests FDV each turn (2D6 ≤ FDV stops it), a failure pursues another turn at half the
/// previous MOV, "hasta detención o MOV a 2cm [1\"]": the halving stops at the first MOV ≤ 2 cm
/// [1"], which is still pursued (20 → 10 → 5 → 2 cm; 30 → 15 → 7 → 3 → 1 cm; 12 → 6 → 3 → 1").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pursuit {
    pub mov: u16,
    pub fdv: u8,
    pub units: Units,
    pub halving: PursuitHalving,
    pub test: PursuitTest,
}

impl Trial for Pursuit {
    fn shape(&self) -> Shape {
        Shape::new(
            vec![("first_turn", self.mov as usize + 7), ("total", 2 * self.mov as usize + 8), ("turns", 12)],
            vec!["pursues_a_second_turn"],
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let d3 = dice.d6().div_ceil(2);
        let bonus = match self.units {
            Units::Cm => [2u16, 5, 7][d3 as usize - 1],
            Units::Inches => d3 as u16,
        };
        let first = self.mov + bonus;
        let floor = if self.units == Units::Cm { 2 } else { 1 };
        // In 64ths of the unit: exact for every fractional half down to the floor (MOV ≤ 100).
        const SCALE: u32 = 64;
        let (mut rest, mut turns, mut mov) = (0u32, 1u16, self.mov as u32 * SCALE);
        let fails = |dice: &mut D| match self.test {
            PursuitTest::Single => roll_2d6(dice) > self.fdv,
            PursuitTest::Reaction => reaction_test(dice, self.fdv as i32) == 2,
        };
        while mov > floor * SCALE && fails(dice) {
            mov = match self.halving {
                PursuitHalving::RoundDown => (mov / SCALE / 2) * SCALE,
                PursuitHalving::Fractional => mov / 2,
            };
            rest += mov;
            turns += 1;
        }
        // Fractional totals are rounded to the nearest whole unit (halves up).
        let total = first + ((rest + SCALE / 2) / SCALE) as u16;
        let mut o = Outcome::default();
        o.metrics[0] = first;
        o.metrics[1] = total;
        o.metrics[2] = turns;
        o.flag(0, turns > 1);
        o
    }
}

/// Terrain type: 2D6 — 5–8 open, 4 or 9 jungle/swamp, 3 or 10 rocky, 2/11/12 mountain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerrainRoll;

impl Trial for TerrainRoll {
    fn shape(&self) -> Shape {
        Shape::new(vec![("roll", 12)], vec!["open", "jungle_swamp", "rocky", "mountain"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let r = roll_2d6(dice);
        let mut o = Outcome::default();
        o.metrics[0] = r as u16;
        let k = match r {
            5..=8 => 0,
            4 | 9 => 1,
            3 | 10 => 2,
            _ => 3,
        };
        o.flag(k, true);
        o
    }
}

/// What each reaction test's outcomes mean (passed 1st, passed 2nd, failed both).
pub const REACTION_OUTCOMES: [(&str, &str, &str, &str); 6] = [
    (
        "¿Ahora qué? (a target appears from hiding)",
        "acts",
        "opposed 1D6 + FDV, higher acts first, re-roll ties",
        "frozen",
    ),
    ("Bajo fuego (shot at)", "finishes its move", "ducks back", "flees"),
    ("Cargando (wants to charge)", "completes the charge", "stops and shoots", "ducks back"),
    (
        "Herido (wounded)",
        "keeps fighting",
        "retreats 2 cm [1\"], FDV −1 (in melee keeps fighting; under fire ducks)",
        "flees",
    ),
    ("Asaltado (being charged)", "waits and fires", "waits, no fire", "flees"),
    ("Líder muerto (leader dead)", "carries on", "ducks back", "flees"),
];
