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
    Term::new("any_damage", "at least one marker placed").short("P(at least one marker)"),
    Term::new("any_impact", "at least one impact"),
    Term::new("any_removed", "at least one ★ removed"),
    Term::new("recovered_from_ko", "recovered from K.O."),
    Term::new("a_leads_round_1", "player A leads round 1"),
    Term::new("a_leads_last_round", "player A leads the last round"),
    Term::new("a_leads_majority", "player A leads more than half the rounds"),
    Term::new("at_least_one", "at least one more henchman activates"),
    Term::new("reaches_target", "reaches the target distance"),
    Term::new("three_vp", "3 VP (the named number)"),
    Term::new("riddle_stays", "the riddle stays (off by one)"),
    Term::new("one_vp", "1 VP"),
    Term::new("any_pass", "at least one pass"),
    Term::new("pass", "check passed"),
    Term::new("critical", "critical (collateral die 6 with a damage success)"),
    Term::new("knocked_down", "knocked down (the collateral die matches a damage die)"),
    // The melee exchange's outcomes (A strikes, B strikes back with what it has left).
    Term::new("b_down", "B K.O. or removed"),
    Term::new("a_down", "A K.O. or removed"),
    Term::new("a_ahead", "B down and A standing"),
    Term::new("b_strikes_back", "B strikes back"),
    Term::new("b_casualty", "B removed as a casualty"),
    Term::new("b_knocked_down", "B knocked down"),
    // Many against one.
    Term::new("target_out", "target taken out: out of action (K.O. or casualty), or a casualty where that is the goal")
        .short("P(taken out)"),
    Vocabulary::GANG_TURNS[0],
    Vocabulary::GANG_TURNS[1],
    Vocabulary::GANG_TURNS[2],
    Vocabulary::GANG_TURNS[3],
    Term::new("out_ko", "out of action by a K.O."),
    Term::new("out_casualty", "removed as a casualty"),
];

/// Its metrics.
const METRICS: &[Term] = &[
    batman::A_DEALT,
    batman::B_DEALT,
    Term::new("impact_dice", "impact dice rolled"),
    Term::new("impacts", "impacts before blocks"),
    Term::new("blocks", "impacts cancelled by block dice"),
    Term::new("hits", "hits (impacts left after blocks, Blink! and armour)"),
    Term::new("blinked", "impacts removed by Blink! and Dodge"),
    Term::new("damage_successes", "damage successes"),
    batman::STUN,
    batman::WOUNDS,
    batman::DAMAGE,
    Term::new("roll", "roll (D6 or 2D6 sum, after any reroll)"),
    Term::new("stun_removed", "★ removed"),
    Term::new("a_leads", "rounds player A leads"),
    Term::new("rounds", "rounds played"),
    Term::new("attack_dice", "2019 attack dice rolled (without the Strength die)"),
    Term::new("a_longest_streak", "player A's longest run of leads"),
    Term::new("chain", "henchmen activated by Let's Go!"),
    Term::new("distance_cm", "distance moved (cm)"),
    Term::new("vp", "victory points"),
    Term::new("passes", "passes available"),
    Term::new("b_strikes_left", "B's strikes left"),
    Term::new("net_plus_offset", "net markers (offset)"),
    batman::DICE,
    batman::SUM,
    Term::new("attackers_to_out", "attacks it takes to take the target out"),
    Term::new("damage_taken", "★ and ♦ on the target when the attacks end").short("★ + ♦ on the target"),
    // The duel's per-side count.
    Term::new("a_strikes", "Attack counters (strikes) A uses"),
    Term::new("b_strikes", "Attack counters (strikes) B uses"),
];
