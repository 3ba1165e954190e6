//! The 2019 duel: fighters (card, weapon, effort policy) and the `duel` kind. Balance tests and
//! paired comparisons are the generic ones (`crate::config::analyses`).

use super::Bmg3e;
use super::Cells;
use crate::analysis::scenario::Note;
use crate::error::InputError;
use crate::systems::bmg3e::rules::Readings;
use crate::systems::bmg3e::rules::Trial3e;
use crate::systems::bmg3e::rules::duel::{Duel, DuelSetup, EffortPolicy, Fighter};
use crate::systems::bmg3e::rules::{Markers, Weapon, WeaponKind};
use crate::systems::bmg3e::schema::{FighterSpec, File};

/// A fighter resolved from the config, with what the reports need to know about it.
pub(crate) struct Resolved {
    pub fighter: Fighter,
    pub label: String,
    /// The card's display name (notes about the card, whatever the fighter's weapon).
    pub card_label: String,
    pub describe: String,
}

/// The setup line that says what a duel round does.
fn round_text(rounds: u8, contact: bool) -> String {
    format!(
        "{rounds} rounds: Take the Lead (D6, +1 per pass left unused last round; the winner takes the initiative), one activation each in initiative order ({}; a ranged weapon shoots only when not in contact with a non-K.O. enemy), Recount (★ removal, K.O. recovery checks); a fighter K.O.'d or removed before it activates gains a pass (seed lines 1002–1015)",
        if contact {
            "the fighters start in base contact"
        } else {
            "the fighters start apart: a melee fighter moves into contact and attacks"
        }
    )
}

