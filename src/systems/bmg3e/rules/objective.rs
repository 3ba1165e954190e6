//! What an effort choice optimises ([`Objective`]), with its config name and its words.
//!
//! A file of its own because the per-attack effort tables of the duel, the effort analysis and
//! the configs all name it, and no attack owns it.

/// What an effort choice optimises: the attacker maximises it, the target minimises it.
///
/// Effort `★` are real markers (seed lines 1604–1607): every objective below says whether it
/// counts them. The target's own effort `★` always count toward its K.O. (they are on its card
/// before any hit lands); what an objective adds on top is stated in [`Objective::counts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Expected hits, gross: the `★` each side pays for effort are not subtracted.
    Hits,
    /// Expected hits net of effort: hits − the attacker's effort `★` + the target's effort `★`
    /// (one effort `★` weighed as one hit, against the side that takes it).
    HitsNet,
    /// P(the target is put out of action by this attack: K.O. caused or casualty caused).
    /// Config name `ko`, kept for old configs; the same objective as [`Objective::OutOfAction`].
    Ko,
    /// P(K.O. caused or casualty caused): config name `out_of_action`.
    OutOfAction,
    /// P(casualty caused).
    Casualty,
}

impl Objective {
    /// Config names.
    pub const ALL: [(&'static str, Objective); 5] = [
        ("hits", Objective::Hits),
        ("hits_net", Objective::HitsNet),
        ("ko", Objective::Ko),
        ("out_of_action", Objective::OutOfAction),
        ("casualty", Objective::Casualty),
    ];

    /// The config / JSON name.
    pub fn name(self) -> &'static str {
        Objective::ALL.iter().find(|(_, o)| *o == self).map(|(n, _)| *n).expect("listed")
    }

    /// How reports describe it (short: table titles, chart titles).
    pub fn describe(self) -> &'static str {
        match self {
            Objective::Hits => "expected hits",
            Objective::HitsNet => "expected hits net of effort",
            Objective::Ko | Objective::OutOfAction => "P(K.O. or casualty)",
            Objective::Casualty => "P(casualty)",
        }
    }

    /// What the objective counts, in full (printed beside every recommendation).
    pub fn counts(self) -> &'static str {
        match self {
            Objective::Hits => {
                "expected hits of this attack, gross: the ★ each side takes for effort are not subtracted (they are reported as ★ paid), so more attacker effort never lowers it"
            }
            Objective::HitsNet => {
                "expected hits − the attacker's effort ★ + the target's effort ★: each effort ★ weighs as one hit against the side that takes it"
            }
            Objective::Ko | Objective::OutOfAction => {
                "P(this attack puts the target out of action: K.O. caused, its own effort ★ counted, or casualty caused); the attacker's effort ★ are not subtracted (reported as ★ paid)"
            }
            Objective::Casualty => {
                "P(this attack removes the target as a casualty); the attacker's effort ★ are not subtracted (reported as ★ paid)"
            }
        }
    }

    /// Whether the value is a probability (else an expectation in hits).
    pub fn is_probability(self) -> bool {
        !matches!(self, Objective::Hits | Objective::HitsNet)
    }
}
