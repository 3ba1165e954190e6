//! Batman Miniature Game, 2013 rules (`bmg-1e`), per `shared/rules/bmg-1e.md`.
//!
//! The 2013 edition spends **action counters**: Attack counters (AC) buy strikes, Defense
//! counters (DC) buy block dice. Impacts that survive blocks (and *Bat-armor*) roll damage dice
//! against the attacker's Strength together with one **Collateral** die that knocks the target
//! down when it matches a damage die and adds a critical `★` on a 6. Ranged impacts must survive
//! **Blink!** rolls for each obstacle. Markers go on `♦` first; total markers ≥ Endurance is K.O.
//!
//! As in `bmg3e`, every constant is computed once in the constructors; a trial only rolls.

mod char_traits;
pub mod counters;
pub mod damage;
pub mod duel;
mod info;
mod precompute;
pub mod procedures;
mod weapon_traits;

use crate::dice::{Dice, Reroll, SuccessMask, count_successes};
use crate::engine::{Outcome, Shape, Trial};
use crate::systems::batman::markers::Markers;
pub use char_traits::{
    CHAR_TRAIT_TABLE, CHARACTER_TRAITS, CharTrait, CharTraits, Melee, PASSIVE_TRAITS, When, acting_in_attack,
    acting_in_melee,
};
use damage::{Damage, DamageRoll};
pub use weapon_traits::{Acts, WEAPON_TRAIT_TABLE, WEAPON_TRAITS, WeaponTrait, WeaponTraits};

/// A 2013 character card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Action counters per round.
    pub willpower: u8,
    pub movement: u8,
    pub attack: u8,
    pub defense: u8,
    /// Strength `k+` of the damage roll.
    pub strength: u8,
    /// K.O. when markers ≥ Endurance; casualty when `♦` ≥ Endurance.
    pub endurance: u8,
    pub special: u8,
    pub traits: CharTraits,
}

impl Card {
    /// Most Special counters: the card's Special, or 4 with *Scientific* ("Special
    /// Characteristic is 4 instead of 3", seed L1596).
    pub fn special_counters(&self) -> u8 {
        if self.traits.scientific { 4 } else { self.special }
    }
}

/// How a weapon attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeaponKind {
    Melee,
    Ranged { rate_of_fire: u8 },
}

/// A 2013 weapon (or bare hands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weapon {
    pub kind: WeaponKind,
    pub damage: Markers,
    pub traits: WeaponTraits,
    /// `CRT:` effect that replaces the critical's extra `★` (reported, not simulated).
    pub crt: Option<String>,
    /// Bare hands (for *Masterfighter* and *Reinforced Gloves*).
    pub unarmed: bool,
}

impl Weapon {
    /// Bare hands: melee, `★` per damage (`★★` with *Reinforced Gloves*).
    pub fn unarmed() -> Self {
        Weapon {
            kind: WeaponKind::Melee,
            damage: Markers { stun: 1, wounds: 0 },
            traits: WeaponTraits::default(),
            crt: None,
            unarmed: true,
        }
    }
}

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
}

/// Counters lost to damage: one per 2 markers (*Insensitive* none, *Sturdy* per 3, *Weak* per 1).
pub fn counters_lost(c: &Card, markers: u8) -> u8 {
    if c.traits.insensitive {
        0
    } else if c.traits.weak {
        markers
    } else if c.traits.sturdy {
        markers / 3
    } else {
        markers / 2
    }
}

/// Result of applying damage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    pub markers: Markers,
    /// Markers actually added (★, ♦); a ★ replaced by a ♦ counts as a ♦ added and a ★ removed.
    pub stun_added: u8,
    pub wounds_added: u8,
    pub ko: bool,
    pub casualty: bool,
}

