//! The 2013 readings: what the rules leave open, each switch with the lines it reads.
//!
//! A file of its own because the attack, its setup, the traits' [`When`](super::char_traits::When)
//! and the duel take them, and the schema fills them in: below all of them.

/// *Scratch* (seed L732–734, a basic rule of every distance weapon): how many `★` it adds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScratchMode {
    /// Every ranged impact that reaches the damage roll inflicts one `★`, on top of any damage
    /// ("a Stun Marker will **always** be inflicted … even if the Damage roll fails"). Default.
    #[default]
    PerImpact,
    /// Only an impact whose damage die fails inflicts the `★` (the digest's reading).
    PerFailedImpact,
    /// One `★` for an attack with at least one impact and no damage success.
    PerAttack,
}

/// *Kevlar Vest* against a weapon that inflicts both kinds of marker (seed L1434 "Reduce 1
/// Damage Marker"): which one the wearer drops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KevlarDrops {
    /// The `♦` (default): a wound is never better for the wearer than a stun (L794 only `★`
    /// recover; L770 `♦` make the casualty), and the damaged side chooses (L636, L742).
    #[default]
    Wound,
    /// The `★` (the reading before issue #23).
    Stun,
}

/// *Blind* (seed L1872): its "Impact and Block rolls will only succeed on a 6+ result".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BlindSix {
    /// A result of 6 or more after the roll's modifiers (default since issue #39): this rulebook's
    /// "result" is the roll after modifiers (L704 "Apply then any and all Impact roll
    /// modifiers. Any result equal or higher …"), it says "natural (before applying any
    /// modifiers)" when it means the face (L708), and its "3+" is a threshold on the modified roll
    /// (L718). The natural-1 and natural-6 rules of the roll still hold.
    #[default]
    AfterModifiers,
    /// A natural 6 only, modifiers ignored (the reading before issue #39; the digest's).
    Natural,
}

/// *Let's Go!* (seed L1466): "A result of 6 is always a success" — with *Mob*'s +1 (L1498).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LetsGoSix {
    /// A natural 6 (default: today's reading; a second reading of the seed agreed): the rule
    /// keeps a late link possible whatever the penalty, as the natural 6 of an impact does (L708).
    #[default]
    Natural,
    /// A result of 6 or more after *Mob*'s +1: a 5 always succeeds too.
    AfterMob,
}

/// Whether a helpless target's passive protective traits still protect it (the reading
/// `helpless_passive_traits`): its armours, its gear against *Tough* / *Sharp*, *Martial Artist*,
/// and its weapon's *Protective* / *Defensive* rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HelplessTraits {
    /// A paralyzed target loses them, a fallen one keeps them (default since issue #23). L1914: a
    /// paralyzed character "cannot do anything (move, attack, defend itself, **follow special
    /// rules**, …)", and L1182: "TRAITS PROVIDE THE CHARACTERS WITH VARIOUS SPECIAL RULES" — the
    /// traits are those special rules. L1908: a fallen miniature "cannot **use** any Special
    /// Ability", while L1184 says passive effects "are always active": nothing is used.
    #[default]
    LoseWhenParalyzed,
    /// Both keep them (the default before issue #23).
    Keep,
    /// Both lose them ("Special Ability" of L1908 read as every trait).
    Lose,
}

/// The spec's ambiguity switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    /// A natural 6 always blocks (default `false`).
    pub block_natural_six: bool,
    /// How many `★` *Scratch* adds (default [`ScratchMode::PerImpact`]).
    pub scratch_mode: ScratchMode,
    /// A *Martial Artist* target denies *Mobster*'s free strike (default `false`).
    pub martial_artist_vs_mobster: bool,
    /// Special attacks (*Precise Blow*, *Devastating Blow*) also work with ranged weapons
    /// (default `true`: "may choose to make it with any weapon", seed L1718).
    pub special_attack_ranged: bool,
    /// Which helpless targets lose their passive protective traits (default
    /// [`HelplessTraits::LoseWhenParalyzed`]).
    pub helpless_passive_traits: HelplessTraits,
    /// A K.O. target lies on the ground and is attacked as a fallen model: impacted on 2+
    /// (default `true`: L754 "the miniature gets laid on the ground", L802 it "remain[s] lying
    /// down" once recovered, L1908 "A fallen figure will always be Impacted on a roll of 2+").
    pub ko_target_fallen: bool,
    /// Blink! modifiers (*Expert Marksman* −1 L1343, *Big* −1 L1450, *Small* +1 L1614) also apply
    /// to the *Protective* weapon's extra Blink! roll (default `true`: L1808 calls it "an extra
    /// Blink! roll" and "This last Blink! Roll").
    pub protective_blink_modifiers: bool,
    /// Which marker *Kevlar Vest* drops from a `★♦` damage (default [`KevlarDrops::Wound`]).
    pub kevlar_drops: KevlarDrops,
    /// What a *Blind* character's impact and block rolls need (default
    /// [`BlindSix::AfterModifiers`]).
    pub blind_six: BlindSix,
    /// What *Let's Go!*'s "result of 6" is (default [`LetsGoSix::Natural`]).
    pub lets_go_six: LetsGoSix,
}
