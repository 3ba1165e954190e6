//! One folder per rule system: its rules (pure functions of the dice), its config builders,
//! and the report extras only it needs.

pub mod bichos;
pub mod bmg1e;
pub mod bmg3e;
pub mod mordheim;
pub mod threat;
pub mod wolsung;
