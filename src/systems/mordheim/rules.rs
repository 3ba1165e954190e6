//! Mordheim movement, per `shared/rules/mordheim.md`. No dice are rolled: every result is a
//! deterministic distance, reported with probability 1 so it sits beside the random games.

use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// How far an enemy detects a hidden model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detection {
    /// I inches, as the source's worked example (default).
    Initiative,
    /// 3 × I inches, as the text says.
    TripleInitiative,
}

/// The spec's ambiguity switches. Their config names, values and defaults are declared once in
/// the system's schema (`schema::Readings`), which also implements `Default`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    /// How far an enemy detects a hidden model.
    pub detection_range: Detection,
}

/// One warrior's movement this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    pub m: u8,
    pub initiative: u8,
    /// Distance in inches to the nearest enemy it can see (runners stop within 8").
    pub visible_enemy: Option<u8>,
    pub detection: Detection,
}

impl Movement {
    /// Running: 2 × M, but it must stop at once on coming within 8" of a visible enemy.
    pub fn run_distance(&self) -> u8 {
        let full = 2 * self.m;
        match self.visible_enemy {
            Some(e) => full.min(e.saturating_sub(8)),
            None => full,
        }
    }

    /// Detection range of a hidden model by this warrior.
    pub fn detection_range(&self) -> u8 {
        match self.detection {
            Detection::Initiative => self.initiative,
            Detection::TripleInitiative => 3 * self.initiative,
        }
    }
}

/// What the reports need to know about a movement cell (the generic cell layer's entry point).
impl crate::analysis::cell::TrialInfo for Movement {
    fn unit(&self) -> &'static str {
        "move"
    }
    fn headline_metrics(&self) -> &'static [&'static str] {
        &["move", "run", "charge", "detection_range"]
    }
}

impl Trial for Movement {
    fn shape(&self) -> Shape {
        let m = self.m as usize;
        Shape::new(
            vec![("move", m), ("run", 2 * m), ("charge", 2 * m), ("detection_range", 3 * self.initiative as usize)],
            vec!["can_run_full"],
        )
    }

    fn run<D: Dice>(&self, _dice: &mut D) -> Outcome {
        let mut o = Outcome::default();
        o.metrics[0] = self.m as u16;
        o.metrics[1] = self.run_distance() as u16;
        o.metrics[2] = 2 * self.m as u16;
        o.metrics[3] = self.detection_range() as u16;
        o.flag(0, self.run_distance() == 2 * self.m);
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_stops_within_eight_inches() {
        let w = Movement { m: 4, initiative: 3, visible_enemy: None, detection: Detection::Initiative };
        assert_eq!((w.run_distance(), w.detection_range()), (8, 3));
        assert_eq!(Movement { visible_enemy: Some(12), ..w }.run_distance(), 4);
        assert_eq!(Movement { visible_enemy: Some(6), ..w }.run_distance(), 0);
        assert_eq!(Movement { visible_enemy: Some(30), ..w }.run_distance(), 8);
        assert_eq!(Movement { detection: Detection::TripleInitiative, ..w }.detection_range(), 9);
    }
}
