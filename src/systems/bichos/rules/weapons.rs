//! The source's weapon table: damage dice, POT, how many figures one attack can hit.
//!
//! A file of its own because the scenario loader builds every attack from it and the duel's
//! fighters are labelled by it; no trial owns it.

/// How many figures one attack can hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Targets {
    One,
    /// Up to three, within 5 cm [2"] of each other; the index matters on the firing table.
    Three,
    /// Every figure under a 7 cm [3"] radius template.
    Template,
}

/// A weapon from the source's table (or natural weapons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weapon {
    /// Damage dice (D6 summed).
    pub dice: u8,
    /// POT on the impact table; `None` = melee, the attacker's own POT.
    pub pot: Option<u8>,
    pub targets: Targets,
    /// Whether the weapon has a long range band (the grenade does not).
    pub has_long_range: bool,
}

/// Weapons by config name: (name, label, weapon). The grenade's POT is set by the reading.
pub const WEAPONS: [(&str, &str, Weapon); 7] = [
    ("pistol", "Pistola (pistol)", Weapon { dice: 1, pot: Some(5), targets: Targets::One, has_long_range: true }),
    (
        "assault_rifle",
        "Rifle de asalto (assault rifle)",
        Weapon { dice: 3, pot: Some(11), targets: Targets::Three, has_long_range: true },
    ),
    (
        "grenade",
        "Granada (grenade)",
        Weapon { dice: 2, pot: Some(11), targets: Targets::Template, has_long_range: false },
    ),
    (
        "heavy_weapon",
        "Arma pesada (heavy weapon)",
        Weapon { dice: 2, pot: Some(9), targets: Targets::Template, has_long_range: true },
    ),
    ("fists", "Puños (fists, melee)", Weapon { dice: 1, pot: None, targets: Targets::One, has_long_range: false }),
    (
        "small_claws",
        "Garras y dientes 2D6 (small bug, melee)",
        Weapon { dice: 2, pot: None, targets: Targets::One, has_long_range: false },
    ),
    (
        "big_claws",
        "Garras y dientes 3D6 (big bug, melee)",
        Weapon { dice: 3, pot: None, targets: Targets::One, has_long_range: false },
    ),
];

/// (config name, name shown) of every weapon, for fighters' labels ([`crate::system::DuelDef`]).
pub const WEAPON_NAMES: [(&str, &str); WEAPONS.len()] = {
    let mut out = [("", ""); WEAPONS.len()];
    let mut i = 0;
    while i < WEAPONS.len() {
        out[i] = (WEAPONS[i].0, WEAPONS[i].1);
        i += 1;
    }
    out
};
