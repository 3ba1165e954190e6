//! What both Batman Miniature Game editions (`bmg-1e`, `bmg-3e`) share in their files: the
//! character card, the weapon and the `[attack]` / `[check]` / `[effort]` tables as users write
//! them, the card and weapon libraries (in a scenario or an included file), and the builder both
//! editions' validators work in ([`Batman`]).
//!
//! The two editions write the same tables with a few fields only one of them reads (2013 traits,
//! action counters; 2019 effort, stun carried in). Those are policed here, in one place, so
//! neither edition names the other's fields: a field of the other edition is refused with its
//! edition's name, and an unknown field is offered only the declared edition's fields.

pub mod labels;
pub mod markers;
pub mod schema;

use crate::analysis::scenario::{Cost, Kind};
use crate::config::library::{self, Entries};
use crate::config::raw;
use crate::config::source::with_suggestion;
use crate::config::{Ctx, Doc};
use crate::error::InputError;
use crate::system::{DuelDef, Stat};
use schema::{Attack, Card, LibraryFile, Weapon};
use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::ops::Deref;

/// The duel both editions offer, less the per-side count each records beside the damage
/// (each edition's `DuelDef::extra`): cards priced in Reputation then Funding, markers,
/// K.O.
pub const DUEL: DuelDef = DuelDef {
    card_table: "cards",
    cost_fields: &["reputation", "funding"],
    costs: &[
        Cost { key: "reputation", name: "Reputation", unit: "Reputation point", short: "Rep" },
        Cost { key: "funding", name: "Funding", unit: "$", short: "$" },
    ],
    damage: "markers (★ + ♦)",
    out: "K.O.",
    extra: "",
    fighter_weapon: Some(("weapon", "weapons")),
    builtin_weapons: &[],
    stats: &[
        Stat::new("attack"),
        Stat::new("defense"),
        // The Strength die's target number: 3+ beats 4+ (2019 seed, 2013 seed: "Strength 3+").
        Stat::new("strength").lower_is_better().reads("{}+"),
        Stat::new("willpower"),
        Stat::new("endurance"),
        Stat::new("special"),
        Stat::new("movement"),
    ],
};

/// The card and weapon library tables both editions read, as [`crate::system::SystemDef::libraries`]
/// lists them.
pub const CARDS: (&str, &str) = ("cards", "[cards.NAME] with attack, defense, strength, willpower, endurance, special");
pub const WEAPONS: (&str, &str) = ("weapons", "[weapons.NAME] with kind, damage");

/// The measures both editions' paired comparisons sum: damage is ★ and ♦ markers.
pub const MEASURE_ALIASES: &[(&str, &[&str])] = &[("damage", &["stun", "wounds"])];

/// What a reader of either edition's reports must know about its events.
pub const HOW_TO_READ: &str =
    "Events count what this one attack (or check) causes: `K.O. caused` is false if the target was already K.O.";

/// A Batman edition's part of reading a file: how it validates one card and one weapon (each is
/// checked when it is read, in the scenario or an included library).
pub struct Edition {
    pub card: fn(&Batman, &str, &Card, usize) -> Result<(), InputError>,
    pub weapon: fn(&Batman, &str, &Weapon, usize) -> Result<(), InputError>,
}

/// What a Batman edition's scenario file gives the shared reader (implemented by
/// [`batman_file!`] for the edition's `scenario_file!` struct).
pub trait BatmanFile: raw::ScenarioSchema {
    fn cards(&self) -> &BTreeMap<String, Card>;
    fn weapons(&self) -> &BTreeMap<String, Weapon>;
}

/// Implement [`BatmanFile`] for an edition's scenario file struct, which declares the shared
/// `cards` and `weapons` tables under those names.
macro_rules! batman_file {
    ($file:ty) => {
        impl $crate::systems::batman::BatmanFile for $file {
            fn cards(&self) -> &std::collections::BTreeMap<String, $crate::systems::batman::schema::Card> {
                &self.cards
            }
            fn weapons(&self) -> &std::collections::BTreeMap<String, $crate::systems::batman::schema::Weapon> {
                &self.weapons
            }
        }
    };
}
pub(crate) use batman_file;

/// The builder both editions' validators work in: the context, and the cards and weapons of the
/// scenario and its includes, each with the file it came from (for error lines). It reads as the
/// [`Ctx`] it holds, so a validator calls `self.err(..)` as any builder does.
pub struct Batman<'c> {
    ctx: &'c Ctx,
    pub cards: BTreeMap<String, (Card, usize)>,
    pub weapons: BTreeMap<String, (Weapon, usize)>,
}

impl Deref for Batman<'_> {
    type Target = Ctx;
    fn deref(&self) -> &Ctx {
        self.ctx
    }
}

/// The cards and weapons of an edition's scenario file `F` and its includes, each validated by
/// the edition as it is read and kept with its file; read by the one library reader
/// (`crate::config::library`), with the edition's checks and words.
pub struct Library<F> {
    edition: &'static Edition,
    cards: Entries<Card>,
    weapons: Entries<Weapon>,
    file: PhantomData<F>,
}

