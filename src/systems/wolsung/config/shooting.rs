//! The `shooting` kind: what one shooting turn does to a target — hits, wounds, the target taken
//! out — for every gun and card policy of the shooter against every distance, reaction (stand or
//! dive) and cover, laid out as one grid. Also the notes and setup line on the Movement penalty,
//! which only every cell of the scenario together can decide.

use super::{Cells, Gun, Model, Wolsung, describe, hand_of};
use crate::analysis::cell::Cell;
use crate::analysis::paired::Paired;
use crate::analysis::scenario::{CellSpec, Layout, Note};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::wolsung::rules::{PenaltyFloor, Policy, Reaction, Readings, ShootingTurn, TrialWolsung};
use crate::systems::wolsung::schema::{self, File, WShooting};
use serde_json::json;

/// A `[shooting]` section read and checked: what every cell of its grid shares.
struct Shooting {
    s: WShooting,
    shooter: Model,
    target: Model,
    heroes: u8,
    actions: u8,
    reactions: Vec<String>,
    covers: Vec<String>,
    /// Each card policy of the shooter, by the name the user gave.
    pol: Vec<(String, Policy)>,
    target_policy: Policy,
    moved: bool,
    guns: Vec<Gun>,
}

/// The grid's cells and its row labels, column labels and cell index (`None`: out of range).
type Grid = (Vec<CellSpec>, Vec<String>, Vec<String>, Vec<Vec<Option<usize>>>);

