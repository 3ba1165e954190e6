//! The Batman Miniature Game 2013 sections of a scenario file, exactly as users write them (read strictly:
//! every struct denies unknown fields, so a typo is an error with its line).

use serde::Deserialize;

/// A bmg-1e round procedure.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Procedure {
    #[serde(rename = "type")]
    pub kind: String,
    pub model: Option<String>,
    // take-the-lead
    pub rounds: Option<i64>,
    pub a_mastermind: Option<bool>,
    pub a_perfect_plan: Option<bool>,
    pub a_kaos_agent: Option<bool>,
    pub b_mastermind: Option<bool>,
    pub b_perfect_plan: Option<bool>,
    pub b_kaos_agent: Option<bool>,
    // lets-go
    pub henchmen: Option<i64>,
    pub mob: Option<bool>,
    // movement
    pub movement_counters: Option<i64>,
    pub run: Option<bool>,
    pub target_cm: Option<i64>,
    // recovery
    pub stun: Option<i64>,
    pub unspent_special: Option<i64>,
    pub ko: Option<bool>,
    // riddle
    pub named: Option<i64>,
    // passing
    pub own_characters: Option<i64>,
    pub enemy_characters: Option<i64>,
    pub informer: Option<bool>,
    pub enemy_detective: Option<bool>,
    // bmg-1e: the cards whose traits act (take-the-lead: a_cards / b_cards; passing:
    // own_cards / enemy_cards; lets-go: cards), and the Sidekick's Let's Go! reroll.
    pub a_cards: Option<Vec<String>>,
    pub b_cards: Option<Vec<String>>,
    pub own_cards: Option<Vec<String>>,
    pub enemy_cards: Option<Vec<String>>,
    pub cards: Option<Vec<String>>,
    pub sidekick_reroll: Option<bool>,
}

/// A bmg-1e melee exchange with action-counter splits.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exchange {
    pub a: ExchangeSide,
    pub b: ExchangeSide,
    pub objective: Option<String>,
}

/// One side of an exchange.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExchangeSide {
    pub card: String,
    pub weapon: Option<String>,
    pub stun: Option<i64>,
    pub wounds: Option<i64>,
    /// `[attack counters, defense counters]`; omitted: every full split is tried.
    pub split: Option<Vec<i64>>,
}

/// One matchup under both BMG editions.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Editions {
    pub attacker: String,
    pub weapon: Option<String>,
    pub target: String,
    pub target_weapon: Option<String>,
}
