//! `kind = "procedure"` (2013): one `[procedure]` section of a `type` → its trial and setup
//! lines. [`Bmg1e::procedure`] only dispatches: each procedure is one function below.

use super::Bmg1e;
use super::{Budget, Cells, Counters, Spend, card_text};
use crate::analysis::scenario::{Layout, Note};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::batman::markers::Markers;
use crate::systems::bmg1e::rules::procedures::{
    LetsGo, Movement, Recovery, Riddle, TakeTheLead, bag_counters, basic_move, pass_chances,
};
use crate::systems::bmg1e::rules::{Card, LetsGoSix, Readings, Trial1e};
use crate::systems::bmg1e::schema;
use crate::systems::bmg1e::schema::{File, Procedure};
use std::ops::RangeInclusive;

/// The path of a `[procedure]` field.
fn at(field: &'static str) -> [&'static str; 2] {
    ["procedure", field]
}

fn flag(b: Option<bool>) -> bool {
    b.unwrap_or(false)
}

/// How many of the cards `cs` have the trait `t`.
fn count(cs: &[(Card, String)], t: &str) -> u8 {
    cs.iter().filter(|(c, _)| c.traits.has(t)).count() as u8
}

/// The fields each procedure type reads (none for an unknown type).
fn reads(kind: &str) -> &'static [&'static str] {
    match kind {
        "take-the-lead" => &[
            "rounds",
            "a_mastermind",
            "a_perfect_plan",
            "a_kaos_agent",
            "b_mastermind",
            "b_perfect_plan",
            "b_kaos_agent",
            "a_cards",
            "b_cards",
        ],
        "lets-go" => &["henchmen", "mob", "cards", "sidekick_reroll"],
        "movement" => &["model", "movement_counters", "run", "target_cm"],
        "recovery" => &["model", "stun", "unspent_special", "ko"],
        "riddle" => &["named"],
        "passing" => &["own_characters", "enemy_characters", "informer", "own_cards"],
        _ => &[],
    }
}