impl Wolsung<'_> {
    pub(crate) fn shooting(&self, f: &File, readings: Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let sh = self.read_shooting(f)?;
        let (cells, rows, cols, index) = self.shooting_grid(&sh, readings)?;
        self.shooting_notes(&sh, readings);
        shooting_setup(&sh, readings, setup);
        Ok((cells, Layout::own(crate::systems::wolsung::report::WolsungLayout::ShootingGrid { rows, cols, index })))
    }

    /// Read and check `[shooting]`: every error the section can give before a cell is built.
    fn read_shooting(&self, f: &File) -> Result<Shooting, InputError> {
        let s = self.section(&f.shooting, "shooting")?;
        let shooter = self.model_w(f, &s.shooter, &["shooting", "shooter"])?;
        let target = self.model_w(f, &s.target, &["shooting", "target"])?;
        let heroes = self.int(0, &["shooting", "heroes"], s.heroes.unwrap_or(1), 0..=6, "heroes")? as u8;
        let actions = self.int(0, &["shooting", "actions"], s.actions.unwrap_or(1), 1..=4, "actions")? as u8;
        let reactions: Vec<String> = s.reactions.clone().unwrap_or_else(|| vec!["stand".into(), "dive".into()]);
        let covers: Vec<String> = s.cover.clone().unwrap_or_else(|| vec!["none".into()]);
        let policies: Vec<String> = s.policies.clone().unwrap_or_else(|| vec!["never".into(), "fewest_to_win".into()]);
        let target_policy =
            self.policy_w(s.target_policy.as_deref().unwrap_or("fewest_to_win"), &["shooting", "target_policy"])?;
        if s.guns.is_empty() || s.distances.is_empty() {
            return Err(self.err(
                0,
                &["shooting"],
                "`guns` and `distances` need at least one entry",
                "non-empty lists",
            ));
        }
        let moved = s.moved.unwrap_or(false) || s.move_and_shoot.unwrap_or(false);
        let mut guns = Vec::new();
        for g in &s.guns {
            let gun = self.gun_w(f, g, &["shooting", "guns"])?;
            if s.move_and_shoot == Some(true) && !gun.rapid {
                return Err(self.err(
                    0,
                    &["shooting", "move_and_shoot"],
                    format!("`{}` is not Rapid: it cannot move and shoot in one action", gun.label),
                    "Rapid guns only, or move_and_shoot = false",
                ));
            }
            guns.push(gun);
        }
        let mut pol = Vec::new();
        for p in &policies {
            pol.push((p.clone(), self.policy_w(p, &["shooting", "policies"])?));
        }
        for r in &reactions {
            if r != "stand" && r != "dive" {
                return Err(self.err(
                    0,
                    &["shooting", "reactions"],
                    format!("unknown reaction `{r}`"),
                    "`stand`, `dive`",
                ));
            }
        }
        for c in &covers {
            if !["none", "partial", "heavy"].contains(&c.as_str()) {
                return Err(self.err(
                    0,
                    &["shooting", "cover"],
                    format!("unknown cover `{c}`"),
                    "`none`, `partial` (+1 R), `heavy` (+2 R)",
                ));
            }
        }
        self.limit_cells(
            "shooting",
            &[
                ("guns", s.guns.len()),
                ("policies", policies.len()),
                ("distances", s.distances.len()),
                ("reactions", reactions.len()),
                ("cover", covers.len()),
            ],
        )?;
        Ok(Shooting { s, shooter, target, heroes, actions, reactions, covers, pol, target_policy, moved, guns })
    }

    /// One row per gun × policy, one column per distance × reaction × cover; a distance beyond
    /// a gun's last band leaves its cell empty.
    fn shooting_grid(&self, sh: &Shooting, readings: Readings) -> Result<Grid, InputError> {
        let Shooting { s, reactions, covers, .. } = sh;
        let mut cols = Vec::new();
        let mut sits = Vec::new();
        for &d in &s.distances {
            self.int(0, &["shooting", "distances"], d, 0..=60, "distance")?;
            for r in reactions {
                for c in covers {
                    cols.push(format!("{d}\", {r}, cover {c}"));
                    sits.push((d, r.as_str(), c.as_str()));
                }
            }
        }
        let mut rows = Vec::new();
        let mut index = Vec::new();
        let mut cells = Vec::new();
        for g in &sh.guns {
            for (pn, p) in &sh.pol {
                rows.push(format!("{} — {}", g.label, crate::systems::wolsung::labels::policy(pn)));
                let mut row = Vec::new();
                for (k, &(d, r, c)) in sits.iter().enumerate() {
                    let Some(&(_, band)) = g.bands.iter().find(|(max, _)| d <= *max) else {
                        row.push(None);
                        continue;
                    };
                    let turn = shooting_turn(sh, g, *p, band, r, c, readings);
                    row.push(Some(cells.len()));
                    cells.push(cell(
                        &format!("{} — {} — {}", g.label, crate::systems::wolsung::labels::policy(pn), cols[k]),
                        vec![
                            ("gun".into(), json!(g.label)),
                            ("policy".into(), json!(pn)),
                            ("distance_in".into(), json!(d)),
                            ("reaction".into(), json!(r)),
                            ("cover".into(), json!(c)),
                        ],
                        TrialWolsung::Shooting(turn),
                    ));
                }
                index.push(row);
            }
        }
        Ok((cells, rows, cols, index))
    }

    /// Notes on the section's values that cannot change its numbers.
    fn shooting_notes(&self, sh: &Shooting, readings: Readings) {
        let Shooting { s, shooter, target, pol, .. } = sh;
        if target.sunnir && !readings.sunnir_scope.shooting() {
            self.note(Note::ignored(format!(
                "`models.{}.sunnir`: Protección Mágica [+1R] does not count against shooting under the reading {} (seed l. 1035–1037)",
                s.target,
                crate::systems::wolsung::schema::sunnir_scope::phrase(readings.sunnir_scope)
            )));
        }
        // `shooting.moved` and `readings.movement_penalty_floor` are told whether they
        // matter by `movement_notes`, from every cell of the whole scenario.
        if !shooter.hero && pol.len() > 1 {
            self.note(Note::ignored(format!(
                "`shooting.policies`: the shooter {} is a henchman with no cards, so every policy gives the same numbers",
                shooter.label
            )));
        }
        if !target.hero && s.target_policy.is_some() {
            self.note(Note::ignored(format!(
                "`shooting.target_policy`: the target {} is a henchman with no cards",
                target.label
            )));
        }
    }
}

