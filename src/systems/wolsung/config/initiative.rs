//! The `initiative` kind: the bid for the Initial Player — does a given hand's highest card
//! beat the highest of the opponent's random cards.

use super::{Cells, Wolsung};
use crate::analysis::scenario::Layout;
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::wolsung::rules::{Bid, TrialWolsung, card_text, parse_card};
use crate::systems::wolsung::schema::File;

impl Wolsung<'_> {
    pub(crate) fn initiative(&self, f: &File, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let i = self.section(&f.initiative, "initiative")?;
        let mut hand = Vec::new();
        for c in &i.hand {
            let card = parse_card(c).ok_or_else(|| {
                self.err(
                    0,
                    &["initiative", "hand"],
                    format!("`{c}` is not a card"),
                    "rank 2–10, J, Q, K, A then a suit ♠ ♥ ♦ ♣ (or s h d c), e.g. \"A♠\", \"10h\"",
                )
            })?;
            if hand.contains(&card) {
                return Err(self.err(0, &["initiative", "hand"], format!("{c} twice"), "distinct cards"));
            }
            hand.push(card);
        }
        if hand.is_empty() || hand.len() > 16 {
            return Err(self.err(0, &["initiative", "hand"], format!("{} cards", hand.len()), "1..=16 cards"));
        }
        let opp = self.int(
            0,
            &["initiative", "opponent_cards"],
            i.opponent_cards.unwrap_or(hand.len() as i64),
            1..=16,
            "opponent_cards",
        )? as u8;
        setup.push(format!("Hand {} bids its highest card against the highest of {opp} random cards from the rest of the deck (value, then ♠ > ♥ > ♦ > ♣)", hand.iter().map(|&c| card_text(c)).collect::<Vec<_>>().join(" ")));
        Ok((vec![cell("bid", vec![], TrialWolsung::Bid(Bid { hand, opponent: opp }))], Layout::Single))
    }
}