/// Apply `wounds` ♦ then `stun` ★ to a model with `start` markers and Endurance `e`.
///
/// Total markers ≥ E is K.O.; once K.O., further ★ are ignored and each further ♦ replaces a ★;
/// ♦ ≥ E is a casualty.
pub fn apply_markers(e: u8, start: Markers, stun: u32, wounds: u32) -> Applied {
    let (mut s, mut w) = (start.stun, start.wounds);
    let (mut s_added, mut w_added) = (0u8, 0u8);
    for _ in 0..wounds {
        if w >= e {
            break;
        }
        if s + w < e {
            w += 1;
            w_added += 1;
        } else if s > 0 {
            s -= 1;
            w += 1;
            w_added += 1;
        }
    }
    for _ in 0..stun {
        if s + w < e {
            s += 1;
            s_added += 1;
        }
    }
    let m = Markers { stun: s, wounds: w };
    Applied { markers: m, stun_added: s_added, wounds_added: w_added, ko: s + w >= e, casualty: w >= e }
}

/// Circumstances of a melee attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MeleeMods {
    /// Attack counters spent (one strike each; *Combo*: 3 per 2).
    pub attack_counters: u8,
    /// Defense counters the target spends on blocks (one die each; *Sustained Defense*: 3 per 2).
    pub defense_counters: u8,
    /// Target fighting ≥ 2 enemies: −1 Defense (a *Martial Artist* target ignores it, seed L1482).
    pub numerical_inferiority: bool,
    /// +1 Defense.
    pub defensive_position: bool,
    /// −2 Defense.
    pub paralyzed: bool,
}

/// Circumstances of a ranged attack.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RangedMods {
    /// The shooter moved earlier this activation (Rate of Fire 1 unless *Throwing*).
    pub moved: bool,
    /// Obstacles between shooter and target, in order: blink difficulty 4, 5 or 6 each.
    pub obstacles: Vec<u8>,
    /// The target is in cover behind the last obstacle (+1 on that blink).
    pub cover: bool,
    /// Movement counters the target spends on *Dodge* (one Agility roll each).
    pub dodge_counters: u8,
    /// The target spends 1 MC on *Elusive* (+1 Defense).
    pub elusive: bool,
    /// −2 Defense.
    pub paralyzed: bool,
    /// The target is within 5 cm: only a *Light* weapon may shoot, with Rate of Fire 1.
    pub within_5cm: bool,
}

/// The special attack the attacker declares (seed L1716: at most one per activation, against
/// one enemy; it modifies all the strikes against that enemy).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SpecialAttack {
    #[default]
    None,
    /// +1 to the impact rolls, reroll the collateral die (1 SC, seed L1752).
    PreciseBlow,
    /// +1 Strength on the damage roll (1 SC, seed L1736).
    DevastatingBlow,
}

impl SpecialAttack {
    /// Config names.
    pub const ALL: [(&'static str, SpecialAttack); 3] = [
        ("none", SpecialAttack::None),
        ("precise_blow", SpecialAttack::PreciseBlow),
        ("devastating_blow", SpecialAttack::DevastatingBlow),
    ];

    /// Config name.
    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(_, m)| *m == self).map(|(n, _)| *n).expect("listed")
    }

    /// The special attacks the attacker's card and weapon offer (card traits, or a weapon's
    /// `precise_blow`).
    pub fn available(attacker: &Card, weapon: &Weapon) -> Vec<SpecialAttack> {
        let mut v = Vec::new();
        if attacker.traits.precise_blow || weapon.traits.precise_blow {
            v.push(SpecialAttack::PreciseBlow);
        }
        if attacker.traits.devastating_blow {
            v.push(SpecialAttack::DevastatingBlow);
        }
        v
    }

    /// The one used when the config does not choose: the only one offered, or *Devastating
    /// Blow* when the card offers both (only one per activation, seed L1716).
    pub fn default_for(attacker: &Card, weapon: &Weapon) -> SpecialAttack {
        SpecialAttack::available(attacker, weapon).last().copied().unwrap_or(SpecialAttack::None)
    }
}