/// The turn of one cell: gun `g` shooting by policy `p` in range band `band`, the target
/// reacting by `r` in cover `c`.
fn shooting_turn(sh: &Shooting, g: &Gun, p: Policy, band: i32, r: &str, c: &str, readings: Readings) -> ShootingTurn {
    let Shooting { s, shooter, target, heroes, actions, target_policy, moved, .. } = sh;
    let cover = match c {
        "partial" => 1,
        "heavy" => 2,
        _ => 0,
    };
    let sunnir = target.sunnir && readings.sunnir_scope.shooting();
    let tdice = target.r + cover + s.shooter_lower.unwrap_or(false) as i32 + sunnir as i32;
    ShootingTurn {
        d: shooter.d,
        dice_mod: band + s.target_lower.unwrap_or(false) as i32,
        elevation: s.target_lower.unwrap_or(false) as i32,
        movement_penalty: if *moved { g.movement_penalty } else { 0 },
        rapid_move: s.move_and_shoot == Some(true),
        floor: readings.movement_penalty_floor,
        actions: *actions,
        rapid_fire: g.rapid_fire,
        target_dice: tdice,
        reaction: if r == "dive" { Reaction::Dive } else { Reaction::Stand },
        damage: g.f,
        armour: target.armour.saturating_sub(g.ap),
        wounds: target.h,
        hard_to_kill: target.hard_to_kill,
        fresh_target_each_shot: g.rapid_fire > 1,
        shooter_hand: hand_of(shooter, *heroes),
        shooter_policy: p,
        target_hand: hand_of(target, *heroes),
        target_policy: *target_policy,
        beginners_luck: shooter.beginners_luck,
        target_luck: target.beginners_luck,
    }
}

/// The setup lines: both models, every gun, and the turn's card and luck rules.
fn shooting_setup(sh: &Shooting, readings: Readings, setup: &mut Vec<String>) {
    let Shooting { shooter, target, heroes, actions, target_policy, guns, .. } = sh;
    setup.push(format!("Shooter — {}", describe(shooter)));
    setup.push(format!(
        "Target — {}{}",
        describe(target),
        if target.sunnir && readings.sunnir_scope.shooting() { ", Sunnir technique +1 R" } else { "" }
    ));
    for g in guns {
        setup.push(format!(
            "Gun {}: F {}, bands {}{}{}{}{}",
            g.label,
            g.f,
            g.bands.iter().map(|(m, b)| format!("up to {m}\": {b:+}")).collect::<Vec<_>>().join(", "),
            if g.rapid { ", Rapid" } else { "" },
            if g.rapid_fire > 1 {
                format!(", Rapid Fire [{}] (each shot at a different target, the k-th at −(k−1) D)", g.rapid_fire)
            } else {
                String::new()
            },
            if g.movement_penalty > 0 { format!(", Movement penalty [{}]", g.movement_penalty) } else { String::new() },
            if g.ap > 0 { format!(", Armour Penetration [{}]", g.ap) } else { String::new() }
        ));
    }
    setup.push(format!(
            "{actions} shooting action(s) per turn; hands of 3 + {heroes} cards from one 52-card deck for heroes; red cards pay for shooting (J Q K A +2, others +1); the target hero spends: {}; both heroes alternate, the side behind first (tie: the target){}",
            target_policy.words(),
            match (shooter.beginners_luck, target.beginners_luck) {
                (true, true) => "; Beginner's luck (once per game): the shooter re-rolls its first losing roll, the target its first losing R roll, before any card",
                (true, false) => "; Beginner's luck (once per game): the shooter re-rolls its first losing roll, before any card",
                (false, true) => "; Beginner's luck (once per game): the target re-rolls its first losing R roll, before any card",
                _ => "",
            }
        ));
}

/// Every shooting turn among `cells`, both sides of a paired comparison included.
fn shooting_turns(cells: &[CellSpec]) -> Vec<&ShootingTurn> {
    fn add<'t>(trial: &'t Cell, out: &mut Vec<&'t ShootingTurn>) {
        if let Some(TrialWolsung::Shooting(t)) = trial.downcast::<TrialWolsung>() {
            out.push(t);
        } else if let Some(p) = trial.downcast::<Paired>() {
            add(&p.a, out);
            add(&p.b, out);
        }
    }
    let mut out = Vec::new();
    for c in cells {
        add(&c.trial, &mut out);
    }
    out
}

/// The dice of every shot of a turn's action (Rapid Fire's later shots included): the only
/// place the Movement penalty and its floor enter a shooting turn ([`ShootingTurn::shot_dice`]),
/// so two turns with the same dice and otherwise equal give the same numbers.
fn dice(t: &ShootingTurn) -> Vec<i32> {
    (0..t.rapid_fire.max(1) as i32).map(|k| t.shot_dice(k)).collect()
}

