//! Damage markers, shared by both Batman editions: a model carries them and a weapon inflicts
//! them per hit (`★` stun, `♦` wound), and both rulebooks write a weapon's damage the same way.
//! Pure (the rules of both editions read it).

use std::fmt;

/// Markers on a model (or inflicted per hit).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Markers {
    /// `★` (stun, "Contusión").
    pub stun: u8,
    /// `♦` (wound, "Herido").
    pub wounds: u8,
}

impl fmt::Display for Markers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.stun {
            f.write_str("★")?;
        }
        for _ in 0..self.wounds {
            f.write_str("♦")?;
        }
        Ok(())
    }
}

/// Parse damage markers like `"★★"`, `"★♦"`, `"sw"` (both Batman editions write a weapon's
/// damage this way).
pub fn parse_damage(s: &str) -> Result<Markers, String> {
    let mut m = Markers::default();
    for ch in s.chars() {
        match ch {
            '★' | '*' | 's' | 'S' => m.stun += 1,
            '♦' | 'w' | 'W' => m.wounds += 1,
            c if c.is_whitespace() => {}
            c => return Err(format!("unknown damage marker `{c}` in \"{s}\"")),
        }
    }
    let n = m.stun + m.wounds;
    if n == 0 || n > 6 {
        return Err(format!("\"{s}\" has {n} markers"));
    }
    Ok(m)
}