/// Everything needed to set up one 2013 attack.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackSetup {
    pub attacker: Card,
    pub weapon: Weapon,
    pub target: Card,
    /// The target's weapon (its *Protective* / *Defensive* traits help it defend).
    pub target_weapon: Weapon,
    pub target_markers: Markers,
    /// The target is knocked down: impacted on 2+, cannot block or dodge (seed L1908).
    pub target_knocked_down: bool,
    /// *Power Armor*: markers it has already ignored (0..=3; 3 = used up until repaired).
    pub target_armor_spent: u8,
    /// The special attack declared for this attack.
    pub special_attack: SpecialAttack,
    pub melee: MeleeMods,
    pub ranged: RangedMods,
    pub readings: Readings,
}

/// A rule violation in a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub field: &'static str,
    pub message: String,
    pub allowed: String,
}

/// Metric names of a 2013 attack.
pub const ATTACK_METRICS: [&str; 8] =
    ["impact_dice", "impacts", "blocks", "blinked", "hits", "damage_successes", "stun", "wounds"];
/// Event names of a 2013 attack.
/// `out_of_action` (K.O. caused or casualty) is the one a loadout comparison leads with: a
/// knife's ♦ never K.O., a bat's ★ never make a casualty.
pub const ATTACK_EVENTS: [&str; 7] =
    ["any_damage", "knocked_down", "critical", "ko", "casualty", "any_impact", "out_of_action"];

/// Metric indices.
pub mod metric {
    pub const IMPACT_DICE: usize = 0;
    pub const IMPACTS: usize = 1;
    pub const BLOCKS: usize = 2;
    pub const BLINKED: usize = 3;
    pub const HITS: usize = 4;
    pub const DAMAGE: usize = 5;
    pub const STUN: usize = 6;
    pub const WOUNDS: usize = 7;
}
/// Event indices.
pub mod event {
    pub const ANY_DAMAGE: usize = 0;
    pub const KNOCKED_DOWN: usize = 1;
    pub const CRITICAL: usize = 2;
    pub const KO: usize = 3;
    pub const CASUALTY: usize = 4;
    pub const ANY_IMPACT: usize = 5;
    pub const OUT_OF_ACTION: usize = 6;
}

/// Markers *Power Armor* ignores before it must be repaired (seed L1544).
pub const POWER_ARMOR_MARKERS: u8 = 3;

/// A ready-to-roll 2013 attack.
#[derive(Clone, Debug, PartialEq)]
pub struct Attack {
    pub ranged: bool,
    /// Impact dice rolled.
    pub impact_dice: u32,
    pub impact: SuccessMask,
    pub impact_reroll: bool,
    /// Block dice (melee) and their faces; rerolled on a miss with a *Defensive* weapon.
    /// Zero when the target cannot defend itself (knocked down, paralyzed; K.O. at roll time).
    pub block_dice: u32,
    pub block: SuccessMask,
    pub block_reroll: bool,
    /// Blink rolls in order: success faces per obstacle (none with *Remote Controlled*/*Scope*).
    pub blinks: Vec<SuccessMask>,
    /// One more Blink! roll after the others, one die per impact left (*Protective* weapon on a
    /// ranged target, seed L1808): 4+, with the Blink! modifiers under the reading
    /// `protective_blink_modifiers`.
    pub extra_blink: Option<SuccessMask>,
    /// Dodge: Agility rolls (D6 ≤ Movement), each pass cancels an impact; *Reflexes* rerolls a
    /// failed one (Dodge rolls are Agility rolls, seed L1327, L1572).
    pub dodges: u32,
    pub dodge: SuccessMask,
    pub dodge_reroll: bool,
    /// *Bat-armor*: an impact is ignored on these faces.
    pub armor: Option<SuccessMask>,
    pub damage: SuccessMask,
    /// *Sharp*: reroll one failed damage die.
    pub sharp: bool,
    /// *Brutal* / *Precise Blow*: reroll the collateral die when it did nothing.
    pub collateral_reroll: bool,
    /// The target can be knocked down (not *Big*, or a *Big* attacker).
    pub can_knock_down: bool,
    /// *Scratch* (every ranged weapon, seed L734): how its `★` are counted; `None` in melee.
    pub scratch: Option<ScratchMode>,
    pub per_hit: Markers,
    /// The critical's extra `★` (absent when the weapon's CRT effect replaces it).
    pub crit_stun: bool,
    /// *Kevlar Vest*: −1 marker per damage success (minimum 1), dropping the kind given when the
    /// weapon inflicts both.
    pub kevlar: Option<KevlarDrops>,
    pub power_armor: bool,
    /// Markers the target's *Power Armor* has already ignored at the start.
    pub armor_spent: u8,
    pub endurance: u8,
    pub start: Markers,
}

