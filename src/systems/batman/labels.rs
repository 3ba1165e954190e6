//! Words both Batman editions share in reports: the events both resolve the same way, each
//! declared once with its title and short label and listed in each edition's vocabulary.

use crate::vocabulary::Term;

/// At least one hit.
pub const ANY_HIT: Term = Term::new("any_hit", "at least one hit").short("P(hit)");
/// K.O. caused.
pub const KO: Term = Term::new("ko", "K.O. caused").short("P(K.O.)");
/// Out of action caused.
pub const OUT_OF_ACTION: Term =
    Term::new("out_of_action", "out of action caused (K.O. or casualty)").short("P(K.O. or casualty)");

/// A metric both editions word alike.
pub const A_DEALT: Term = Term::new("a_dealt", "markers A deals");
/// A metric both editions word alike.
pub const B_DEALT: Term = Term::new("b_dealt", "markers B deals");
/// A metric both editions word alike.
pub const STUN: Term = Term::new("stun", "★ placed on the target");
/// A metric both editions word alike.
pub const WOUNDS: Term = Term::new("wounds", "♦ placed on the target");
/// The sum `damage` = `stun` + `wounds` both editions measure ([`super::MEASURE_ALIASES`]).
pub const DAMAGE: Term = Term::new("damage", "★ and ♦ placed on the target");
/// A metric both editions word alike.
pub const DICE: Term = Term::new("dice", "dice rolled");
/// A metric both editions word alike.
pub const SUM: Term = Term::new("sum", "sum of the two kept dice");

/// The fields of both editions' `[attack]`, `[check]`, `[cards]` and `[weapons]` a report can
/// name (a swept parameter: `target.defense` is "target's Defense"), each edition's vocabulary
/// lists them.
pub const FIELDS: &[Term] = &[
    // Many against one (a sweep of `attackers.0.count` reads "how many of the first attacker listed").
    Term::new("gang.target", "target"),
    Term::new("gang.attackers", "attacker"),
    Term::new("gang.attackers.count", "how many").reads("{} attacker{s} of that entry"),
    Term::new("gang.turns", "turns").reads("{} turn{s}"),
    Term::new("gang.others_in_contact", "other enemies in contact"),
    Term::new("gang.defense_counters", "target's Defense counters").reads("{} Defense counter{s}"),
    Term::new("gang.target_knocked_down", "target knocked down"),
    Term::new("gang.target_armor_spent", "markers the target's Power Armor has ignored"),
    Term::new("attack.attacker", "attacker"),
    Term::new("attack.target", "target"),
    Term::new("attack.weapon", "weapon"),
    Term::new("attack.target_weapon", "target's weapon"),
    Term::new("attack.attacker_effort", "attacker's Effort"),
    Term::new("attack.target_effort", "target's Effort"),
    Term::new("attack.enemies_in_contact", "enemies in contact"),
    Term::new("attack.attacker_stun", "★ on the attacker").reads("{} ★ on the attacker"),
    Term::new("attack.attacker_wounds", "♦ on the attacker").reads("{} ♦ on the attacker"),
    Term::new("attack.target_stun", "★ on the target").reads("{} ★ on the target"),
    Term::new("attack.target_wounds", "♦ on the target").reads("{} ♦ on the target"),
    Term::new("attack.defense_mod", "Defense modifier"),
    Term::new("attack.moved", "attacker moved").either("attacker moved", "attacker standing"),
    Term::new("attack.beyond_optimal_range", "beyond optimal range"),
    Term::new("attack.cover", "target in cover").either("target in cover", "no cover"),
    Term::new("attack.blind_fire", "blind fire"),
    Term::new("attack.storm", "storm"),
    Term::new("attack.dodge", "Dodge"),
    Term::new("attack.attack_counters", "attack counters").reads("{} attack counter{s}"),
    Term::new("attack.defense_counters", "defense counters").reads("{} defense counter{s}"),
    Term::new("attack.numerical_inferiority", "numerical inferiority"),
    Term::new("attack.defensive_position", "defensive position"),
    Term::new("attack.paralyzed", "target paralyzed"),
    Term::new("attack.target_knocked_down", "target knocked down"),
    Term::new("attack.dodge_counters", "dodge counters").reads("{} dodge counter{s}"),
    Term::new("attack.elusive", "Elusive"),
    Term::new("attack.within_5cm", "within 5 cm"),
    Term::new("attack.target_armor_spent", "target's armour already spent"),
    Term::new("check.model", "model"),
    Term::new("check.value", "value to roll against"),
    Term::new("check.ko", "model K.O."),
    Term::new("check.enemy_effort", "enemy's Effort"),
    Term::new("cards.attack", "Attack"),
    Term::new("cards.defense", "Defense"),
    Term::new("cards.strength", "Strength"),
    Term::new("cards.willpower", "Willpower"),
    Term::new("cards.endurance", "Endurance"),
    Term::new("cards.special", "Special"),
    Term::new("cards.movement", "Movement"),
    Term::new("cards.reputation", "Reputation"),
    Term::new("cards.funding", "Funding"),
    Term::new("weapons.strength_bonus", "Strength bonus"),
    Term::new("weapons.rate_of_fire", "Rate of Fire"),
    Term::new("weapons.strength", "Strength"),
];