impl<F> Library<F> {
    /// An empty library of `edition`.
    pub fn new(edition: &'static Edition) -> Self {
        Library { edition, cards: Entries::default(), weapons: Entries::default(), file: PhantomData }
    }

    /// Add one file's cards and weapons: a name defined twice refused, then a field of the
    /// other edition, then the edition's own checks.
    fn add(
        &mut self,
        ctx: &Ctx,
        file: usize,
        cards: &BTreeMap<String, Card>,
        weapons: &BTreeMap<String, Weapon>,
    ) -> Result<(), InputError> {
        let b = Batman { ctx, cards: BTreeMap::new(), weapons: BTreeMap::new() };
        let edition = self.edition;
        for (name, card) in cards {
            self.cards.add(ctx, (file, "cards", "card"), name, || {
                b.refuse_other_edition_card(name, card, file)?;
                (edition.card)(&b, name, card, file)?;
                Ok(card.clone())
            })?;
        }
        for (name, weapon) in weapons {
            self.weapons.add(ctx, (file, "weapons", "weapon"), name, || {
                b.refuse_other_edition_weapon(name, weapon, file)?;
                (edition.weapon)(&b, name, weapon, file)?;
                Ok(weapon.clone())
            })?;
        }
        Ok(())
    }
}

impl<F: BatmanFile> library::Library for Library<F> {
    type Scenario = F;
    type File = LibraryFile<F::Fighter>;
    fn add_scenario(&mut self, ctx: &Ctx, f: &F) -> Result<(), InputError> {
        self.add(ctx, 0, f.cards(), f.weapons())
    }
    fn add_file(&mut self, ctx: &Ctx, file: usize, l: &Self::File) -> Result<(), InputError> {
        self.add(ctx, file, &l.cards, &l.weapons)
    }
    fn words(ctx: &Ctx, err: InputError) -> InputError {
        edition_words(ctx, err)
    }
}

impl<'c> Batman<'c> {
    /// The builder over `ctx` with the library read by [`read`].
    pub fn new<F>(ctx: &'c Ctx, lib: Library<F>) -> Self {
        Batman { ctx, cards: lib.cards.into_map(), weapons: lib.weapons.into_map() }
    }

