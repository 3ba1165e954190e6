//! How a shard's partial result file is told from any other file: by how it starts.
//!
//! Both places that may replace or remove a file at a shard's `--out` ask this: the writer
//! ([`super::PartialFile`]), before it replaces an existing file, and the cleaner of a killed
//! run's leftovers ([`super::leftovers`]), before it removes a staging file. Kept apart from both
//! so that they share one answer without either reaching into the other.

use std::path::Path;

/// How every partial result file starts (`serde_json` writes the schema field first).
const PARTIAL_PREFIX: &[u8] = b"{\"schema\":\"skirmish-odds/partial/";

/// Whether the file at `path` can be read and starts as every partial result does.
pub(super) fn starts_as_partial_result(path: &Path) -> bool {
    let mut head = vec![0u8; PARTIAL_PREFIX.len()];
    std::fs::File::open(path).and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head)).is_ok()
        && head == PARTIAL_PREFIX
}
