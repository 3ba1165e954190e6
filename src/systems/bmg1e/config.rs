//! bmg-1e config: 2013 cards and weapons with traits, attacks, checks, round procedures,
//! action-counter exchanges, and one matchup under both editions.

use super::schema::{self, File};
use crate::analysis::scenario::Note;
use crate::analysis::scenario::{CellSpec, Kind, Layout};
use crate::config::Doc;
use crate::config::ctx::{Built, Ctx, cell};
use crate::error::InputError;
use crate::systems::batman::markers::Markers;
use crate::systems::batman::markers::parse_damage;
use crate::systems::batman::schema as shared;
use crate::systems::batman::{self, Batman, Edition};
use crate::systems::bmg1e::rules::counters::{Exchange, Side, available, full_splits};
use crate::systems::bmg1e::rules::procedures::{Check, CheckKind};
use crate::systems::bmg1e::rules::{
    Attack, AttackSetup, CHAR_TRAIT_TABLE, CHARACTER_TRAITS, Card, CharTraits, KevlarDrops, Readings, RuleError,
    SpecialAttack, Trial1e, WEAPON_TRAIT_TABLE, WEAPON_TRAITS, Weapon, WeaponKind, WeaponTraits, acting_in_melee,
    counters_lost,
};
use crate::systems::bmg3e::rules as bmg3e;
use serde_json::json;
use std::ops::RangeInclusive;

mod attack;
mod gang;
mod procedure;
mod reading_notes;

pub(crate) type Cells = (Vec<CellSpec>, Layout);

/// One side of an exchange: the fighter, the splits to try, and its setup line.
/// One side of an exchange: its fighter, its splits, its setup line and its name.
type ExchangeSideSpec = (Side, Vec<(u8, u8)>, String, String);

/// The bmg-1e builder: the shared Batman builder (the context, and the cards and weapons read
/// with the file each came from) with the 2013 rules' validators and kinds as its methods. It
/// reads as the [`Batman`] builder it wraps, and through it as the `Ctx`, so a validator calls
/// `self.err(..)` or `self.cards` as any builder does; the other edition's builder is another
/// type, so neither edition's methods need the edition in their names.
#[derive(Clone, Copy)]
pub(crate) struct Bmg1e<'a>(pub(crate) &'a Batman<'a>);

impl<'a> std::ops::Deref for Bmg1e<'a> {
    type Target = Batman<'a>;
    fn deref(&self) -> &Batman<'a> {
        self.0
    }
}

/// How bmg-1e validates a card and a weapon as the shared Batman reader reads them.
const EDITION: Edition = Edition {
    card: |b, name, c, file| Bmg1e(b).card_of(name, c, file).map(|_| ()),
    weapon: |b, name, w, file| Bmg1e(b).weapon_of(name, w, file).map(|_| ()),
};

/// Check one library file on its own, as an include of a scenario is read (the system's
/// [`crate::system::RuleSystem::check_library`]).
pub(crate) fn check_library(ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
    batman::check_library::<File>(ctx, file, &EDITION)
}