    /// The context it reads as.
    pub fn ctx(&self) -> &'c Ctx {
        self.ctx
    }

    /// The card names, for "unknown card" messages.
    pub fn card_names(&self) -> String {
        if self.cards.is_empty() {
            "no cards are defined: add [cards.NAME] or include a card file".into()
        } else {
            self.cards.keys().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
        }
    }

    /// Refuse an `[attack]` field (at `sec`) that only the other edition reads.
    pub fn refuse_other_edition_attack(&self, a: &Attack, sec: &str) -> Result<(), InputError> {
        let (own, other, fields) = match self.ruleset() {
            "bmg-3e" => ("bmg-3e", "bmg-1e", bmg1e_only_attack_fields(a).to_vec()),
            _ => ("bmg-1e", "bmg-3e", bmg3e_only_attack_fields(a).to_vec()),
        };
        match fields.iter().find(|(_, set)| *set) {
            Some((field, _)) => Err(self.err(
                0,
                &[sec, field],
                format!("`{field}` is a {other} attack field"),
                format!("see configs/README.md for the {own} [attack] fields"),
            )),
            None => Ok(()),
        }
    }

    /// Refuse a card field only the other edition reads (2013 `traits` in a 2019 card).
    fn refuse_other_edition_card(&self, name: &str, c: &Card, file: usize) -> Result<(), InputError> {
        if self.ruleset() == "bmg-3e" && c.traits.is_some() {
            return Err(self.err(
                file,
                &["cards", name, "traits"],
                "`traits` are a bmg-1e card field",
                "bmg-3e cards: attack, defense, strength, willpower, endurance, special, movement, reputation, funding",
            ));
        }
        Ok(())
    }

    /// Refuse a weapon field only the other edition reads.
    fn refuse_other_edition_weapon(&self, name: &str, w: &Weapon, file: usize) -> Result<(), InputError> {
        let at = |field: &'static str| -> [&str; 3] { ["weapons", name, field] };
        if self.ruleset() == "bmg-3e" {
            if w.traits.is_some() {
                return Err(self.err(
                    file,
                    &at("traits"),
                    "`traits` are a bmg-1e weapon field",
                    "bmg-3e weapons: kind, damage, strength_bonus, rate_of_fire, strength, crt",
                ));
            }
        } else {
            for (field, set) in [("strength_bonus", w.strength_bonus.is_some()), ("strength", w.strength.is_some())] {
                if set {
                    return Err(self.err(
                        file,
                        &at(field),
                        format!("`{field}` is a bmg-3e weapon field; 2013 weapons change the damage roll with traits"),
                        "traits such as `heavy`, `firearm`, `mechanic`",
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Read a Batman scenario: the edition's whole file strictly, its cards and weapons (each
/// validated by the edition as it is read), its fighters and includes, then the checks every
/// built-in system shares — the one library reader's route ([`library::read`]).
pub fn read<F: BatmanFile>(
    ctx: &mut Ctx,
    kind: Kind,
    doc: Doc<'_>,
    edition: &'static Edition,
) -> Result<(F, Library<F>), InputError> {
    library::read(ctx, kind, doc, Library::new(edition))
}

/// Check one library file on its own, exactly as [`read`] reads an include of `F`'s scenarios:
/// its cards and weapons validated by the edition, its fighters as `F`'s
/// ([`crate::system::RuleSystem::check_library`]).
pub fn check_library<F: BatmanFile>(ctx: &mut Ctx, file: &str, edition: &'static Edition) -> Result<(), InputError> {
    library::read_file(ctx, file, &mut Library::<F>::new(edition))
}

/// Which bmg-1e-only attack fields a section sets (bmg-3e refuses them).
pub fn bmg1e_only_attack_fields(a: &Attack) -> [(&'static str, bool); 13] {
    [
        ("attack_counters", a.attack_counters.is_some()),
        ("defense_counters", a.defense_counters.is_some()),
        ("numerical_inferiority", a.numerical_inferiority.is_some()),
        ("defensive_position", a.defensive_position.is_some()),
        ("paralyzed", a.paralyzed.is_some()),
        ("target_knocked_down", a.target_knocked_down.is_some()),
        ("target_weapon", a.target_weapon.is_some()),
        ("obstacles", a.obstacles.is_some()),
        ("dodge_counters", a.dodge_counters.is_some()),
        ("elusive", a.elusive.is_some()),
        ("within_5cm", a.within_5cm.is_some()),
        ("special_attack", a.special_attack.is_some()),
        ("target_armor_spent", a.target_armor_spent.is_some()),
    ]
}

/// Which bmg-3e-only attack fields a section sets (bmg-1e refuses them).
pub fn bmg3e_only_attack_fields(a: &Attack) -> [(&'static str, bool); 10] {
    [
        ("attacker_effort", a.attacker_effort.is_some()),
        ("target_effort", a.target_effort.is_some()),
        ("enemies_in_contact", a.enemies_in_contact.is_some()),
        ("attacker_stun", a.attacker_stun.is_some()),
        ("attacker_wounds", a.attacker_wounds.is_some()),
        ("defense_mod", a.defense_mod.is_some()),
        ("beyond_optimal_range", a.beyond_optimal_range.is_some()),
        ("blind_fire", a.blind_fire.is_some()),
        ("storm", a.storm.is_some()),
        ("dodge", a.dodge.is_some()),
    ]
}

/// The fields of a shared Batman table (`attack`, a card, a weapon) that the other edition
/// alone reads, for the declared `ruleset`: what a message about that table must not offer.
fn other_editions_fields(ruleset: &str, path: &[&str]) -> &'static [&'static str] {
    match (ruleset, path) {
        ("bmg-3e", ["attack", ..]) => &schema::ATTACK_1E_ONLY,
        ("bmg-1e", ["attack", ..]) => &schema::ATTACK_3E_ONLY,
        // `traits` are bmg-1e card and weapon traits (bmg-3e refuses them).
        ("bmg-3e", ["cards" | "weapons", _, ..]) => &["traits"],
        _ => &[],
    }
}

/// An unknown field of a table both editions share (`[attack]`, a card, a weapon): the schema
/// lists every field of both, so offer only the declared edition's (a bmg-3e `attack_counter`
/// is not pointed at bmg-1e's `attack_counters`, which bmg-3e refuses).
pub fn edition_words(ctx: &Ctx, err: InputError) -> InputError {
    let mut err = ctx.fighter_words(err);
    let field = err.field.clone().unwrap_or_default();
    let path: Vec<&str> = field.split('.').collect();
    let other = other_editions_fields(ctx.ruleset(), &path);
    if other.is_empty() || !err.message.starts_with("unknown field") {
        return err;
    }
    let Some(allowed) = err.allowed.as_deref() else { return err };
    let own: Vec<String> =
        allowed.split('`').skip(1).step_by(2).filter(|f| !other.contains(f)).map(|f| format!("`{f}`")).collect();
    let allowed = own.join(", ");
    let what = err.message.split(" — did you mean").next().unwrap_or("").to_string();
    err.message = with_suggestion(&what, &allowed);
    err.allowed = Some(format!("{} {}: {allowed}", ctx.ruleset(), path[0]));
    err
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lists of edition-only fields are the ones the editions refuse: every field bmg-3e
    /// refuses as "a bmg-1e attack field" is in `ATTACK_1E_ONLY`, and no field is in both lists.
    #[test]
    fn edition_only_lists_match_the_validators() {
        for (f, _) in bmg1e_only_attack_fields(&Attack::default()) {
            assert!(schema::ATTACK_1E_ONLY.contains(&f), "{f}");
        }
        for (f, _) in bmg3e_only_attack_fields(&Attack::default()) {
            assert!(schema::ATTACK_3E_ONLY.contains(&f), "{f}");
        }
        for f in schema::ATTACK_3E_ONLY {
            assert!(!schema::ATTACK_1E_ONLY.contains(&f), "{f}");
        }
    }
}
