//! Many against one: several attackers act one after another against one target, over one turn
//! or several, and everything the rules carry between attacks stays on the target — how likely
//! the target is taken out, after how many attackers, and in which order they should go.
//!
//! **The contract** ([`GangRules`]). A rule system says what the target's state is (its markers,
//! its wounds, whatever later attacks read), what one attacker's attack does to it — an exact
//! law of the next state for every choice both sides may make ([`Play`]) —, what happens to the
//! target between turns, and when it is out. Everything else is written once here and names no
//! system: the state space and its laws (`tables.rs`), the value of an order and the search over
//! orders (`search.rs`), the figures of an order walked forwards, in double precision and as
//! exact fractions (`walk.rs`), the sampled trial that checks them (`trial.rs`) and the figures
//! a report shows (`figures.rs`).
//!
//! **Who knows what.** Each attack is a small game: the side that declares first (the 2019
//! target declares its effort before the attacker) picks an option, the other answers it; the
//! target plays to keep itself in the fight, the attackers to take it out. Both know the order
//! and every result so far, never a die still to be rolled: backward induction over the target's
//! state, ties to the smaller option (less spent).
//!
//! **An attack in steps.** Where the rules let a side answer some of an attack's dice before the
//! rest are rolled (the 2013 target spends its Defense counters after seeing the impacts), the
//! system cuts the attack into steps ([`GangRules::stages`]): the state between them holds what
//! was rolled, each state says which step it waits for ([`GangRules::stage`]), and the values,
//! the walks and the sampled trial go through the steps of each attack in turn.
//!
//! **The goal ends the sequence.** Once the target is out (the system's [`GangRules::out`]: K.O.
//! or casualty, fled, dead — whichever the scenario asks for) the question is answered: the
//! remaining attackers do not act on it. A scenario that asks for a casualty keeps attacking a
//! K.O. model, because a K.O. model is not yet out for that goal.
//!
//! **The target takes no activation between the attackers**: it makes every reaction the rules
//! give it (blocks, dodges, effort), nothing else. The systems' reports say what that leaves out.

mod budget;
mod contract;
pub mod figures;
mod law;
mod memory;
mod search;
mod tables;
#[cfg(test)]
mod tests;
mod trial;
mod walk;

pub use budget::{SEARCH_BUDGET, check, number_kinds, within_budget};
pub use contract::{GangRules, MAX_ATTACKERS, MAX_TURNS};
pub use figures::{GangFigures, OrderFigures};
pub use law::{First, Law, Play};
pub use trial::GangTrial;
