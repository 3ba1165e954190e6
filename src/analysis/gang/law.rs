//! What one attack offers ([`Play`]): the options of the side that declares first, the other
//! side's answers, and for each pair the exact law of the target's next state ([`Law`]).

/// The exact law of the target's next state: each state with its numerator over `den`.
#[derive(Clone, Debug, PartialEq)]
pub struct Law<S> {
    pub den: u128,
    pub items: Vec<(S, u128)>,
}

impl<S> Law<S> {
    /// The state `s` for certain.
    pub fn certain(s: S) -> Law<S> {
        Law { den: 1, items: vec![(s, 1)] }
    }

    /// A law from the (value, numerator) pairs over `den` that [`crate::exact::outcomes_exact`]
    /// gives.
    pub fn new(items: Vec<(S, u128)>, den: u128) -> Law<S> {
        Law { den, items }
    }
}

/// Which side of an attack declares its choice first; the other answers knowing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// The target declares first (2019 effort: "the target declares first", seed lines
    /// 1615–1621), the attacker answers.
    Target,
    /// The attacker declares first, the target answers.
    Attacker,
}

/// One attack's choices: `options[f][g]` is the law when the first side picks `f` and the other
/// answers `g`. A side with nothing to choose has one option; option 0 is the one that spends
/// nothing, so ties go to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Play<S> {
    pub first: First,
    pub options: Vec<Vec<Law<S>>>,
}

impl<S> Play<S> {
    /// An attack with no choice on either side.
    pub fn only(law: Law<S>) -> Play<S> {
        Play { first: First::Target, options: vec![vec![law]] }
    }
}