/// The target cannot defend itself: no block dice, no Dodge, no Elusive (seed L1908 fallen,
/// L1914 paralyzed, L1872 Blind cannot spend MC, L754 K.O. has no counters).
fn helpless(s: &AttackSetup) -> bool {
    fallen(s) || s.melee.paralyzed || s.ranged.paralyzed
}

/// Whether the target loses its passive protective traits in this attack (its armours, its gear,
/// *Martial Artist*, its weapon's *Protective* / *Defensive*): reading `helpless_passive_traits`.
/// Public so that the setup lines and notes of a scenario say what the numbers do (a Kevlar
/// or Protective line for a trait that is lost would contradict them).
pub fn loses_passive_traits(s: &AttackSetup) -> bool {
    let paralyzed = s.melee.paralyzed || s.ranged.paralyzed;
    loses_passive_traits_when(&s.readings, s.target_knocked_down, paralyzed, target_ko(s))
}

/// [`loses_passive_traits`] from its inputs, for a config that has no `AttackSetup` yet: a
/// fallen target is knocked down, or K.O. under `ko_target_fallen` (see [`fallen`]).
pub fn loses_passive_traits_when(r: &Readings, knocked_down: bool, paralyzed: bool, ko: bool) -> bool {
    let fallen = knocked_down || (r.ko_target_fallen && ko);
    match r.helpless_passive_traits {
        HelplessTraits::Keep => false,
        HelplessTraits::LoseWhenParalyzed => paralyzed,
        HelplessTraits::Lose => fallen || paralyzed,
    }
}

/// The target is K.O. at the start of the attack (markers ≥ Endurance, seed L752).
fn target_ko(s: &AttackSetup) -> bool {
    s.target_markers.stun + s.target_markers.wounds >= s.target.endurance
}

/// The target lies on the ground: knocked down (seed L1908), or K.O. under the reading
/// `ko_target_fallen` ("the miniature gets laid on the ground", L754; it "remain[s] lying down"
/// after recovering, L802).
fn fallen(s: &AttackSetup) -> bool {
    s.target_knocked_down || (s.readings.ko_target_fallen && target_ko(s))
}

/// The impact target number against `t` (the target's card as it acts in this attack).
fn defense_need(s: &AttackSetup, t: &Card, ranged: bool) -> i32 {
    if fallen(s) {
        // "A fallen figure will always be Impacted on a roll of 2+" (seed L1908).
        return 2;
    }
    let mut d = t.defense as i32;
    if ranged {
        // Elusive spends 1 MC (L1339): not when paralyzed (L1914), Blind (no MC, L1872) or K.O.
        // (no counters at all, L754).
        let elusive = s.ranged.elusive && !s.ranged.paralyzed && !t.traits.blind && !target_ko(s);
        d += elusive as i32 - 2 * s.ranged.paralyzed as i32;
    } else {
        let m = &s.melee;
        d += m.defensive_position as i32 - 2 * m.paralyzed as i32;
        // Numerical Inferiority is a penalty on the outnumbered model; a Martial Artist target
        // ignores it (seed L596, L1482) — unless a paralyzed one loses it under
        // `helpless_passive_traits = lose` (then `t` no longer has the trait).
        if m.numerical_inferiority && !t.traits.martial_artist {
            d -= 1;
        }
    }
    d.max(1)
}

impl Attack {
    /// Largest number of damage dice.
    pub fn max_hits(&self) -> u32 {
        self.impact_dice
    }
}

