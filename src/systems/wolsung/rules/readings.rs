//! The Wolsung readings: what the rules leave open, each switch with the lines it reads.
//!
//! A file of its own because every trial and the duel take them, and the schema fills them in:
//! below all of them.

/// The spec's ambiguity switches (`shared/rules/wolsung.md`; documented in `configs/README.md`).
/// Their config names, values and defaults are declared once in the system's schema
/// (`schema::Readings`), which also implements `Default` for this struct.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    /// A parried-over-guard attacker also suffers the defender's excess successes as criticals.
    pub guard_backlash_crits: bool,
    /// Where *Movement penalty [x]*'s "to a minimum of 1" applies (seed l. 999–1003).
    pub movement_penalty_floor: PenaltyFloor,
    /// What happens when a draw finds the shared deck empty (the seed never says).
    pub deck_exhausted: DeckExhausted,
    /// What *Técnicas de los maestros de Sunnir*' "Protección Mágica [+1R]" protects against.
    pub sunnir_scope: SunnirScope,
    /// Whether the knocked-down +2 R ("contra ataques a distancia") also counts against magic.
    pub knocked_down_vs_magic: bool,
}

/// `movement_penalty_floor`: where *Movement penalty [x]*'s "hasta un mínimo de 1" (seed
/// l. 999–1003) falls in the shooter's pool. The pool is "su atributo Disparo modificado de la
/// siguiente manera: Modificadores por alcance del arma / Modificadores por reglas especiales del
/// arma / Bono por elevación" (l. 513–520); *Rapid*'s −1 D comes "después de cualquier otro
/// modificador" (l. 1008) under every value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PenaltyFloor {
    /// The listed order (default): D + band + weapon rules (Rapid Fire's −1 D per later shot, then
    /// the Movement penalty −x never below 1; a pool already below 1 stays), then the elevation
    /// bonus, then Rapid's −1 last.
    Listed,
    /// D + band + weapon rules + elevation, then −x never below 1 (a pool already below 1
    /// stays), then Rapid's −1 last (the default before issue #23).
    Pool,
    /// max(1, D − x), then band, weapon rules and elevation, then Rapid's −1 last.
    Attribute,
}

/// `deck_exhausted`: what an empty deck does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckExhausted {
    /// The discards (every card in no hand) are shuffled into a new deck.
    ReshuffleDiscards,
    /// No more cards are drawn this game.
    NoMoreDraws,
}

/// `sunnir_scope`: the rolls "Protección Mágica [+1R]" adds a die to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SunnirScope {
    /// Magic missiles and magic attacks only.
    Magic,
    /// Magic and shooting.
    MagicAndShooting,
    /// Shooting only (the earlier digest's reading).
    Shooting,
}

impl SunnirScope {
    /// Does the +1 R count against magic?
    pub fn magic(self) -> bool {
        self != SunnirScope::Shooting
    }

    /// Does the +1 R count against shooting?
    pub fn shooting(self) -> bool {
        self != SunnirScope::Magic
    }
}
