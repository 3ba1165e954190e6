//! The words this system's reports use for its events, metrics and fields (a report never
//! borrows another system's wording).

use crate::systems::batman::labels as batman;
use crate::vocabulary::{Term, Vocabulary};

/// Every name this system's reports show, in its words.
pub const VOCABULARY: Vocabulary = Vocabulary { events: EVENTS, metrics: METRICS, fields: batman::FIELDS };

/// Its events: what each means, and a short label where the report's "P(<title>)" would be too long.
const EVENTS: &[Term] = &[
    batman::ANY_HIT,
    batman::KO,
    Term::new("casualty", "casualty caused"),
    batman::OUT_OF_ACTION,
    Term::new("pass", "check passed"),
    Term::new("critical", "critical (Strength die natural 6)"),
    // Many against one.
    Term::new("target_out", "target taken out: out of action (K.O. or casualty), or a casualty where that is the goal")
        .short("P(taken out)"),
    Vocabulary::GANG_TURNS[0],
    Vocabulary::GANG_TURNS[1],
    Vocabulary::GANG_TURNS[2],
    Vocabulary::GANG_TURNS[3],
    Term::new("out_ko", "out of action by a K.O."),
    Term::new("out_casualty", "removed as a casualty"),
    Term::new("knocked_down", "knocked down (a critical on a target left standing, knock-down chosen over any CRT)"),
];

/// Its metrics.
const METRICS: &[Term] = &[
    batman::A_DEALT,
    batman::B_DEALT,
    Term::new("attack_dice", "attack dice rolled (without the Strength die)"),
    Term::new("impacts", "impacts before blocks (Strength die included)"),
    Term::new("blocks", "impacts cancelled by block dice"),
    Term::new("hits", "hits (impacts left after blocks, plus the Strength die)"),
    batman::STUN,
    batman::WOUNDS,
    batman::DAMAGE,
    batman::DICE,
    batman::SUM,
    Term::new("attackers_to_out", "attacks it takes to take the target out"),
    Term::new("damage_taken", "★ and ♦ on the target when the attacks end (its own effort ★ included)")
        .short("★ + ♦ on the target"),
    // The duel's per-side count.
    Term::new("a_effort", "effort ★ A takes"),
    Term::new("b_effort", "effort ★ B takes"),
];
