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