impl Bmg1e<'_> {
    /// A `[procedure]` section: the note on fields its type does not read, then its trial.
    pub(crate) fn procedure(
        &self,
        f: &File,
        readings: &Readings,
        setup: &mut Vec<String>,
    ) -> Result<Cells, InputError> {
        let p = self.section(&f.procedure, "procedure")?;
        self.note_unread_procedure_fields(&p);
        let trial = match p.kind.as_str() {
            "take-the-lead" => self.take_the_lead(&p, setup)?,
            "lets-go" => self.lets_go(&p, readings, setup)?,
            "movement" => self.movement(&p, setup)?,
            "recovery" => self.recovery(&p, setup)?,
            "riddle" => self.riddle(&p, setup)?,
            "passing" => self.passing(&p, setup)?,
            other => {
                return Err(self.err(
                    0,
                    &at("type"),
                    format!("unknown procedure `{other}`"),
                    "`take-the-lead`, `lets-go`, `movement`, `recovery`, `riddle`, `passing`",
                ));
            }
        };
        Ok((vec![cell(&p.kind, vec![], trial)], Layout::Single))
    }

    /// A number field of `[procedure]`, `default` when absent, within `r`.
    fn procedure_int(
        &self,
        field: &'static str,
        v: Option<i64>,
        default: i64,
        r: RangeInclusive<i64>,
    ) -> Result<u8, InputError> {
        self.int(0, &at(field), v.unwrap_or(default), r, field).map(|x| x as u8)
    }

    /// The `model` a procedure needs, with its label.
    fn procedure_model(&self, p: &Procedure) -> Result<(Card, String), InputError> {
        match &p.model {
            Some(m) => self.card(m, &at("model")),
            None => Err(self.err(0, &["procedure"], "this procedure needs `model`", self.card_names())),
        }
    }

    /// Fields the procedure type does not read cannot change its numbers: say so.
    fn note_unread_procedure_fields(&self, p: &Procedure) {
        let fields: [(&str, bool); 25] = [
            ("model", p.model.is_some()),
            ("rounds", p.rounds.is_some()),
            ("a_mastermind", p.a_mastermind.is_some()),
            ("a_perfect_plan", p.a_perfect_plan.is_some()),
            ("a_kaos_agent", p.a_kaos_agent.is_some()),
            ("b_mastermind", p.b_mastermind.is_some()),
            ("b_perfect_plan", p.b_perfect_plan.is_some()),
            ("b_kaos_agent", p.b_kaos_agent.is_some()),
            ("a_cards", p.a_cards.is_some()),
            ("b_cards", p.b_cards.is_some()),
            ("henchmen", p.henchmen.is_some()),
            ("mob", p.mob.is_some()),
            ("cards", p.cards.is_some()),
            ("sidekick_reroll", p.sidekick_reroll.is_some()),
            ("movement_counters", p.movement_counters.is_some()),
            ("run", p.run.is_some()),
            ("target_cm", p.target_cm.is_some()),
            ("stun", p.stun.is_some()),
            ("unspent_special", p.unspent_special.is_some()),
            ("ko", p.ko.is_some()),
            ("named", p.named.is_some()),
            ("own_characters", p.own_characters.is_some()),
            ("enemy_characters", p.enemy_characters.is_some()),
            ("informer", p.informer.is_some()),
            ("own_cards", p.own_cards.is_some() || p.enemy_cards.is_some() || p.enemy_detective.is_some()),
        ];
        let reads = reads(&p.kind);
        let unread: Vec<&str> = fields.iter().filter(|(f, set)| *set && !reads.contains(f)).map(|(f, _)| *f).collect();
        if !unread.is_empty() && !reads.is_empty() {
            self.note(Note::ignored(format!(
                "procedure `{}` does not read `{}`",
                p.kind,
                unread.join("`, `").replace("own_cards", "own_cards/enemy_cards/enemy_detective")
            )));
        }
    }

    /// Take the Lead (seed L316): each band's counters in the bag for `rounds` rounds, with
    /// Mastermind, Perfect Plan and Kaos Agent (flags or cards).
    fn take_the_lead(&self, p: &Procedure, setup: &mut Vec<String>) -> Result<Trial1e, InputError> {
        let rounds = self.procedure_int("rounds", p.rounds, 6, 2..=20)?;
        if rounds % 2 == 1 {
            return Err(self.err(
                0,
                &at("rounds"),
                format!("{rounds} rounds cannot be split equally between two players"),
                "an even number 2..=20",
            ));
        }
        let a_cards = self.card_list(&p.a_cards, "a_cards")?;
        let b_cards = self.card_list(&p.b_cards, "b_cards")?;
        let used = ["mastermind", "kaos_agent", "perfect_plan"];
        for (c, l) in a_cards.iter().chain(&b_cards) {
            self.note_unused_traits(l, c, &used, "the Take-the-Lead bag");
        }
        let pp = |f: Option<bool>, cs: &[(Card, String)]| flag(f) || count(cs, "perfect_plan") > 0;
        let (a_pp, b_pp) = (pp(p.a_perfect_plan, &a_cards), pp(p.b_perfect_plan, &b_cards));
        if count(&a_cards, "perfect_plan") + count(&b_cards, "perfect_plan") > 0 {
            self.note(Note::ignored(
                "`perfect_plan` on a card: Perfect Plan is a band strategy (3 strategy points, seed L1040), not a character trait; it is read as that band having chosen the strategy (+1 counter, once per band)",
            ));
        }
        let a_mm = (flag(p.a_mastermind) as u8).max(count(&a_cards, "mastermind"));
        let b_mm = (flag(p.b_mastermind) as u8).max(count(&b_cards, "mastermind"));
        let a_ka = (flag(p.a_kaos_agent) as u8).max(count(&a_cards, "kaos_agent"));
        let b_ka = (flag(p.b_kaos_agent) as u8).max(count(&b_cards, "kaos_agent"));
        let a = bag_counters(rounds / 2, a_mm, a_pp, b_ka);
        let b = bag_counters(rounds / 2, b_mm, b_pp, a_ka);
        setup.push(format!("Take the Lead bag for {rounds} rounds: player A {a} counters, player B {b} counters ({} each, +1 per Mastermind, +1 Perfect Plan, −1 per enemy Kaos Agent)", rounds / 2));
        setup.push(format!(
            "Each round one counter is drawn; its owner leads; the game ends when the bag is empty, and after round {rounds} even with counters left (seed L316): {} rounds",
            (a + b).min(rounds)
        ));
        Ok(Trial1e::TakeTheLead(TakeTheLead { a, b, rounds }))
    }

    /// Let's Go!: how many of `henchmen` join, with Mob and a Sidekick's reroll.
    fn lets_go(&self, p: &Procedure, readings: &Readings, setup: &mut Vec<String>) -> Result<Trial1e, InputError> {
        let n = self.procedure_int("henchmen", p.henchmen, 3, 1..=20)?;
        let cards = self.card_list(&p.cards, "cards")?;
        for (c, l) in &cards {
            self.note_unused_traits(l, c, &["mob"], "Let's Go! rolls");
        }
        let mob = flag(p.mob) || count(&cards, "mob") > 0;
        let sidekick = flag(p.sidekick_reroll);
        setup.push(format!(
            "Let's Go!: {n} more henchmen can join; 4+ then +1 per further use, a 6 always succeeds{}{}",
            if mob { "; Mob +1 to the roll" } else { "" },
            if sidekick { "; Sidekick within 20 cm: a failed roll is rerolled" } else { "" }
        ));
        self.note(Note::not_modelled(
            "Let's Go! costs 1 SC per use (seed L1464; free within 10 cm of the Leader, L1460): the chain assumes every henchman can pay it",
        ));
        let six = readings.lets_go_six;
        let go = LetsGo { available: n, mob, sidekick_reroll: sidekick, six };
        self.note_lets_go_six(&go);
        Ok(Trial1e::LetsGo(go))
    }

    /// The reading `lets_go_six` moves the chain only under *Mob* (a 5 + 1 is a result of 6):
    /// say so with P(the chain reaches k) under each value, exactly ([`LetsGo::reach`]).
    fn note_lets_go_six(&self, go: &LetsGo) {
        use schema::lets_go_six as m;
        let chains: Vec<(LetsGoSix, Vec<String>)> = m::VALUES
            .iter()
            .map(|&(_, six)| {
                let reach = LetsGo { six, ..*go }.reach();
                (six, reach.iter().map(|(num, den)| crate::stats::fraction(*num, *den)).collect())
            })
            .collect();
        if chains.iter().all(|(_, c)| *c == chains[0].1) {
            return;
        }
        let each: Vec<String> = chains
            .iter()
            .map(|(six, c)| {
                format!("“{}”{}: {}", m::words(*six), if *six == go.six { " (in force)" } else { "" }, c.join(", "))
            })
            .collect();
        self.note(Note::reading(format!(
            "the reading “{}” moves these numbers: with Mob's +1 (seed L1498) a 5 is a result of 6, and L1466 says \"a result of 6 is always a success\"; P(the chain reaches 1, 2, … {} henchmen), exact: {}",
            m::TITLE,
            go.available,
            each.join("; ")
        )));
    }

    /// A movement: the Movement counters a `model` rolls (within its budgets, issue #23), running or
    /// not, towards `target_cm`.
    fn movement(&self, p: &Procedure, setup: &mut Vec<String>) -> Result<Trial1e, InputError> {
        let (card, label) = self.procedure_model(p)?;
        let run = p.run.unwrap_or(false);
        // Running costs 1 MC + 1 SC (seed L468): that MC rolls no die. Budgets (issue #23):
        // MC ≤ Movement (L344), SC ≤ Special (L362), all ≤ Willpower (L326).
        let w = Counters::of(&card, Markers::default());
        if run && (card.special_counters() == 0 || card.movement == 0 || w.n < 2) {
            let (label, terms): (Budget, Vec<Spend>) = if card.special_counters() == 0 {
                (("Special 0".into(), 0), vec![("Run", 1, "SC (L468)")])
            } else if card.movement == 0 {
                (("Movement 0".into(), 0), vec![("Run", 1, "MC (L468)")])
            } else {
                ((w.label.clone(), w.n), vec![("Run", 1, "MC"), ("", 1, "SC")])
            };
            return Err(self.over_budget(
                &at("run"),
                &label,
                &terms,
                "run = false, or a model with Movement ≥ 1, Special ≥ 1 and Willpower ≥ 2",
            ));
        }
        let most = card.movement.saturating_sub(run as u8).min(w.n - 2 * run as u8);
        let mc = match p.movement_counters {
            None => most as u64,
            Some(x) => self.counters_value(&at("movement_counters"), x, card.movement.min(w.n), "movement_counters")?,
        };
        if mc > card.movement as u64 || (!run && mc > w.n as u64) {
            return Err(self.over_budget(
                &at("movement_counters"),
                &w.binding(&format!("Movement {}", card.movement), card.movement),
                &[("movement_counters", mc, "MC")],
                format!("0..={}", card.movement.min(w.n)),
            ));
        }
        let mut mc = mc as u8;
        // `movement_counters` are the dice; while running, Movement counters are read as
        // the whole slot, the Run's included (a note says so).
        let slot = run && mc > card.movement - 1;
        if run && mc + 1 + (!slot) as u8 > w.n {
            let terms: Vec<Spend> = if slot {
                vec![("movement_counters", mc.into(), "MC (the Run's included)"), ("Run", 1, "SC")]
            } else {
                vec![("movement_counters", mc.into(), "MC"), ("Run", 1, "MC"), ("", 1, "SC")]
            };
            return Err(self.over_budget(
                &at("movement_counters"),
                &(w.label.clone(), w.n),
                &terms,
                format!("0..={} while running", w.n - 2),
            ));
        }
        if slot {
            self.note(Note::ignored(format!(
                "movement_counters = {mc} while running: 1 of {label}'s {} Movement counters pays for the Run (1 MC + 1 SC, seed L468), so {} roll dice",
                card.movement,
                card.movement - 1
            )));
            mc = card.movement - 1;
        }
        let target = self.int(0, &at("target_cm"), p.target_cm.unwrap_or(0), 0..=200, "target_cm")? as u16;
        let basic = basic_move(card.traits.acrobat, card.traits.big, card.traits.small);
        self.note_unused_traits(&label, &card, &["acrobat", "big", "small", "fast"], "a movement");
        setup.push(format!(
            "Model: {label} ({}), basic move {basic} cm{}",
            card_text(&card),
            if card.traits.fast { ", Fast (rerolls the dice sum once when short)" } else { "" }
        ));
        setup.push(format!(
            "{mc} Movement counters rolled as D6 each{}{}",
            if run { "; running (2 × basic, 1 MC + 1 SC)" } else { "" },
            if target > 0 { format!("; target {target} cm") } else { String::new() }
        ));
        Ok(Trial1e::Movement(Movement { basic, mc_dice: mc, fast: card.traits.fast, run, target }))
    }

    /// A recovery roll of a `model` with `stun` ★, K.O. or not, with its unspent Special counters.
    fn recovery(&self, p: &Procedure, setup: &mut Vec<String>) -> Result<Trial1e, InputError> {
        let (card, label) = self.procedure_model(p)?;
        let stun = self.procedure_int("stun", p.stun, 1, 0..=card.endurance as i64)?;
        // L752: "As soon as a character accumulates as many Damage Markers as its own
        // Endurance value, they will immediately become K.O." As in an attack, where
        // markers ≥ Endurance make the target K.O. whatever else is set, `stun` =
        // Endurance is K.O.: `ko` may be omitted, and `ko = false` contradicts it
        // (issue #23 review, finding 6).
        if p.ko == Some(false) && stun >= card.endurance {
            return Err(self.err(
                0,
                &at("ko"),
                format!(
                    "{label} with {stun} ★ = Endurance {} is K.O. (L752: as many Damage Markers as its Endurance), not `ko = false`",
                    card.endurance
                ),
                format!("ko = true (or omit it), or stun ≤ {}", card.endurance - 1),
            ));
        }
        let ko = p.ko.unwrap_or(stun >= card.endurance);
        // One more die "per available SC" (L798): at most Special (L362, Scientific 4),
        // at most the counters it has with its ★ (L742, L744), none when K.O. (L754).
        let w = if ko {
            Counters { n: 0, label: "K.O. (L754: it lost all its Action Counters)".into() }
        } else {
            Counters::of(&card, Markers { stun, wounds: 0 })
        };
        let slot = card.special_counters();
        let sc = p
            .unspent_special
            .map_or(Ok(0), |x| self.counters_value(&at("unspent_special"), x, slot.min(w.n), "unspent_special"))?;
        if sc > slot.min(w.n) as u64 {
            return Err(self.over_budget(
                &at("unspent_special"),
                &w.binding(&format!("Special {slot}"), slot),
                &[("unspent_special", sc, "SC")],
                format!("0..={}", slot.min(w.n)),
            ));
        }
        let sc = sc as u8;
        let mut used = vec!["scientific"];
        if ko {
            used.push("resilient");
        }
        self.note_unused_traits(&label, &card, &used, "a recovery roll");
        if card.traits.scientific && card.special != 4 {
            self.note(Note::ignored(format!(
                "{label}'s `special` = {} is read as 4: Scientific makes the Special characteristic 4 (seed L1596)",
                card.special
            )));
        }
        if card.traits.power_armor {
            self.note(Note::not_modelled(format!(
                "{label}'s Power Armor repair (2 SC instead of the Recovery Roll, seed L1544) is not chosen here: the recovery roll is made"
            )));
        }
        setup.push(format!(
            "Model: {label} ({}) with {stun} ★{}",
            card_text(&card),
            if ko { ", K.O.: an Endurance roll removes one ★" } else { "" }
        ));
        if !ko {
            setup.push(format!("Recovery: 1 + {sc} dice (unspent Special counters), each 4+ removes one ★"));
        }
        Ok(Trial1e::Recovery(Recovery {
            stun,
            unspent_special: sc,
            ko,
            endurance: card.endurance,
            resilient: card.traits.resilient,
        }))
    }

    /// The Riddler's riddle: the number the opponent names (0: at random).
    fn riddle(&self, p: &Procedure, setup: &mut Vec<String>) -> Result<Trial1e, InputError> {
        let named = self.procedure_int("named", p.named, 0, 0..=6)?;
        setup.push(format!(
            "Riddle: the opponent names {}; equal → 3 VP, off by one → the riddle stays, otherwise 1 VP",
            if named == 0 { "a number at random".to_string() } else { named.to_string() }
        ));
        Ok(Trial1e::Riddle(Riddle { named }))
    }

    /// Passing: how many passes a band gets this round, with Informers and enemy Detectives.
    fn passing(&self, p: &Procedure, setup: &mut Vec<String>) -> Result<Trial1e, InputError> {
        let own_cards = self.card_list(&p.own_cards, "own_cards")?;
        let enemy_cards = self.card_list(&p.enemy_cards, "enemy_cards")?;
        for (c, l) in &own_cards {
            self.note_unused_traits(l, c, &["informer"], "its own band's passes");
        }
        for (c, l) in &enemy_cards {
            self.note_unused_traits(l, c, &["detective"], "the passes of the band it faces");
        }
        let own = self.procedure_int("own_characters", p.own_characters, own_cards.len().max(1) as i64, 0..=30)?;
        let enemy =
            self.procedure_int("enemy_characters", p.enemy_characters, enemy_cards.len().max(1) as i64, 0..=30)?;
        let informers = (flag(p.informer) as u8).max(count(&own_cards, "informer"));
        let detectives = (flag(p.enemy_detective) as u8).max(count(&enemy_cards, "detective"));
        let passes = pass_chances(own, enemy, informers, detectives);
        setup.push(format!(
            "Passing: {own} own vs {enemy} enemy non-K.O. characters{}{} → {passes} pass(es) this round, never more than two in a row",
            if informers > 0 { format!(", Informer +{informers}") } else { String::new() },
            if detectives > 0 { format!(", enemy Detective −{detectives}") } else { String::new() }
        ));
        // A deterministic rule: the "roll" always gives the same count.
        Ok(Trial1e::Passing(passes))
    }
}
