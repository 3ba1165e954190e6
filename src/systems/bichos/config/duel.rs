//! The `duel` kind: two figures fight, each attacking on its own activation, until one flees
//! or dies or the turns run out — who wins, and how often the loser is a casualty.

use super::{Bichos, Cells, tests_order};
use crate::analysis::scenario::Note;
use crate::error::InputError;
use crate::systems::bichos::rules::duel::{Duel, Fighter};
use crate::systems::bichos::rules::trial::TrialBichos;
use crate::systems::bichos::rules::{KoAndDuck, RangedInContact, Readings, Situation};
use crate::systems::bichos::schema::{self, File};

impl Bichos<'_> {
    pub(crate) fn duel(&self, f: &File, r: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let d = self.section(&f.duel, "duel")?;
        let turns = self.rounds(d.rounds, "duel")?;
        let (mut fa, a_label) = self.duel_side(f, &d.a, "a", r, setup)?;
        let (mut fb, b_label) = self.duel_side(f, &d.b, "b", r, setup)?;
        let gun_vs_melee = fa.shooting != fb.shooting;
        if r.ranged_in_contact == RangedInContact::Melee && fa.shooting != fb.shooting {
            // "o del personaje, si el combate es CaC" (seed line 497): the gun fights in melee.
            let (gun, gun_label) = if fa.shooting { (&fa, &a_label) } else { (&fb, &b_label) };
            let (weapon_pot, own_pot, gun_label) = (gun.pot, gun.profile.pot, gun_label.clone());
            for f in [&mut fa, &mut fb] {
                if f.shooting {
                    f.shooting = false;
                    f.pot = f.profile.pot;
                }
            }
            // A note rather than a setup line: a balance keeps every pair's notes.
            self.note(Note::reading(format!("{} (in force): {gun_label}, in contact with a melee fighter, fights in melee — the character's POT {own_pot} on the impact table, no \"Bajo fuego\" (if it shot instead: the weapon's POT {weapon_pot}, and \"Bajo fuego\" for its target)", schema::ranged_in_contact::phrase(RangedInContact::Melee))));
        } else if fa.shooting != fb.shooting {
            let (shooter, gun_label) = if fa.shooting { (&fa, &a_label) } else { (&fb, &b_label) };
            self.note(Note::reading(format!("{} (in force): {gun_label}, in contact with a melee fighter, still shoots — the weapon's POT {} on the impact table, and its target tests \"Bajo fuego\" (if it fought in melee instead: the character's POT {}, and no \"Bajo fuego\")", schema::ranged_in_contact::phrase(RangedInContact::Shot), shooter.pot, shooter.profile.pot)));
        }
        setup.push("A win is the other figure out of the fight, fled or dead; \"removed as a casualty\" counts the dead only, so P(the loser fled, alive) = P(win) − P(its casualty) (at most one figure goes out)".into());
        setup.push(format!("{turns} turns: activation by current FDV (ties 1D6), one attack each on the firing table; a wounded figure tests \"Herido\" (2nd: FDV −1 and, under fire, ducks back; failed both: flees); a figure shot at tests \"Bajo fuego\" (2nd: ducks back; failed both: flees){}; an \"H\" knocks the figure down: it spends its next activation standing up; a figure that ducked back loses its next activation{}; RES ≤ 0 flees; a figure fleeing a fight in contact takes a free attack from behind; the fight ends when one flees or dies",
            tests_order(r),
            match r.ko_and_duck_activations {
                KoAndDuck::One => format!(" (knocked down and ducked back before it activates: one activation; reading {})", schema::ko_and_duck_activations::phrase(KoAndDuck::One)),
                KoAndDuck::Two => format!(" (knocked down and ducked back before it activates: two activations, one standing up and one coming back; reading {})", schema::ko_and_duck_activations::phrase(KoAndDuck::Two)),
            }));
        let contact = !fa.shooting || !fb.shooting;
        self.note(Note::not_modelled(
            "the approach: the \"Cargando\" and \"Asaltado\" tests and any movement before the fight (both figures start able to attack each other); ducking back and retreating move no figure (a figure that ducks back loses its next activation)",
        ));
        if contact {
            self.note(Note::not_modelled(
                "summary G (seed line 487): a figure attacked in melee that gets \"Adelante\" on its reaction test may strike back at once — each figure attacks on its own activation only",
            ));
        }
        let duel =
            Duel { a: fa, b: fb, turns, rules: r.hit_rules(), ko_and_duck: r.ko_and_duck_activations, gun_vs_melee };
        Ok(crate::config::ctx::duel_cell(a_label, b_label, TrialBichos::Duel(duel)))
    }

    /// One side of the duel (`name` is `a` or `b`): its figure, its label, and its setup line.
    fn duel_side(
        &self,
        f: &File,
        x: &schema::FighterSpec,
        name: &'static str,
        r: &Readings,
        setup: &mut Vec<String>,
    ) -> Result<(Fighter, String), InputError> {
        let (p, p_label) = self.profile_b(f, &x.card, &["duel", name, "card"])?;
        let (w, w_label) = self.weapon_b(x.weapon.as_deref().unwrap_or("fists"), &["duel", name, "weapon"], r)?;
        let label = x.label.clone().unwrap_or_else(|| format!("{p_label} + {w_label}"));
        setup.push(format!(
            "{} — {label}: HDA {}, POT {}, FDV {}, RES {}, BLD {}; {}D6, POT {}",
            name.to_uppercase(),
            p.hda,
            p.pot,
            p.fdv,
            p.res,
            p.bld,
            w.dice,
            w.pot.unwrap_or(p.pot)
        ));
        let fighter = Fighter {
            profile: p,
            damage_dice: w.dice,
            pot: w.pot.unwrap_or(p.pot),
            situation: Situation { target_index: 1, ..Situation::default() },
            shooting: w.pot.is_some(),
        };
        Ok((fighter, label))
    }
}
