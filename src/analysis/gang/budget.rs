//! How much work a search over orders is, before anything is solved: a sequence over the budget
//! is refused with its estimate when it is read.

use super::search;

/// The most attacks the search over orders may value ([`search::search_attacks`]): each values
/// the attack from every state of the target, some 10–40 µs in a release build, so a search
/// within it takes a few seconds at most. Six different attackers value 1,956; seven 13,699;
/// eight 109,600; nine 986,409 (refused). Identical attackers cost far less: twelve of three
/// kinds value 34,650 orders' worth.
pub const SEARCH_BUDGET: u64 = 200_000;

/// `Err` (the estimate and the budget, in words) when searching every distinct order of attackers
/// of these kinds (`kinds[i]`: attacker i's kind) over `turns` would be over [`SEARCH_BUDGET`].
pub fn within_budget(kinds: &[usize], turns: u8) -> Result<(), String> {
    let mut counts = vec![0usize; kinds.iter().max().map_or(0, |k| k + 1)];
    for &k in kinds {
        counts[k] += 1;
    }
    let work = search::search_attacks(&counts, turns);
    if work <= SEARCH_BUDGET {
        return Ok(());
    }
    Err(format!(
        "searching every distinct order of these {} attackers ({} kinds) would value {} attacks, over the budget of {}",
        kinds.len(),
        counts.len(),
        crate::text::count(work),
        crate::text::count(SEARCH_BUDGET)
    ))
}

/// Number the attackers by kind: attackers `same` says are the same model making the same choices
/// share the number of the first of them listed; kinds are numbered in the order first listed.
pub fn number_kinds<T>(attackers: &[T], same: impl Fn(&T, &T) -> bool) -> Vec<usize> {
    let mut kinds: Vec<usize> = Vec::with_capacity(attackers.len());
    for (i, a) in attackers.iter().enumerate() {
        let k = match (0..i).find(|&j| same(&attackers[j], a)) {
            Some(j) => kinds[j],
            None => kinds.iter().max().map_or(0, |k| k + 1),
        };
        kinds.push(k);
    }
    kinds
}

/// `Err((message, allowed values))` when a sequence of attackers of these kinds cannot be solved:
/// none, more than [`MAX_ATTACKERS`](super::MAX_ATTACKERS), or a search over its orders beyond
/// [`SEARCH_BUDGET`]. Every system's reader reports it at its `attackers` field.
pub fn check(kinds: &[usize], turns: u8) -> Result<(), (String, String)> {
    let max = super::contract::MAX_ATTACKERS;
    if kinds.is_empty() || kinds.len() > max {
        return Err((
            format!("{} attackers listed (counts included)", kinds.len()),
            format!("1..={max} attackers: every distinct order is searched"),
        ));
    }
    within_budget(kinds, turns).map_err(|why| {
        (
            why,
            "fewer different attackers (identical ones, written with `count`, are not told apart and cost far less)"
                .to_string(),
        )
    })
}
