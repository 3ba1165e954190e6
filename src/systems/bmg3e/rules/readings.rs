//! The 2019 readings: what the rules leave open, each switch with its default.
//!
//! A file of its own because the attack, the check and the duel take them: below all of them.

/// What to do when a check may roll only one die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OneDie {
    /// Roll a second die and take both as rolled (default).
    Plain2d6,
    /// Compare the one die alone.
    SingleDie,
}

/// How many block dice an outnumbered target rolls (seed lines 1503–1515 with 504 and 1535–1538).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutnumberedBlocks {
    /// As many as its Defense after the penalty, which never drops below 1 (504): at least one
    /// die (default).
    Defense,
    /// Its Defense before the penalty, less one die per other enemy ("tirará 2 dados menos",
    /// 1514, read literally): none left when the penalty reaches its Defense.
    FewerDice,
}

/// The spec's ambiguity switches, with their documented defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    /// A natural 6 always blocks (default `false`: a block needs face ≥ the attacker's Attack).
    pub block_natural_six: bool,
    /// Hits after the one that causes K.O. in the same attack already add the extra `♦`.
    pub ko_bonus_within_attack: bool,
    /// Checks reduced to one die.
    pub check_with_one_die: OneDie,
    /// A K.O. *target* still suffers numerical inferiority (default `true`; seed line 1865 says a
    /// K.O. model does not count as "in contact", which `false` also applies to the target itself).
    pub ko_target_outnumbered: bool,
    /// How many block dice an outnumbered target rolls.
    pub outnumbered_block_dice: OutnumberedBlocks,
}