/// Read a bmg-1e scenario of kind `kind` and build its cells with `by`, the kind's own builder
/// (its entry in `super::kinds::KINDS`), handed the file and the readings in force.
pub(crate) fn build(
    ctx: &mut Ctx,
    kind: Kind,
    doc: Doc<'_>,
    setup: &mut Vec<String>,
    by: impl FnOnce(&Bmg1e<'_>, &File, &Readings, &mut Vec<String>) -> Result<Cells, InputError>,
) -> Result<Built, InputError> {
    let (file, lib) = batman::read::<File>(ctx, kind, doc, &EDITION)?;
    let b = Batman::new(ctx, lib);
    let b = Bmg1e(&b);
    let readings = file.readings.read(&b)?;
    let (cells, layout) = by(&b, &file, &readings, setup)?;
    Ok((cells, layout, schema::Readings::labels(&readings)))
}

const CARD_RANGES: [(&str, RangeInclusive<i64>); 7] = [
    ("willpower", 1..=12),
    ("movement", 0..=12),
    ("attack", 1..=10),
    ("defense", 1..=10),
    ("strength", 2..=6),
    ("endurance", 1..=15),
    ("special", 0..=8),
];

fn join(names: &[&str]) -> String {
    names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
}

/// How a 2013 card reads in a report line.
fn card_text(c: &Card) -> String {
    format!(
        "W{} Mv{} A{} D{} S{}+ E{} Sp{}",
        c.willpower, c.movement, c.attack, c.defense, c.strength, c.endurance, c.special
    )
}

/// What a character can spend this round, for the counter budgets (issue #23): Willpower less one
/// counter per 2 markers (L332, L742, L744; *Insensitive*, *Sturdy*, *Weak*), none when K.O.
/// ("he loses all of its remaining Action Counters", L754).
struct Counters {
    n: u8,
    /// How the number comes about, e.g. "Willpower 3 − 2 for 4 markers = 1 counter".
    label: String,
}

impl Counters {
    fn of(c: &Card, m: Markers) -> Counters {
        let markers = m.stun + m.wounds;
        if markers >= c.endurance {
            return Counters { n: 0, label: "K.O. (L754: it lost all its Action Counters)".into() };
        }
        // A character cannot lose more counters than its Willpower (Weak loses one per marker,
        // L1700): the label subtracts what is really lost (issue #23 review, finding 9).
        let lost = counters_lost(c, markers).min(c.willpower);
        let n = available(c, m);
        let label = if lost == 0 {
            format!("Willpower {}", c.willpower)
        } else {
            format!(
                "Willpower {} − {lost} for {markers} marker{} = {n} counter{}",
                c.willpower,
                if markers == 1 { "" } else { "s" },
                if n == 1 { "" } else { "s" }
            )
        };
        Counters { n, label }
    }

    /// The budget that binds a slot of `slot` counters named `slot_label`: (its label, at most).
    fn binding(&self, slot_label: &str, slot: u8) -> Budget {
        if self.n < slot { (self.label.clone(), self.n) } else { (slot_label.to_string(), slot) }
    }
}

/// A budget that binds: its label ("Movement 3", "Willpower 2") and the most it allows.
type Budget = (String, u8);

/// One term of a spend: (what, how many, unit), e.g. `("dodge_counters", 3, "MC")`.
type Spend<'a> = (&'a str, u64, &'a str);

/// "a 3 + b 1 = 4 MC", "a 3 MC", or "a 3 AC + b 1 SC = 4 counters".
fn spend_text(terms: &[Spend]) -> String {
    let term = |(name, n, unit): &Spend, with_unit: bool| {
        let name = if name.is_empty() { String::new() } else { format!("{name} ") };
        if with_unit { format!("{name}{n} {unit}") } else { format!("{name}{n}") }
    };
    if terms.len() == 1 {
        return term(&terms[0], true);
    }
    let total: u64 = terms.iter().map(|t| t.1).sum();
    let same = terms.iter().all(|t| t.2 == terms[0].2);
    let parts: Vec<String> = terms.iter().map(|t| term(t, !same)).collect();
    format!("{} = {total} {}", parts.join(" + "), if same { terms[0].2 } else { "counters" })
}

impl Bmg1e<'_> {
    /// A number of counters as the config gives it, to be refused against its real budget
    /// `max` (issue #23 review, finding 5: a first pass over a generic `0..=15` hid the budget
    /// for any value above 15). A negative value is out of `0..=max`; any other value is
    /// returned whole, however large, so that the caller's budget refusal names the value
    /// given and the characteristic that binds.
    fn counters_value(&self, path: &[&str], x: i64, max: u8, field: &str) -> Result<u64, InputError> {
        if x < 0 {
            return Err(self.err(0, path, format!("{field} {x} is out of range"), format!("0..={max}")));
        }
        Ok(x as u64)
    }

    /// A spend over its budget: "`label`: `spend`, allowed at most `max`", at the value `path`.
    fn over_budget(
        &self,
        path: &[&str],
        (label, max): &Budget,
        terms: &[Spend],
        allowed: impl Into<String>,
    ) -> InputError {
        self.err(0, path, format!("{label}: {}, allowed at most {max}", spend_text(terms)), allowed)
    }

    pub(crate) fn card_of(&self, name: &str, c: &shared::Card, file: usize) -> Result<Card, InputError> {
        let v = |field: &'static str, x: i64| -> Result<u8, InputError> {
            let r = CARD_RANGES.iter().find(|(f, _)| *f == field).map(|(_, r)| r.clone()).expect("listed");
            self.int(file, &["cards", name, field], x, r, field).map(|x| x as u8)
        };
        let mut traits = CharTraits::default();
        for t in c.traits.iter().flatten() {
            if !traits.set(t) {
                return Err(self.err(
                    file,
                    &["cards", name, "traits"],
                    format!("unknown trait `{t}`"),
                    join(CHARACTER_TRAITS),
                ));
            }
        }
        if let Some(r) = c.reputation {
            self.int(file, &["cards", name, "reputation"], r, 0..=2000, "reputation")?;
        }
        Ok(Card {
            willpower: v("willpower", c.willpower)?,
            movement: v(
                "movement",
                c.movement.ok_or_else(|| {
                    self.err(
                        file,
                        &["cards", name],
                        "a bmg-1e card needs `movement` (Movement counters, basic move bonus dice)",
                        "0..=12",
                    )
                })?,
            )?,
            attack: v("attack", c.attack)?,
            defense: v("defense", c.defense)?,
            strength: v("strength", c.strength)?,
            endurance: v("endurance", c.endurance)?,
            special: v("special", c.special)?,
            traits,
        })
    }

    pub(crate) fn weapon_of(&self, name: &str, w: &shared::Weapon, file: usize) -> Result<Weapon, InputError> {
        let at = |field: &'static str| -> [&str; 3] { ["weapons", name, field] };
        let damage = parse_damage(&w.damage)
            .map_err(|m| self.err(file, &at("damage"), m, "1 to 6 markers: `★`/`s` (stun), `♦`/`w` (wound)"))?;
        let mut traits = WeaponTraits::default();
        for t in w.traits.iter().flatten() {
            if !traits.set(t) {
                return Err(self.err(file, &at("traits"), format!("unknown weapon trait `{t}`"), join(WEAPON_TRAITS)));
            }
        }
        let kind = match w.kind.as_str() {
            "melee" => {
                if w.rate_of_fire.is_some() {
                    return Err(self.err(
                        file,
                        &at("rate_of_fire"),
                        "`rate_of_fire` applies to ranged weapons only",
                        "damage, traits, crt",
                    ));
                }
                WeaponKind::Melee
            }
            "ranged" => {
                let rof = w.rate_of_fire.ok_or_else(|| {
                    self.err(file, &["weapons", name], "a ranged weapon needs `rate_of_fire`", "1..=6")
                })?;
                WeaponKind::Ranged {
                    rate_of_fire: self.int(file, &at("rate_of_fire"), rof, 1..=6, "rate_of_fire")? as u8,
                }
            }
            other => {
                return Err(self.err(file, &at("kind"), format!("unknown weapon kind `{other}`"), "`melee`, `ranged`"));
            }
        };
        Ok(Weapon { kind, damage, traits, crt: w.crt.clone(), unarmed: false })
    }

    fn card(&self, name: &str, at: &[&str]) -> Result<(Card, String), InputError> {
        match self.cards.get(name) {
            Some((c, file)) => Ok((self.card_of(name, c, *file)?, c.name.clone().unwrap_or_else(|| name.to_string()))),
            None => Err(self.err(0, at, format!("unknown card `{name}`"), self.card_names())),
        }
    }

    /// Cards named in a procedure list (their traits act where the rules use them).
    fn card_list(&self, names: &Option<Vec<String>>, field: &'static str) -> Result<Vec<(Card, String)>, InputError> {
        names.iter().flatten().map(|n| self.card(n, &["procedure", field])).collect()
    }

    fn weapon(&self, name: &str, at: &[&str]) -> Result<(Weapon, String), InputError> {
        match self.weapons.get(name) {
            Some((w, file)) => {
                Ok((self.weapon_of(name, w, *file)?, w.name.clone().unwrap_or_else(|| name.to_string())))
            }
            None if name == "unarmed" => Ok((Weapon::unarmed(), "Unarmed".into())),
            None => {
                let mut names: Vec<String> = self.weapons.keys().map(|k| format!("`{k}`")).collect();
                names.push("`unarmed`".into());
                Err(self.err(0, at, format!("unknown weapon `{name}`"), names.join(", ")))
            }
        }
    }

    /// The `attack` kind: one attack, resolved once.
    pub(crate) fn attack(&self, f: &File, readings: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let a = self.section(&f.attack, "attack")?;
        let (s, lines) = self.attack_setup(&a, readings)?;
        *setup = lines;
        let attack = self.build_attack(&s)?;
        Ok((vec![cell("attack", vec![], Trial1e::Attack(attack))], Layout::Single))
    }

    fn build_attack(&self, s: &AttackSetup) -> Result<Attack, InputError> {
        Attack::new(s)
            .map_err(|RuleError { field, message, allowed }| self.err(0, &["attack", field], message, allowed))
    }

    pub(crate) fn check(&self, f: &File, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let c = self.section(&f.check, "check")?;
        for (field, set) in [
            ("characteristic", c.characteristic.is_some()),
            ("against", c.against.is_some()),
            ("ko", c.ko.is_some()),
            ("enemy_effort", c.enemy_effort.is_some()),
        ] {
            if set {
                return Err(self.err(
                    0,
                    &["check", field],
                    format!("`{field}` is a bmg-3e check field"),
                    "bmg-1e checks: model, type, value",
                ));
            }
        }
        let model = c.model.clone().ok_or_else(|| self.err(0, &["check"], "missing `model`", self.card_names()))?;
        let (card, label) = self.card(&model, &["check", "model"])?;
        let type_name = c.kind.clone().unwrap_or_else(|| "willpower".into());
        let (kind, value, reroll, what) = match type_name.as_str() {
            "agility" => {
                (CheckKind::Agility, card.movement, card.traits.reflexes, "Agility: D6 ≤ Movement (Reflexes rerolls)")
            }
            "endurance" => (
                CheckKind::Endurance,
                card.endurance,
                card.traits.resilient,
                "Endurance: 2D6 ≤ Endurance (Resilient rerolls)",
            ),
            "willpower" => (
                CheckKind::Willpower,
                card.willpower,
                card.traits.leader,
                "Willpower: 2D6 ≤ Willpower (Leader rerolls; also the Run Away roll)",
            ),
            other => {
                return Err(self.err(
                    0,
                    &["check", "type"],
                    format!("unknown bmg-1e check `{other}`"),
                    "`agility`, `endurance`, `willpower`",
                ));
            }
        };
        let value = match c.value {
            Some(v) => self.int(0, &["check", "value"], v, 0..=15, "value")? as u8,
            None => value,
        };
        let reroll_trait = match kind {
            CheckKind::Agility => "reflexes",
            CheckKind::Endurance => "resilient",
            CheckKind::Willpower => "leader",
        };
        self.note_unused_traits(&label, &card, &[reroll_trait], "this check");
        setup.push(format!("Model: {label} ({})", card_text(&card)));
        setup.push(format!("{what}; X = {value}{}", if reroll { "; a failure is rerolled" } else { "" }));
        Ok((vec![cell("check", vec![], Trial1e::Check(Check { kind, value, reroll }))], Layout::Single))
    }

    /// A melee exchange: both sides' fighters and splits, then one cell per pair of splits.
    pub(crate) fn exchange(&self, f: &File, readings: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let x = self.section(&f.exchange, "exchange")?;
        let objective = self.exchange_objective(x.objective.as_deref())?;
        let (a, a_splits, a_line, a_name) = self.exchange_side(&x.a, "a")?;
        let (b, b_splits, b_line, b_name) = self.exchange_side(&x.b, "b")?;
        // The answer names both sides; two of one card are told apart by their side.
        let names =
            if a_name == b_name { [format!("{a_name} (A)"), format!("{b_name} (B)")] } else { [a_name, b_name] };
        setup.push(a_line);
        setup.push(b_line);
        setup.extend(kevlar_line(readings, &a.card, &a.weapon, &b.card));
        setup.extend(kevlar_line(readings, &b.card, &b.weapon, &a.card));
        let [a_name, b_name] = &names;
        setup.push(format!("{a_name} attacks with its AC against {b_name}'s DC; {b_name}, if not down, loses counters for the markers taken (unspent ones first, then AC) and strikes back against {a_name}'s DC"));
        setup.push(format!("Counters beyond AC and DC go on Special first (a special attack costs 1 SC), then Movement; if {a_name}'s collateral die knocks {b_name} down, {b_name} must spend 1 MC to stand up before it can strike back (seed L476, L1908; Acrobat free)"));
        let cells = self.exchange_cells(&a, &a_splits, &b, &b_splits, readings)?;
        Ok((cells, Layout::own(super::report::Layout1e::Exchange { a_splits, b_splits, objective, names })))
    }

    /// The exchange's `objective` (default `a_ahead`): which event the report leads with.
    fn exchange_objective(&self, objective: Option<&str>) -> Result<&'static str, InputError> {
        Ok(match objective.unwrap_or("a_ahead") {
            "a_ahead" => "a_ahead",
            "b_down" => "b_down",
            "net" => "net",
            other => {
                return Err(self.err(
                    0,
                    &["exchange", "objective"],
                    format!("unknown objective `{other}`"),
                    "`a_ahead` (B down, A standing), `b_down`, `net` (markers dealt − taken)",
                ));
            }
        })
    }

    /// One side (`a` or `b`) of an exchange: its fighter (a card with a melee weapon, not K.O.),
    /// the splits to try, and its setup line. Its traits that cannot change an exchange are
    /// named in a note.
    fn exchange_side(&self, s: &schema::ExchangeSide, name: &'static str) -> Result<ExchangeSideSpec, InputError> {
        let (card, label) = self.card(&s.card, &["exchange", name, "card"])?;
        let (weapon, w_label) = self.weapon(s.weapon.as_deref().unwrap_or("unarmed"), &["exchange", name, "weapon"])?;
        if !matches!(weapon.kind, WeaponKind::Melee) {
            return Err(self.err(
                0,
                &["exchange", name, "weapon"],
                "an exchange is fought in melee",
                "a melee weapon or `unarmed`",
            ));
        }
        let markers = self.exchange_markers(s, name, &card)?;
        let avail = available(&card, markers);
        let splits = match &s.split {
            Some(v) => vec![self.exchange_split(v, name, &card, avail)?],
            None => full_splits(&card, avail),
        };
        let line = format!(
            "{}: {label} ({}) with {w_label}, {avail} counters available{}",
            name.to_uppercase(),
            card_text(&card),
            if s.split.is_some() {
                format!(", split AC {} / DC {}", splits[0].0, splits[0].1)
            } else {
                format!(", every full split tried: {splits:?}")
            }
        );
        let special = self.special_attack(None, &[], &card, &weapon, &label)?;
        self.note_unused_traits(&label, &card, &acting_in_melee(false), "this exchange's numbers");
        Ok((Side { card, weapon, markers, split: (0, 0), special }, splits, line, label))
    }

    /// A side's starting markers: each below Endurance, and together not K.O. (an exchange is
    /// between two fighters who can still act).
    fn exchange_markers(&self, s: &schema::ExchangeSide, name: &str, card: &Card) -> Result<Markers, InputError> {
        let max = 0..=card.endurance as i64 - 1;
        let markers = Markers {
            stun: self.int(0, &["exchange", name, "stun"], s.stun.unwrap_or(0), max.clone(), "stun")? as u8,
            wounds: self.int(0, &["exchange", name, "wounds"], s.wounds.unwrap_or(0), max, "wounds")? as u8,
        };
        if markers.stun + markers.wounds >= card.endurance {
            return Err(self.err(
                0,
                &["exchange", name],
                "this fighter starts K.O.",
                format!("stun + wounds < {}", card.endurance),
            ));
        }
        Ok(markers)
    }

    /// A side's given `split = [AC, DC]`: AC within Attack and the counters available, DC within
    /// Defense and what AC leaves.
    fn exchange_split(&self, v: &[i64], name: &str, card: &Card, avail: u8) -> Result<(u8, u8), InputError> {
        let path = ["exchange", name, "split"];
        if v.len() != 2 {
            return Err(self.err(0, &path, format!("{} numbers", v.len()), "[attack counters, defense counters]"));
        }
        let ac = self.int(0, &path, v[0], 0..=card.attack.min(avail) as i64, "attack counters")? as u8;
        let dc = self.int(0, &path, v[1], 0..=card.defense.min(avail - ac) as i64, "defense counters")? as u8;
        Ok((ac, dc))
    }

    /// One cell per pair of splits (A's outer, B's inner: the report's grid order).
    fn exchange_cells(
        &self,
        a: &Side,
        a_splits: &[(u8, u8)],
        b: &Side,
        b_splits: &[(u8, u8)],
        readings: &Readings,
    ) -> Result<Vec<CellSpec>, InputError> {
        let mut cells = Vec::new();
        for &sa in a_splits {
            for &sb in b_splits {
                let ex = Exchange::new(&Side { split: sa, ..a.clone() }, &Side { split: sb, ..b.clone() }, *readings)
                    .map_err(|e| self.err(0, &["exchange"], e.message, e.allowed))?;
                cells.push(cell(
                    &format!("A {}/{} vs B {}/{}", sa.0, sa.1, sb.0, sb.1),
                    vec![
                        ("a_ac".into(), json!(sa.0)),
                        ("a_dc".into(), json!(sa.1)),
                        ("b_ac".into(), json!(sb.0)),
                        ("b_dc".into(), json!(sb.1)),
                    ],
                    Trial1e::Exchange(ex),
                ));
            }
        }
        Ok(cells)
    }

    pub(crate) fn duel(&self, f: &File, readings: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        use crate::systems::bmg1e::rules::duel::{Duel, Fighter, Policy};
        let d = self.section(&f.duel, "duel")?;
        let rounds = self.rounds(d.rounds, "duel")?;
        let mut side = |r: &schema::FighterSpec, name: &'static str| -> Result<(Fighter, String), InputError> {
            let (card, c_label) = self.card(&r.card, &["duel", name, "card"])?;
            let (weapon, w_label) = self.weapon(r.weapon.as_deref().unwrap_or("unarmed"), &["duel", name, "weapon"])?;
            if !matches!(weapon.kind, WeaponKind::Melee) {
                return Err(self.err(
                    0,
                    &["duel", name, "weapon"],
                    "a 2013 duel is fought in melee",
                    "a melee weapon or `unarmed`",
                ));
            }
            let split_name = r.effort.clone().unwrap_or_else(|| "attack_first".into());
            let split = Policy::parse(&split_name).ok_or_else(|| {
                self.err(
                    0,
                    &["duel", name, "effort"],
                    format!("unknown counter split `{split_name}`"),
                    "`attack_first`, `balanced`, `defend_first`, `optimal-win` (the split that wins the duel most in every situation, solved exactly)",
                )
            })?;
            let e = card.endurance as i64;
            let start = Markers {
                stun: self.int(0, &["duel", name, "stun"], r.stun.unwrap_or(0), 0..=e - 1, "stun")? as u8,
                wounds: self.int(0, &["duel", name, "wounds"], r.wounds.unwrap_or(0), 0..=e - 1, "wounds")? as u8,
            };
            if start.stun + start.wounds >= card.endurance {
                return Err(self.err(
                    0,
                    &["duel", name],
                    "this fighter starts K.O.",
                    format!("stun + wounds < {}", card.endurance),
                ));
            }
            let label = r.label.clone().unwrap_or_else(|| format!("{c_label} + {w_label}"));
            setup.push(format!(
                "{} — {label} ({}), counters split: {}",
                name.to_uppercase(),
                card_text(&card),
                split.words()
            ));
            let special = self.special_attack(None, &[], &card, &weapon, &c_label)?;
            self.note_unused_traits(&c_label, &card, &acting_in_melee(true), "this duel's numbers");
            if card.traits.informer {
                self.note(Note::not_modelled(format!(
                    "{c_label}'s Informer pass (seed L1412): in the duel the leader always activates first"
                )));
            }
            if card.traits.perfect_plan {
                self.note(Note::ignored(format!(
                    "{c_label}'s `perfect_plan`: Perfect Plan is a band strategy (seed L1040), not a character trait; read as its side having chosen it (+1 Take-the-Lead counter)"
                )));
            }
            let perfect_plan = card.traits.perfect_plan;
            Ok((Fighter { card, weapon, start, split, special, perfect_plan }, label))
        };
        let (a, a_label) = side(&d.a, "a")?;
        let (b, b_label) = side(&d.b, "b")?;
        setup.extend(kevlar_line(readings, &a.card, &a.weapon, &b.card));
        setup.extend(kevlar_line(readings, &b.card, &b.weapon, &a.card));
        let duel = Duel::new(a, b, rounds, *readings).map_err(|e| self.err(0, &["duel"], e.message, e.allowed))?;
        // An `optimal-win` fighter follows the exact solve's plan: estimated here (cheaply),
        // solved only when the run starts.
        if let Err(over) = crate::systems::bmg1e::rules::duel::exact::plan_within_budget(&duel) {
            let side = if duel.fighter(0).split == Policy::OptimalWin { "a" } else { "b" };
            return Err(self.err(
                0,
                &["duel", side, "effort"],
                format!("`optimal-win` plans the counter split by solving the duel exactly, and {over}"),
                "a fixed split (`attack_first`, `balanced`, `defend_first`), or fewer rounds or smaller cards for `optimal-win`",
            ));
        }
        let bag = duel.bag();
        setup.push(format!("{rounds} rounds at most: the Take-the-Lead bag ({} for A, {} for B: ⌈rounds/2⌉ each, +1 Mastermind / Perfect Plan, −1 enemy Kaos Agent) picks the leader, and the game ends when it is empty; counters each round (one lost per 2 markers); the leader attacks, the other strikes back with the counters it has left; Casualty Recount", bag[0], bag[1]));
        setup.push("Knock-down: a fallen fighter cannot block and is impacted on 2+; it puts 1 Movement counter aside at Raise a Plan and stands up with it in its activation before attacking (seed L476, L1908; Acrobat free). Power Armor ignores 3 markers in total, then is repaired with 2 SC instead of the Recovery Roll by a fighter that stands (a fallen one cannot use a special ability, L1908). A special attack costs 1 SC; counters beyond AC and DC go on Special first".into());
        if (bag[0] as u16 + bag[1] as u16) < rounds as u16 {
            self.note(Note::ignored(format!(
                "rounds = {rounds}: the Take-the-Lead bag holds only {} counters, so the duel lasts at most {} rounds (seed L316, L1430)",
                bag[0] + bag[1],
                bag[0] + bag[1]
            )));
        }
        Ok(crate::config::ctx::duel_cell(a_label, b_label, Trial1e::Duel(duel)))
    }

    pub(crate) fn editions(&self, f: &File, readings: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let e = self.section(&f.editions, "editions")?;
        let mut base = f.attack.clone().unwrap_or_default();
        for (field, set) in [
            ("attacker", base.attacker.is_some()),
            ("weapon", base.weapon.is_some()),
            ("target", base.target.is_some()),
            ("target_weapon", base.target_weapon.is_some()),
        ] {
            if set {
                return Err(self.err(
                    0,
                    &["attack", field],
                    "in an edition comparison the matchup comes from [editions]",
                    "omit it here",
                ));
            }
        }
        base.attacker = Some(e.attacker.clone());
        base.weapon = e.weapon.clone();
        base.target = Some(e.target.clone());
        base.target_weapon = e.target_weapon.clone();
        let (s1, lines) = self.attack_setup(&base, readings)?;
        let a1 = self.build_attack(&s1)?;
        let to3 = |c: &Card| bmg3e::Profile {
            attack: c.attack,
            defense: c.defense.clamp(1, 6),
            strength: c.strength,
            willpower: c.endurance,
            endurance: c.endurance,
            special: c.special.max(1),
            movement: c.movement,
        };
        let w = &s1.weapon;
        let weapon3 = bmg3e::Weapon {
            kind: match w.kind {
                WeaponKind::Melee => bmg3e::WeaponKind::Melee { strength_bonus: w.traits.heavy as i8 },
                WeaponKind::Ranged { rate_of_fire } => bmg3e::WeaponKind::Ranged {
                    rate_of_fire,
                    strength: if w.traits.firearm {
                        2
                    } else if w.traits.mechanic {
                        3
                    } else {
                        s1.attacker.strength
                    },
                },
            },
            damage: if w.unarmed && s1.attacker.traits.reinforced_gloves {
                Markers { stun: 2, wounds: 0 }
            } else {
                w.damage
            },
            crt: w.crt.clone(),
        };
        let s3 = bmg3e::AttackSetup {
            attacker: to3(&s1.attacker),
            attacker_markers: Markers::default(),
            weapon: weapon3,
            target: to3(&s1.target),
            target_markers: s1.target_markers,
            defense_mod: 0,
            melee: bmg3e::MeleeMods {
                enemies_in_contact: if s1.melee.numerical_inferiority { 2 } else { 1 },
                ..Default::default()
            },
            ranged: bmg3e::RangedMods { moved: s1.ranged.moved, cover: s1.ranged.cover, ..Default::default() },
            readings: bmg3e::Readings { block_natural_six: readings.block_natural_six, ..Default::default() },
        };
        let a3 = bmg3e::Attack::new(&s3)
            .map_err(|e| self.err(0, &["editions"], format!("the bmg-3e side: {}", e.message), e.allowed))?;
        *setup = lines;
        setup.push("Mapping to bmg-3e: Attack, Defense, Strength, Special and Movement carry over; 2013 Endurance (K.O. at that many markers) becomes both Willpower (K.O. at that many ★) and Endurance (casualty at that many ♦); a Heavy weapon becomes Strength +1; a ranged weapon keeps its Rate of Fire and shoots at the attacker's Strength (Firearm 2+, Mechanic 3+); no effort in 2019; numerical inferiority becomes 2 enemies in contact; moved and cover carry over, obstacles (Blink!) have no 2019 counterpart; 2013 hits are damage successes, 2019 hits are hits after blocks".into());
        Ok((
            vec![
                cell("bmg-1e", vec![("edition".into(), json!("bmg-1e"))], Trial1e::Attack(a1)),
                cell(
                    "bmg-3e",
                    vec![("edition".into(), json!("bmg-3e"))],
                    crate::systems::bmg3e::rules::Trial3e::Attack(a3),
                ),
            ],
            Layout::own(super::report::Layout1e::Editions),
        ))
    }
}

