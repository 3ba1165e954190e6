//! Threat range across rule systems: how far a model can get into base contact this turn.
//!
//! Each mover gives its reach in tenths of an inch; a chart of P(reach ≥ d) puts every system on
//! one axis. Centimetre systems convert at 2.54 cm per inch.

use crate::dice::Dice;
use crate::engine::{Outcome, Shape, Trial};

/// Tenths of an inch per centimetre (1 / 2.54 × 10).
const TENTHS_PER_CM: f64 = 10.0 / 2.54;

/// One rule system's way of reaching an enemy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mover {
    /// BMG 2013: basic move (cm) plus one D6 cm per Movement counter (*Fast* rerolls a sum below average).
    Bmg1e { basic_cm: u8, mc_dice: u8, fast: bool },
    /// BMG 2019: Movement in inches, then the attack (a Bold model moves and attacks).
    Bmg3e { movement_in: u8 },
    /// ¡Bichos!: charge at 1.5 × MOV, in the variant's units, if the charger passes its
    /// "Cargando" reaction test at the first roll (2D6 ≤ modified FDV; seed lines 329–335: passed
    /// 2nd stops and shoots, failed both ducks back — neither reaches contact).
    BichosCharge { mov: u16, inches: bool, fdv: u8 },
    /// ¡Bichos!: pursuit MOV + ½D6 (2/5/7 cm or 1/2/3").
    BichosPursuit { mov: u16, inches: bool },
    /// Wolsung: A actions, the last a charge: A × M inches.
    Wolsung { actions: u8, move_in: u8 },
    /// Mordheim: charge 2 × M inches.
    Mordheim { m: u8 },
}

impl Mover {
    /// Largest reach in tenths of an inch.
    pub fn max_tenths(&self) -> usize {
        let cm = |x: f64| (x * TENTHS_PER_CM).round() as usize;
        match *self {
            Mover::Bmg1e { basic_cm, mc_dice, .. } => cm(basic_cm as f64 + 6.0 * mc_dice as f64),
            Mover::Bmg3e { movement_in } => 10 * movement_in as usize,
            Mover::BichosCharge { mov, inches, .. } => {
                if inches {
                    15 * mov as usize
                } else {
                    cm(1.5 * mov as f64)
                }
            }
            Mover::BichosPursuit { mov, inches } => {
                if inches {
                    10 * (mov as usize + 3)
                } else {
                    cm(mov as f64 + 7.0)
                }
            }
            Mover::Wolsung { actions, move_in } => 10 * actions as usize * move_in as usize,
            Mover::Mordheim { m } => 20 * m as usize,
        }
    }
}

/// What the reports need to know about a mover cell (the generic cell layer's entry point).
impl crate::analysis::cell::TrialInfo for Mover {
    fn headline_metrics(&self) -> &'static [&'static str] {
        &["reach_tenths_in"]
    }
}

impl Trial for Mover {
    fn shape(&self) -> Shape {
        Shape::new(vec![("reach_tenths_in", self.max_tenths())], vec![])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        let cm = |x: f64| (x * TENTHS_PER_CM).round() as u16;
        let reach = match *self {
            Mover::Bmg1e { basic_cm, mc_dice, fast } => {
                let roll = |dice: &mut D| dice.sum_d6(mc_dice as u32);
                let mut s = roll(dice);
                if fast && mc_dice > 0 && 2 * s < 7 * mc_dice as u32 {
                    s = roll(dice);
                }
                cm(basic_cm as f64 + s as f64)
            }
            Mover::Bmg3e { movement_in } => 10 * movement_in as u16,
            Mover::BichosCharge { mov, inches, fdv } => {
                if dice.sum_d6(2) as u8 > fdv {
                    0
                } else if inches {
                    15 * mov
                } else {
                    cm(1.5 * mov as f64)
                }
            }
            Mover::BichosPursuit { mov, inches } => {
                let d3 = dice.d6().div_ceil(2);
                if inches { 10 * (mov + d3 as u16) } else { cm(mov as f64 + [2.0, 5.0, 7.0][d3 as usize - 1]) }
            }
            Mover::Wolsung { actions, move_in } => 10 * actions as u16 * move_in as u16,
            Mover::Mordheim { m } => 20 * m as u16,
        };
        let mut o = Outcome::default();
        o.metrics[0] = reach;
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::enumerate;

    #[test]
    fn reaches() {
        let ex = enumerate(&Mover::Mordheim { m: 4 }, 1).unwrap();
        assert_eq!(ex.metrics[0][80], 1.0);
        let ex = enumerate(&Mover::Bmg1e { basic_cm: 10, mc_dice: 1, fast: false }, 2).unwrap();
        // 10 + 1..6 cm → 11 cm = 43 tenths, 16 cm = 63 tenths, each 1/6.
        assert!((ex.metrics[0][43] - 1.0 / 6.0).abs() < 1e-12 && (ex.metrics[0][63] - 1.0 / 6.0).abs() < 1e-12);
        let ex = enumerate(&Mover::BichosPursuit { mov: 12, inches: true }, 2).unwrap();
        assert!((ex.metrics[0][150] - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(Mover::Wolsung { actions: 2, move_in: 4 }.max_tenths(), 80);
    }

    /// ¡Bichos! seed 002, lines 329–331: "Si intentas cargar a un enemigo debes pasar un chequeo de
    /// \"Cargando\" … Pasa a la 1ª: Completa la carga." MOV 8", FDV 9: the charge reaches 12" with
    /// P(2D6 ≤ 9) = 30/36 = 5/6 (hand count: 36 − 3 − 2 − 1 rolls of 10, 11, 12); otherwise no contact.
    #[test]
    fn bichos_charge_needs_the_cargando_test() {
        let ex = enumerate(&Mover::BichosCharge { mov: 8, inches: true, fdv: 9 }, 2).unwrap();
        assert!((ex.metrics[0][120] - 5.0 / 6.0).abs() < 1e-12, "reach 12\" with P(pass 1st)");
        assert!((ex.metrics[0][0] - 1.0 / 6.0).abs() < 1e-12, "no contact otherwise");
    }
}
