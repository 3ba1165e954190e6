//! What damage markers do to a 2013 character: the action counters it loses to them
//! ([`counters_lost`]) and markers placed on it, K.O. and casualty ([`apply_markers`]).
//!
//! A file of its own because the attack places markers and the exchange and the duel count the
//! counters they cost.

use super::card::Card;
use crate::systems::batman::markers::Markers;

/// Counters lost to damage: one per 2 markers (*Insensitive* none, *Sturdy* per 3, *Weak* per 1).
pub fn counters_lost(c: &Card, markers: u8) -> u8 {
    if c.traits.insensitive {
        0
    } else if c.traits.weak {
        markers
    } else if c.traits.sturdy {
        markers / 3
    } else {
        markers / 2
    }
}

/// Result of applying damage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    pub markers: Markers,
    /// Markers actually added (★, ♦); a ★ replaced by a ♦ counts as a ♦ added and a ★ removed.
    pub stun_added: u8,
    pub wounds_added: u8,
    pub ko: bool,
    pub casualty: bool,
}

/// Apply `wounds` ♦ then `stun` ★ to a model with `start` markers and Endurance `e`.
///
/// Total markers ≥ E is K.O.; once K.O., further ★ are ignored and each further ♦ replaces a ★;
/// ♦ ≥ E is a casualty.
pub fn apply_markers(e: u8, start: Markers, stun: u32, wounds: u32) -> Applied {
    let (mut s, mut w) = (start.stun, start.wounds);
    let (mut s_added, mut w_added) = (0u8, 0u8);
    for _ in 0..wounds {
        if w >= e {
            break;
        }
        if s + w < e {
            w += 1;
            w_added += 1;
        } else if s > 0 {
            s -= 1;
            w += 1;
            w_added += 1;
        }
    }
    for _ in 0..stun {
        if s + w < e {
            s += 1;
            s_added += 1;
        }
    }
    let m = Markers { stun: s, wounds: w };
    Applied { markers: m, stun_added: s_added, wounds_added: w_added, ko: s + w >= e, casualty: w >= e }
}
