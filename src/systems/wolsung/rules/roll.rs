//! The opposed roll every Wolsung test is made of: a pool of D6 where 4+ succeeds, *Beginner's
//! luck*'s re-roll of a lost roll, and the wounds a hit leaves.
//!
//! A file of its own because the shot, the melee attack, the spell, leaving combat and the duel
//! all roll this way.

use crate::dice::Dice;

/// *Beginner's luck* (seed l. 990–994: "Una vez por partida, un Humano puede repetir toda la
/// tirada de dados cuando Dispara, Pelea Cuerpo a Cuerpo o está siendo objetivo de un Ataque"):
/// after both sides roll and before any heroic feat, the side whose roll loses re-rolls its whole
/// roll if it still has its once-per-game luck (the active side loses on fewer successes, the
/// passive side on as many or fewer); then the other side may answer with its own. A side rolling
/// no dice keeps its luck (a re-roll could not change anything). Returns the final successes and
/// whether each side used its luck.
#[allow(clippy::too_many_arguments)]
pub fn lucky_rolls<D: Dice>(
    dice: &mut D,
    mut s: u32,
    mut t: u32,
    active_dice: i32,
    passive_dice: i32,
    active_luck: &mut bool,
    passive_luck: &mut bool,
) -> (u32, u32, bool, bool) {
    let (mut ua, mut up) = (false, false);
    loop {
        if s < t && *active_luck && active_dice > 0 {
            *active_luck = false;
            ua = true;
            s = successes(dice, active_dice);
        } else if s >= t && *passive_luck && passive_dice > 0 {
            *passive_luck = false;
            up = true;
            t = successes(dice, passive_dice);
        } else {
            return (s, t, ua, up);
        }
    }
}

/// Successes (4, 5, 6) in a pool of `n` dice (at least zero dice).
#[inline]
pub fn successes<D: Dice>(dice: &mut D, n: i32) -> u32 {
    dice.count_hits(n.max(0) as u32, crate::dice::SuccessMask::FOUR_UP)
}

/// Wounds left after `dealt` damage (*Hard to kill*: a model with more than 1 wound stays at 1).
pub fn wound(wounds: u32, dealt: u32, hard: bool) -> u32 {
    let left = wounds.saturating_sub(dealt);
    if left == 0 && hard && wounds > 1 { 1 } else { left }
}
