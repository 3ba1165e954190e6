//! Rule systems. Each module turns a validated scenario into [`crate::engine::Trial`]s:
//! pure functions of the dice, with no I/O, threads or allocation per trial.

pub mod bichos;
pub mod bmg1e;
pub mod bmg3e;
pub mod mordheim;
pub mod threat;
pub mod wolsung;
