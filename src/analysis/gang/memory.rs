//! What a sequence's solve holds in memory ([`solve_bytes`]) and its budget: a leaf below the
//! tables, which stop building as soon as they are over it, and the budgets that read it.

/// The most memory a sequence's solve may hold: its tables (every state's laws) and the search's
/// buffers, as [`solve_bytes`] estimates them. The bundled sequences hold a few MB.
pub const MEMORY_BUDGET: u64 = 1 << 30;

/// Bytes of one law item while the tables are built: the rules' law (state, numerator) and its
/// numbered copy (next state, numerator, probability), both held until the build ends.
pub(super) const ITEM_BYTES: u64 = 64;

/// What a solve over `states` states with `items` law items in all holds at its largest, with
/// `counts` attackers per kind over `turns` turns: the tables, the search's buffers (one value
/// per state for each attacker of the last turn's order, and the adaptive plan's values and
/// choices for every set of attackers left).
pub(super) fn solve_bytes(states: u64, items: u64, counts: &[usize], turns: u8) -> u64 {
    let n: u64 = counts.iter().sum::<usize>() as u64;
    let sets: u64 = counts.iter().map(|&c| c as u64 + 1).product();
    let tables = items * ITEM_BYTES + states * 64;
    let search = states * 8 * (n + 4);
    let adaptive = states * sets * (8 + 3 * turns.max(1) as u64 + 2 * counts.len() as u64);
    tables + search + adaptive
}

/// The budget in words, for a refusal.
pub(super) fn over_memory(bytes: u64, states: usize) -> String {
    format!(
        "solving it would hold about {} MB ({} states of the target, with their laws and the search over orders), over the budget of {} MB",
        bytes >> 20,
        crate::text::count(states as u64),
        MEMORY_BUDGET >> 20
    )
}
