//! What markers do to a 2019 model: when it is K.O., the effort it may still make, and the
//! markers a number of hits places ([`apply_hits`]).
//!
//! A file of its own because the attack's damage table, the duel's rounds and its exact solver
//! all count markers this way.

use super::card::Profile;
use super::readings::Readings;
use crate::systems::batman::markers::Markers;

/// Largest effort a model may make on one action: `3 − floor(♦/3)`, and never enough `★`
/// to K.O. itself (`★ + effort < W`).
pub fn effort_limit(p: &Profile, s: Markers) -> u8 {
    let by_wounds = 3u8.saturating_sub(s.wounds / 3);
    let by_stun = p.willpower.saturating_sub(1).saturating_sub(s.stun);
    by_wounds.min(by_stun)
}

/// Whether a model with these markers is K.O.
pub fn is_ko(p: &Profile, s: Markers) -> bool {
    s.stun >= p.willpower
}

/// Result of applying `h` hits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DamageDone {
    /// `★` actually placed (markers beyond W are discarded).
    pub stun: u8,
    /// `♦` actually placed, including the extra `♦` against a K.O. target.
    pub wounds: u8,
    /// The target was not K.O. before and is after.
    pub ko: bool,
    /// The target's `♦` reached its Endurance.
    pub casualty: bool,
}

/// Apply `hits` hits of `per_hit` markers to a target that starts with `start` markers.
///
/// Each hit against a target that was K.O. when the attack started adds one extra `♦`
/// (also against one K.O.'d earlier in the same attack when `ko_bonus_within_attack`).
pub fn apply_hits(target: &Profile, start: Markers, per_hit: Markers, hits: u32, r: &Readings) -> DamageDone {
    let ko_at_start = is_ko(target, start);
    let (mut stun, mut wounds) = (start.stun, start.wounds);
    let mut ko_now = ko_at_start;
    for _ in 0..hits {
        if wounds >= target.endurance {
            break;
        }
        let extra = (ko_at_start || (r.ko_bonus_within_attack && ko_now)) as u8;
        stun = (stun + per_hit.stun).min(target.willpower.max(start.stun));
        wounds = (wounds + per_hit.wounds + extra).min(target.endurance);
        ko_now = ko_now || stun >= target.willpower;
    }
    DamageDone {
        stun: stun - start.stun,
        wounds: wounds - start.wounds,
        ko: !ko_at_start && ko_now,
        casualty: wounds >= target.endurance,
    }
}
