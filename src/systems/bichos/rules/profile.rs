//! A figure's profile ([`Profile`]) and the profiles the source prints.
//!
//! A file of its own because the damage procedure, the sequence of attacks, the pursuit and the
//! duel all read it.

/// A figure's profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Weapon skill.
    pub hda: u8,
    /// Power (POT): used on the impact table in melee.
    pub pot: u8,
    /// Will (FDV).
    pub fdv: u8,
    /// Resistance points.
    pub res: u16,
    /// Armour (BLD).
    pub bld: u8,
    /// Movement in cm and in inches (the translation prints both).
    pub mov_cm: u16,
    pub mov_in: u16,
}

/// The profiles printed in the source, by config name.
pub const PROFILES: [(&str, &str, Profile); 5] = [
    ("ciudadano", "Ciudadano (citizen)", Profile { hda: 5, pot: 6, fdv: 7, res: 42, bld: 0, mov_cm: 20, mov_in: 8 }),
    ("colono", "Colono (colonist)", Profile { hda: 7, pot: 7, fdv: 9, res: 63, bld: 0, mov_cm: 20, mov_in: 8 }),
    ("soldado", "Soldado (soldier)", Profile { hda: 10, pot: 9, fdv: 9, res: 81, bld: 8, mov_cm: 20, mov_in: 8 }),
    ("pequeno", "\"Pequeño\" (small bug)", Profile { hda: 5, pot: 7, fdv: 7, res: 49, bld: 8, mov_cm: 30, mov_in: 12 }),
    ("grande", "\"Grande\" (big bug)", Profile { hda: 12, pot: 12, fdv: 10, res: 120, bld: 12, mov_cm: 15, mov_in: 6 }),
];
