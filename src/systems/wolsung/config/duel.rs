//! The `duel` kind: two models fight in melee turn after turn, with one shared deck of cards,
//! until one is removed or the turns run out — who wins, and how often.

use super::{Cells, Wolsung, describe, hand_of};
use crate::analysis::scenario::Note;
use crate::error::InputError;
use crate::systems::wolsung::rules::duel::{Duel, Fighter};
use crate::systems::wolsung::rules::{Guard, Readings, TrialWolsung};
use crate::systems::wolsung::schema::{self, File};

impl Wolsung<'_> {
    pub(crate) fn duel(&self, f: &File, readings: Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let d = self.section(&f.duel, "duel")?;
        let turns = self.rounds(d.rounds.or(Some(3)), "duel")?;
        let heroes = 1u8;
        let mut side = |x: &schema::FighterSpec, name: &'static str| -> Result<(Fighter, String), InputError> {
            let m = self.model_w(f, &x.card, &["duel", name, "card"])?;
            let policy = self.policy_w(x.effort.as_deref().unwrap_or("fewest_to_win"), &["duel", name, "effort"])?;
            let guard = self.guard_w(x.guard.as_deref().unwrap_or("on_guard"), &["duel", name, "guard"])?;
            let label = x.label.clone().unwrap_or_else(|| m.label.clone());
            setup.push(format!(
                "{} — {}; card policy: {}, answers attacks with {}",
                name.to_uppercase(),
                describe(&m),
                policy.words(),
                if guard == Guard::OnGuard { "on guard" } else { "a parry" }
            ));
            let fighter = Fighter {
                c: m.c,
                f: (m.f as i32 + m.melee_bonus).max(0) as u32,
                armour: m.armour,
                wounds: m.h,
                hard_to_kill: m.hard_to_kill,
                actions: m.a,
                hand_size: hand_of(&m, heroes),
                policy,
                guard,
                luck: m.beginners_luck,
            };
            Ok((fighter, label))
        };
        let (a, a_label) = side(&d.a, "a")?;
        let (b, b_label) = side(&d.b, "b")?;
        setup.push(format!("{turns} turns: one shared 52-card deck; at the start of each turn each player draws 3 + 1 cards and discards down to 3 + 1 (a hero keeps its best black cards); the Initial Player is chosen once by a coin and activates first every turn; every action is a melee attack; damage applies at the end of each action; a model at 0 wounds is removed; Beginner's luck once per game"));
        self.note(Note::not_modelled(
            "card bids to steal the initiative, take an extra activation or delay one (seed l. 299–361): the Initial Player keeps the first activation every turn",
        ));
        self.note(Note::not_modelled(
            "victory as the game scores it (seed l. 49–52: the player who killed more enemy Heroes wins): here a side wins when the other model is removed, hero or henchman",
        ));
        let duel = Duel { a, b, turns, readings };
        Ok(crate::config::ctx::duel_cell(a_label, b_label, TrialWolsung::Duel(duel)))
    }
}
