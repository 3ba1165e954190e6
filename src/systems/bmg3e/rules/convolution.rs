//! The 2019 attack in closed form: a test oracle that shares no walking code with
//! [`crate::exact::evaluate`]. An attack's impacts and blocks are binomial counts, so its exact
//! distribution is their convolution with the Strength die's face, each combination scored by the
//! same [`Attack::score`] the simulation uses.

use super::attack::Attack;
use crate::engine::Trial;
use crate::exact::{Exact, binomial};

/// Exact distribution of a BMG 2019 attack by convolution over impacts, blocks and the
/// Strength die face, scored by the same [`Attack::score`] the simulation uses.
pub fn attack(a: &Attack) -> Exact {
    let mut out = Exact::new(&a.shape());
    let impacts = binomial(a.attack_dice, a.impact.probability());
    let blocks = binomial(a.block_dice, a.block.probability());
    let faces: Vec<(Option<u8>, f64)> =
        if a.strength_die { (1..=6).map(|f| (Some(f), 1.0 / 6.0)).collect() } else { vec![(None, 1.0)] };
    for (i, &pi) in impacts.iter().enumerate() {
        for &(face, pf) in &faces {
            if i == 0 {
                // No impacts: the block roll is irrelevant.
                out.add(&a.score(0, 0, face), pi * pf);
                continue;
            }
            for (b, &pb) in blocks.iter().enumerate() {
                out.add(&a.score(i as u32, b as u32, face), pi * pf * pb);
            }
        }
    }
    out
}