impl Bmg3e<'_> {
    /// Resolve a fighter reference written at `at` in file `file`.
    pub(crate) fn fighter(&self, f: &FighterSpec, file: usize, at: &[&str]) -> Result<Resolved, InputError> {
        let path = |field: &'static str| -> Vec<&str> { at.iter().copied().chain(std::iter::once(field)).collect() };
        // Lookups report at the fighter's own file and field (it may come from an include).
        let retarget = |e: InputError, field: &'static str| {
            self.err(file, &path(field), e.message.clone(), e.allowed.clone().unwrap_or_default())
        };
        let (profile, card_label) = self.card(&f.card, &path("card")).map_err(|e| retarget(e, "card"))?;
        let card = &self.cards[&f.card].0;
        let weapon_name = f.weapon.clone().unwrap_or_else(|| "unarmed".into());
        let (weapon, weapon_label) = self.weapon(&weapon_name, &path("weapon")).map_err(|e| retarget(e, "weapon"))?;
        let policy_name = f.effort.clone().unwrap_or_else(|| "optimal-ko".into());
        let effort = EffortPolicy::parse(&policy_name).ok_or_else(|| {
            self.err(
                file,
                &path("effort"),
                format!("unknown effort policy `{policy_name}`"),
                EffortPolicy::NAMES.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "),
            )
        })?;
        let stun = self.int(file, &path("stun"), f.stun.unwrap_or(0), 0..=profile.willpower as i64 - 1, "stun")?;
        let wounds =
            self.int(file, &path("wounds"), f.wounds.unwrap_or(0), 0..=profile.endurance as i64 - 1, "wounds")?;
        let label = f.label.clone().unwrap_or_else(|| format!("{card_label} + {weapon_label}"));
        let ranged = matches!(weapon.kind, WeaponKind::Ranged { .. });
        let (melee_weapon, melee_label) = match &f.melee_weapon {
            Some(name) => {
                let (w, l) = self.weapon(name, &path("melee_weapon")).map_err(|e| retarget(e, "melee_weapon"))?;
                if !ranged || matches!(w.kind, WeaponKind::Ranged { .. }) {
                    return Err(self.err(
                        file,
                        &path("melee_weapon"),
                        if ranged {
                            format!("`{name}` is a ranged weapon: a fighter in contact fights in melee")
                        } else {
                            format!("the fighter's weapon `{weapon_name}` is already a melee weapon")
                        },
                        "a melee weapon (or `unarmed`), for a fighter whose `weapon` is ranged",
                    ));
                }
                (w, l)
            }
            None => (Weapon::unarmed(), "unarmed".to_string()),
        };
        let describe = format!(
            "{label}: {} ({}, {} per hit{}), {}{}",
            crate::systems::bmg3e::config::profile_text(&profile),
            if ranged { "ranged" } else { "melee" },
            weapon.damage,
            if ranged {
                format!(
                    "; in contact with a non-K.O. enemy it may not shoot and fights in melee with {melee_label} ({} per hit)",
                    melee_weapon.damage
                )
            } else {
                String::new()
            },
            effort.words(),
            card.reputation.map(|r| format!(", Reputation {r}")).unwrap_or_default()
        );
        if ranged {
            self.note(Note::not_modelled(
                "a fighter with a ranged weapon never makes a Movement action away from contact to shoot (it could, at −2 dice for moving, if the geometry allows): in contact with a non-K.O. enemy it fights in melee (seed lines 1668–1669)",
            ));
            self.note(Note::not_modelled(
                "ammunition: a duel shot never runs out of magazines (one magazine per attack, seed line 1687)",
            ));
        }
        Ok(Resolved {
            fighter: Fighter {
                profile,
                weapon,
                effort,
                start: Markers { stun: stun as u8, wounds: wounds as u8 },
                melee_weapon,
            },
            label,
            card_label,
            describe,
        })
    }

    /// A fighter of Special 2 or less recovers from K.O. on one die (Special − 1, at least 1:
    /// seed lines 2027–2036), which the two readings of `check_with_one_die` roll very
    /// differently: when `other` can K.O. it (its weapons deal ★), the duel's numbers depend on
    /// that reading and the report says so.
    fn note_one_die_recovery(&self, me: &Resolved, other: &Resolved, readings: &Readings) {
        let p = &me.fighter.profile;
        let o = &other.fighter;
        let ranged = matches!(o.weapon.kind, WeaponKind::Ranged { .. });
        let stuns = o.weapon.damage.stun > 0 || (ranged && o.melee_weapon.damage.stun > 0);
        if p.special > 2 || !stuns {
            return;
        }
        for n in crate::systems::bmg3e::config::one_die_recovery_notes(
            &me.card_label,
            p.endurance,
            readings.check_with_one_die,
        ) {
            self.note(n);
        }
    }

    pub(crate) fn duel(&self, f: &File, readings: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let d = self.section(&f.duel, "duel")?;
        let rounds = self.rounds(d.rounds, "duel")?;
        let a = self.fighter(&d.a, 0, &["duel", "a"])?;
        let b = self.fighter(&d.b, 0, &["duel", "b"])?;
        for (me, other) in [(&a, &b), (&b, &a)] {
            self.note_one_die_recovery(me, other, readings);
        }
        let contact = d.contact.unwrap_or(true);
        setup.push(format!("A — {}", a.describe));
        setup.push(format!("B — {}", b.describe));
        setup.push(round_text(rounds, contact));
        let duel = Duel::new(&DuelSetup { a: a.fighter, b: b.fighter, rounds, readings: *readings, contact });
        // An `optimal-win` fighter follows the exact solve's plan: estimated here (cheaply),
        // solved only when the run starts.
        if let Err(over) = crate::systems::bmg3e::rules::duel::exact::plan_within_budget(&duel) {
            let side = if duel.setup().a.effort == EffortPolicy::Win { "a" } else { "b" };
            return Err(self.err(
                0,
                &["duel", side, "effort"],
                format!("`optimal-win` plans the effort by solving the duel exactly, and {over}"),
                "a per-attack policy (`none`, `max`, `optimal-ko`, …), or fewer rounds or smaller cards for `optimal-win`",
            ));
        }
        Ok(crate::config::ctx::duel_cell(a.label, b.label, Trial3e::Duel(duel)))
    }
}