/// Where a character trait acts in the rules (its [`CHAR_TRAIT_TABLE`] entry), for the notes on
/// traits that cannot change a scenario's numbers.
fn acts_on(name: &str) -> &'static str {
    CHAR_TRAIT_TABLE.iter().find(|t| t.name == name).map_or("", |t| t.acts_on)
}

/// A character or weapon trait's name as the rulebook prints it ("Reinforced Gloves",
/// "Tough/Heavy" for `tough`), for every line a player reads; the config name only for a name
/// no table declares (the loader refuses those before any report is made).
pub(crate) fn trait_words(name: &str) -> String {
    CHAR_TRAIT_TABLE
        .iter()
        .find(|t| t.name == name)
        .map(|t| t.title)
        .or_else(|| WEAPON_TRAIT_TABLE.iter().find(|t| t.name == name || t.aliases.contains(&name)).map(|t| t.title))
        .map_or_else(|| name.to_string(), str::to_string)
}

/// Trait names as written in a config, in the rulebook's words, comma-separated.
pub(crate) fn traits_words<S: AsRef<str>>(names: &[S]) -> String {
    names.iter().map(|n| trait_words(n.as_ref())).collect::<Vec<_>>().join(", ")
}

fn bracket(s: &str) -> String {
    if s.is_empty() { String::new() } else { format!(" [{s}]") }
}