impl Trial for Attack {
    fn shape(&self) -> Shape {
        let n = self.impact_dice as usize;
        let e = self.endurance as usize;
        Shape::new(
            vec![
                ("impact_dice", n),
                ("impacts", n),
                ("blocks", n),
                ("blinked", n),
                ("hits", n),
                ("damage_successes", n),
                ("stun", e),
                ("wounds", e),
            ],
            ATTACK_EVENTS.to_vec(),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        self.resolve(dice).0
    }
}

/// Result of one attack for a caller that keeps state between attacks (duels, exchanges).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    pub applied: Applied,
    /// The collateral die knocked the target down.
    pub knocked_down: bool,
    /// *Power Armor* markers ignored so far (start + this attack), 0..=3.
    pub armor_spent: u8,
}

impl Attack {
    /// Resolve one attack from the setup's own target state: the outcome, and the markers the
    /// target ends with.
    pub fn resolve<D: Dice>(&self, dice: &mut D) -> (Outcome, Applied) {
        let (o, r) = self.resolve_from(dice, self.start, self.armor_spent);
        (o, r.applied)
    }

    /// Resolve one attack against a target that carries `start` markers and whose *Power
    /// Armor* has already ignored `armor_spent` markers. A K.O. target cannot block or dodge.
    pub fn resolve_from<D: Dice>(&self, dice: &mut D, start: Markers, armor_spent: u8) -> (Outcome, Resolved) {
        let was_ko = start.stun + start.wounds >= self.endurance;
        let reroll = |r: bool| if r { Reroll::Failures(u8::MAX) } else { Reroll::None };
        let impacts = count_successes(dice, self.impact_dice, self.impact, reroll(self.impact_reroll));
        let mut left = impacts;
        let mut blocks = 0;
        let block_dice = if was_ko { 0 } else { self.block_dice };
        if left > 0 && block_dice > 0 {
            blocks = count_successes(dice, block_dice, self.block, reroll(self.block_reroll)).min(left);
            left -= blocks;
        }
        let mut blinked = 0;
        for m in &self.blinks {
            if left == 0 {
                break;
            }
            let b = count_successes(dice, left, *m, Reroll::None);
            blinked += b;
            left -= b;
        }
        if let Some(m) = self.extra_blink
            && left > 0
        {
            let b = count_successes(dice, left, m, Reroll::None);
            blinked += b;
            left -= b;
        }
        let dodges = if was_ko { 0 } else { self.dodges };
        for _ in 0..dodges {
            if left == 0 {
                break;
            }
            let mut ok = self.dodge.test(dice.d6());
            if !ok && self.dodge_reroll {
                ok = self.dodge.test(dice.d6());
            }
            if ok {
                blinked += 1;
                left -= 1;
            }
        }
        if let Some(armor) = self.armor {
            let ignored = count_successes(dice, left, armor, Reroll::None);
            left -= ignored;
        }
        let hits = left;
        // Damage dice plus the Collateral die, read together (knock-down, critical).
        let Damage { successes, knocked, critical } = Damage::unpack(dice.aggregate(&DamageRoll {
            hits,
            damage: self.damage,
            sharp: self.sharp,
            can_knock_down: self.can_knock_down,
            collateral_reroll: self.collateral_reroll,
        }));
        let failures = hits - successes;
        // Markers: per success the weapon's markers (Kevlar −1 per damage success, minimum 1),
        // the critical's ★, Scratch ★ for ranged impacts, then Power Armor ignores what it has left.
        let (mut stun, mut wounds) = (0u32, 0u32);
        for _ in 0..successes {
            let (mut s, mut w) = (self.per_hit.stun as u32, self.per_hit.wounds as u32);
            if let Some(drop) = self.kevlar
                && s + w > 1
            {
                // Both kinds: the reading says which goes; otherwise the only kind there is.
                if (drop == KevlarDrops::Wound && w > 0) || s == 0 {
                    w -= 1;
                } else {
                    s -= 1;
                }
            }
            stun += s;
            wounds += w;
        }
        if critical && self.crit_stun {
            stun += 1;
        }
        match self.scratch {
            None => {}
            Some(ScratchMode::PerImpact) => stun += hits,
            Some(ScratchMode::PerFailedImpact) => stun += failures,
            Some(ScratchMode::PerAttack) => stun += (hits > 0 && successes == 0) as u32,
        }
        let mut spent = armor_spent;
        if self.power_armor {
            // "ignores the first 3 Damage Markers inflicted on him" — in total, ♦ first (L736).
            let mut absorb = (POWER_ARMOR_MARKERS - armor_spent.min(POWER_ARMOR_MARKERS)) as u32;
            let dw = wounds.min(absorb);
            wounds -= dw;
            absorb -= dw;
            let ds = stun.min(absorb);
            stun -= ds;
            spent += (dw + ds) as u8;
        }
        let applied = apply_markers(self.endurance, start, stun, wounds);
        let mut o = Outcome::default();
        o.metrics[metric::IMPACT_DICE] = self.impact_dice as u16;
        o.metrics[metric::IMPACTS] = impacts as u16;
        o.metrics[metric::BLOCKS] = blocks as u16;
        o.metrics[metric::BLINKED] = blinked as u16;
        o.metrics[metric::HITS] = hits as u16;
        o.metrics[metric::DAMAGE] = successes as u16;
        o.metrics[metric::STUN] = applied.stun_added as u16;
        o.metrics[metric::WOUNDS] = applied.wounds_added as u16;
        o.flag(event::ANY_DAMAGE, applied.stun_added + applied.wounds_added > 0);
        o.flag(event::KNOCKED_DOWN, knocked);
        o.flag(event::CRITICAL, critical);
        o.flag(event::KO, applied.ko && !was_ko);
        o.flag(event::CASUALTY, applied.casualty);
        o.flag(event::ANY_IMPACT, impacts > 0);
        o.flag(event::OUT_OF_ACTION, (applied.ko && !was_ko) || applied.casualty);
        (o, Resolved { applied, knocked_down: knocked, armor_spent: spent })
    }
}

