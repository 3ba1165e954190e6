//! The `reaction` kind: the reaction test — passed at the 1st or the 2nd roll, or failed both —
//! for each modified FDV, a figure's own FDV with its modifiers, and the "¿Ahora qué?" opposed roll.

use super::{Bichos, Cells};
use crate::analysis::scenario::{CellSpec, Layout};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::bichos::rules::trial::TrialBichos;
use crate::systems::bichos::rules::{Opposed, Reaction};
use crate::systems::bichos::schema::{File, ReactionTable};
use serde_json::json;

impl Bichos<'_> {
    pub(crate) fn reaction(&self, f: &File, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let t = self.section(&f.reaction, "reaction")?;
        let from = self.int(0, &["reaction", "fdv_from"], t.fdv_from.unwrap_or(2), 0..=20, "fdv_from")?;
        let to = self.int(0, &["reaction", "fdv_to"], t.fdv_to.unwrap_or(12), from..=20, "fdv_to")?;
        let mut cells: Vec<CellSpec> = (from..=to)
            .map(|v| {
                cell(
                    &format!("modified FDV {v}"),
                    vec![("modified_fdv".into(), json!(v))],
                    TrialBichos::Reaction(Reaction { modified_fdv: v as i8 }),
                )
            })
            .collect();
        let mods_given = [
            t.leader,
            t.leader_near,
            t.higher_than_enemies,
            t.in_cover,
            t.attacking_from_behind,
            t.attacked_from_behind,
        ]
        .iter()
        .any(Option::is_some)
            || t.friends_near.is_some();
        let figure = match &t.profile {
            Some(pn) => Some(self.reaction_figure(f, &t, pn, &mut cells, setup)?),
            None if mods_given => {
                return Err(self.err(
                    0,
                    &["reaction"],
                    "modifiers need the `profile` they apply to",
                    "profile = \"soldado\" (or omit the modifiers)",
                ));
            }
            None => None,
        };
        let opposed = match &t.opposed {
            Some(v) if v.len() == 2 => {
                let a = self.int(0, &["reaction", "opposed"], v[0], 0..=15, "FDV")? as u8;
                let bb = self.int(0, &["reaction", "opposed"], v[1], 0..=15, "FDV")? as u8;
                cells.push(cell(
                    &format!("¿Ahora qué? FDV {a} vs {bb}"),
                    vec![("a_fdv".into(), json!(a)), ("b_fdv".into(), json!(bb))],
                    TrialBichos::Opposed(Opposed { a_fdv: a, b_fdv: bb }),
                ));
                Some((a, bb))
            }
            Some(v) => {
                return Err(self.err(
                    0,
                    &["reaction", "opposed"],
                    format!("{} numbers", v.len()),
                    "[FDV of A, FDV of B]",
                ));
            }
            None => None,
        };
        setup.push("Reaction test: 2D6 ≤ modified FDV passes 1st; otherwise a second 2D6 ≤ passes 2nd; otherwise failed both (equality passes)".into());
        setup.push("Modifiers: leader +2; own leader within 7 cm [3\"] in sight +1; +1 per friend (max 3) within 7 cm [3\"]; higher than all enemies +1; in cover +1; attacking from behind +2; attacked from behind −2".into());
        if let Some((a, bb)) = opposed {
            setup.push(format!("¿Ahora qué? opposed roll: 1D6 + FDV {a} against 1D6 + FDV {bb}, higher acts first, ties re-rolled (with equal FDV this is also the activation tie-break)"));
        }
        Ok((
            cells,
            Layout::own(crate::systems::bichos::report::BichosLayout::Reaction {
                fdvs: (from..=to).collect(),
                figure,
                opposed,
            }),
        ))
    }

    /// A figure's own test: profile `pn`'s FDV with the section's modifiers, its cell and its
    /// setup line; gives its label and modified FDV.
    fn reaction_figure(
        &self,
        f: &File,
        t: &ReactionTable,
        pn: &str,
        cells: &mut Vec<CellSpec>,
        setup: &mut Vec<String>,
    ) -> Result<(String, i64), InputError> {
        let (p, label) = self.profile_b(f, pn, &["reaction", "profile"])?;
        let flag = |x: Option<bool>| x.unwrap_or(false) as i64;
        let friends =
            self.int(0, &["reaction", "friends_near"], t.friends_near.unwrap_or(0), 0..=10, "friends_near")?.min(3);
        let modified = p.fdv as i64
            + 2 * flag(t.leader)
            + flag(t.leader_near)
            + friends
            + flag(t.higher_than_enemies)
            + flag(t.in_cover)
            + 2 * flag(t.attacking_from_behind)
            - 2 * flag(t.attacked_from_behind);
        setup.push(format!(
            "{label}: FDV {} {:+} (modifiers) = modified FDV {modified}",
            p.fdv,
            modified - p.fdv as i64
        ));
        cells.push(cell(
            &format!("{label}, modified FDV {modified}"),
            vec![("modified_fdv".into(), json!(modified))],
            TrialBichos::Reaction(Reaction { modified_fdv: modified.clamp(-20, 40) as i8 }),
        ));
        Ok((label, modified))
    }
}
