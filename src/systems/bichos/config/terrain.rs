//! The `terrain` kind: which terrain type the 2D6 roll gives.
//!
//! It reads nothing from the file, so it needs nothing `config.rs` holds — and uses none of it,
//! not even the `Cells` alias: `config.rs` re-exports [`terrain`] for the kind table, and a use
//! back would tie the two files in a circle.

use crate::analysis::scenario::{CellSpec, Layout};
use crate::config::ctx::cell;
use crate::systems::bichos::rules::TerrainRoll;
use crate::systems::bichos::rules::trial::TrialBichos;

/// The terrain roll reads nothing from the file: its cell and its setup line.
pub(crate) fn terrain(setup: &mut Vec<String>) -> (Vec<CellSpec>, Layout) {
    setup.push("Terrain type, 2D6 (the source says 1D6 but lists 2–12): 5–8 open, 4 or 9 jungle/swamp, 3 or 10 rocky, 2, 11 or 12 mountain".into());
    (vec![cell("terrain", vec![], TrialBichos::Terrain(TerrainRoll))], Layout::Single)
}