#[cfg(test)]
mod tests;

/// Every 2013 trial a scenario cell can hold (static dispatch, no trait objects).
#[derive(Clone, Debug, PartialEq)]
pub enum Trial1e {
    Attack(Attack),
    Check(procedures::Check),
    Recovery(procedures::Recovery),
    TakeTheLead(procedures::TakeTheLead),
    LetsGo(procedures::LetsGo),
    Movement(procedures::Movement),
    Riddle(procedures::Riddle),
    Exchange(counters::Exchange),
    /// Pass chances: a deterministic count (every trial gives the same value, no dice).
    Passing(u8),
    Duel(duel::Duel),
}

impl Trial for Trial1e {
    fn shape(&self) -> Shape {
        match self {
            Trial1e::Attack(t) => t.shape(),
            Trial1e::Check(t) => t.shape(),
            Trial1e::Recovery(t) => t.shape(),
            Trial1e::TakeTheLead(t) => t.shape(),
            Trial1e::LetsGo(t) => t.shape(),
            Trial1e::Movement(t) => t.shape(),
            Trial1e::Riddle(t) => t.shape(),
            Trial1e::Exchange(t) => t.shape(),
            Trial1e::Passing(n) => Shape::new(vec![("passes", *n as usize)], vec!["any_pass"]),
            Trial1e::Duel(t) => t.shape(),
        }
    }

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> Outcome {
        match self {
            Trial1e::Attack(t) => t.run(dice),
            Trial1e::Check(t) => t.run(dice),
            Trial1e::Recovery(t) => t.run(dice),
            Trial1e::TakeTheLead(t) => t.run(dice),
            Trial1e::LetsGo(t) => t.run(dice),
            Trial1e::Movement(t) => t.run(dice),
            Trial1e::Riddle(t) => t.run(dice),
            Trial1e::Exchange(t) => t.run(dice),
            Trial1e::Duel(t) => t.run(dice),
            Trial1e::Passing(n) => {
                let mut o = Outcome::default();
                o.metrics[0] = *n as u16;
                o.flag(0, *n > 0);
                o
            }
        }
    }
}