/// The setup line for the reading `kevlar_drops` when it places numbers: a Kevlar Vest on
/// `target` against an attacker's weapon that inflicts both ★ and ♦.
fn kevlar_line(readings: &Readings, attacker: &Card, weapon: &Weapon, target: &Card) -> Option<String> {
    let dmg = if weapon.unarmed && (attacker.traits.reinforced_gloves || attacker.traits.retractable_claws) {
        Markers { stun: 2, wounds: 0 }
    } else {
        weapon.damage
    };
    (target.traits.kevlar_vest && dmg.stun > 0 && dmg.wounds > 0).then(|| {
        format!(
            "Kevlar Vest against {dmg} (L1434; reading {}): it drops one {} per damage success",
            schema::kevlar_drops::phrase(readings.kevlar_drops),
            if readings.kevlar_drops == KevlarDrops::Wound { "♦" } else { "★" }
        )
    })
}

fn setup_damage(s: &AttackSetup) -> Markers {
    if s.weapon.unarmed && s.attacker.traits.reinforced_gloves {
        Markers { stun: 2, wounds: 0 }
    } else {
        s.weapon.damage
    }
}

impl Bmg1e<'_> {
    /// A note naming the traits of `card` (shown as `label`) outside `used`: they cannot change
    /// `what`.
    pub(crate) fn note_unused_traits(&self, label: &str, card: &Card, used: &[&str], what: &str) {
        let unused: Vec<String> = card
            .traits
            .names()
            .into_iter()
            .filter(|n| !used.contains(n))
            .map(|n| format!("{} ({})", trait_words(n), acts_on(n)))
            .collect();
        if !unused.is_empty() {
            self.note(Note::ignored(format!(
                "{label}'s trait{} {} cannot change {what}",
                if unused.len() > 1 { "s" } else { "" },
                unused.join(", ")
            )));
        }
    }

    /// The special attack an attack uses: the config's choice (`none`, `precise_blow`,
    /// `devastating_blow`; it must be on the card or the weapon), else the one offered.
    fn special_attack(
        &self,
        chosen: Option<&str>,
        at: &[&str],
        attacker: &Card,
        weapon: &Weapon,
        label: &str,
    ) -> Result<SpecialAttack, InputError> {
        let offered = SpecialAttack::available(attacker, weapon);
        match chosen {
            Some(name) => {
                let sa = SpecialAttack::ALL.iter().find(|(n, _)| *n == name).map(|(_, s)| *s).ok_or_else(|| {
                    self.err(
                        0,
                        at,
                        format!("unknown special attack `{name}`"),
                        "`none`, `precise_blow`, `devastating_blow`",
                    )
                })?;
                if sa != SpecialAttack::None && !offered.contains(&sa) {
                    return Err(self.err(
                        0,
                        at,
                        format!("{label} has no `{name}` (card trait, or a weapon's `precise_blow`)"),
                        "a special attack on the attacker's card or weapon, or `none`",
                    ));
                }
                Ok(sa)
            }
            None => {
                let sa = SpecialAttack::default_for(attacker, weapon);
                if offered.len() > 1 {
                    self.note(Note::ignored(format!(
                        "{label} has both `precise_blow` and `devastating_blow`; only one special attack per activation (seed L1716): `{}` is the one made when its counter can be paid (choose with `special_attack`)",
                        sa.name()
                    )));
                }
                Ok(sa)
            }
        }
    }
}
