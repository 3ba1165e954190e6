//! Mordheim movement's answer: no dice are rolled, so the answer is the distances themselves —
//! and whether the enemy in sight can be charged this turn.

use super::rules::Movement;
use crate::analysis::RunResult;

/// "Moves 4″, runs 6″ of its 8″ (…), charges 8″: the enemy 14″ away is out of reach; …".
pub fn answer(run: &RunResult) -> Option<String> {
    let m = run.scenario.cells[0].trial.downcast::<Movement>()?;
    let (run_d, full) = (m.run_distance(), 2 * m.m);
    let running = if run_d == full {
        format!("runs {full}″")
    } else {
        format!("runs only {run_d}″ of its {full}″ (a runner stops 8″ from an enemy it can see)")
    };
    let charge = 2 * m.m;
    let enemy = match m.visible_enemy {
        Some(e) if e <= charge => format!(": it can charge the enemy {e}″ away"),
        Some(e) => format!(": the enemy {e}″ away is out of charge reach this turn"),
        None => String::new(),
    };
    Some(format!(
        "Moves {}″, {running}, charges {charge}″{enemy}; it spots hidden enemies within {}″ (no dice: every figure is certain).",
        m.m,
        m.detection_range()
    ))
}
