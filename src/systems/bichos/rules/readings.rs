//! The ¡Bichos! variants and ambiguity switches ([`Readings`]), each with the lines it reads, and
//! the few of them one hit depends on ([`HitRules`]).
//!
//! A file of its own because every trial and the duel take them, and the schema fills them in:
//! below all of them.

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