impl Wolsung<'_> {
    /// The reading `movement_penalty_floor` moves numbers (issue #39: it did so with no note):
    /// where some shot of some cell gets other dice under another of its values, say which shot
    /// and its dice under each value, the one in force marked.
    fn note_floor_moves(&self, penalised: &[&ShootingTurn]) {
        use schema::movement_penalty_floor as m;
        let under = |t: &ShootingTurn, floor| dice(&ShootingTurn { floor, ..t.clone() });
        let moves = |t: &&&ShootingTurn| m::VALUES.iter().any(|&(_, f)| under(t, f) != dice(t));
        let Some(t) = penalised.iter().find(moves) else { return };
        let n = penalised.iter().filter(moves).count();
        let shown = |d: Vec<i32>| d.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
        let each: Vec<String> = m::VALUES
            .iter()
            .map(|&(_, f)| {
                format!("“{}”{}: {}", m::words(f), if f == t.floor { " (in force)" } else { "" }, shown(under(t, f)))
            })
            .collect();
        self.note(Note::reading(format!(
            "the reading “{}” moves these numbers (seed l. 513–520, 999–1008): {} the shooter (D {}, Movement penalty {}) rolls these dice per shot: {}",
            m::TITLE,
            if n > 1 { format!("in {n} shooting turns of the scenario; in the first,") } else { "in its shooting turn".into() },
            t.d,
            t.movement_penalty,
            each.join("; ")
        )));
    }

    /// The notes on `shooting.moved` and `readings.movement_penalty_floor`, and the setup line
    /// on the Movement penalty, decided from the turns of every cell the scenario built (a
    /// `paired`, `compare` or `sweep` builds each cell from its own guns: the `[shooting]`
    /// section alone cannot say). A value is called inert only when no shot of any cell would
    /// get other dice under another value.
    pub(crate) fn movement_notes(&self, text: &str, cells: &[CellSpec], setup: &mut Vec<String>) {
        let Ok(doc) = toml::from_str::<toml::Table>(text) else { return };
        let flag = |section: &str, key: &str| doc.get(section).and_then(|s| s.get(key));
        let floor_set = flag("readings", "movement_penalty_floor").is_some();
        let moved = flag("shooting", "moved").and_then(toml::Value::as_bool) == Some(true);
        let turns = shooting_turns(cells);
        let penalised: Vec<&ShootingTurn> = turns.iter().copied().filter(|t| t.movement_penalty > 0).collect();
        if floor_set {
            let title = schema::movement_penalty_floor::TITLE;
            if turns.is_empty() {
                self.note(Note::idle_reading(title, "nothing is shot"));
            } else if penalised.is_empty() {
                self.note(Note::idle_reading(
                    title,
                    "no Movement penalty applies in any cell (no gun has one, or the shooter did not move)",
                ));
            } else if penalised.iter().all(|t| {
                schema::movement_penalty_floor::VALUES
                    .iter()
                    .all(|&(_, floor)| dice(&ShootingTurn { floor, ..(*t).clone() }) == dice(t))
            }) {
                self.note(Note::idle_reading(
                    title,
                    "every shot of every cell has the same dice under each of its values",
                ));
            }
        }
        self.note_floor_moves(&penalised);
        if moved && !turns.is_empty() {
            if penalised.is_empty() {
                self.note(Note::ignored(
                    "`shooting.moved`: no gun of any cell has a Movement penalty, so moving changes no dice",
                ));
            } else if penalised.iter().all(|t| dice(&ShootingTurn { movement_penalty: 0, ..(*t).clone() }) == dice(t)) {
                self.note(Note::ignored(format!(
                    "`shooting.moved`: the Movement penalty takes no die from any shot of any cell (each pool is already at its minimum of 1 under the reading {}), so moving changes no dice",
                    schema::movement_penalty_floor::phrase(penalised[0].floor)
                )));
            }
        }
        if let Some(t) = penalised.first() {
            setup.push(format!(
                "Shooter's dice per shot after moving (seed l. 513–520, 999–1008): {} (reading {})",
                match t.floor {
                    PenaltyFloor::Listed => "D + range band + weapon rules (Rapid Fire −1 D per later shot, then the Movement penalty −x, not below 1) + elevation, then Rapid's −1 last",
                    PenaltyFloor::Pool => "D + range band + weapon rules + elevation, then the Movement penalty −x, not below 1, then Rapid's −1 last",
                    PenaltyFloor::Attribute => "D − x (not below 1) + range band + weapon rules + elevation, then Rapid's −1 last",
                },
                schema::movement_penalty_floor::phrase(t.floor)
            ));
        }
    }
}
