//! The integration tests: one test binary, one module per concern.
//!
//! Why one binary: each file under `tests/` used to be its own crate, linked against the library on
//! every change (32 binaries relinked after a one-line edit). `Cargo.toml` sets `autotests = false`
//! and declares this file as the only `[[test]]`, so a change relinks once.
//!
//! Run one concern with a filter on its module path: `cargo test --test it rules_bmg3e::`, or one
//! test: `cargo test --test it rules_bmg3e::a_test_name`. A new concern is a new file here plus a
//! `mod` line below; helpers every module may use live in `common.rs` (`use crate::common::…`).
//! All modules' tests run in parallel in one process, so no two modules may share a scratch
//! folder: each keeps its own top-level names under `CARGO_TARGET_TMPDIR` (mostly its own name).

mod cdp;
mod common;
mod cpu;

// Each rule system's clauses, against values derived by hand from its rulebook.
mod batman_shared;
mod bichos;
mod rules_bichos;
mod rules_bmg1e;
mod rules_bmg1e_round3;
mod rules_bmg3e;
mod rules_mordheim;
mod rules_wolsung;
mod rules_wolsung_clauses;
mod wolsung_threat;

// The exact evaluator and the sampler against each other and against oracles.
mod exact_answers;
mod exact_duel;
mod exact_vs_mc;
mod exact_vs_mc_1e;
mod gang;

// Generic analyses, the plug-in route, and which system owns which words.
mod balance_edges;
mod balance_lab;
mod balance_views;
mod d10_system;
mod d20_system;
mod discover;
mod fair_price;
mod generic;
mod labels;
mod layering;
mod libraries;
mod notes;
mod readings;
mod set_override;
mod tiny_system;

// Bad input: one clear message, exit 2, nothing written; limits and budgets hold.
mod budgets;
mod cli_errors;
mod cli_errors_1e;
mod fuzz;
mod limits;
mod serve_adversary;
mod serve_clients;
mod serve_raw;

// Output: deterministic, shardable, safe to interrupt, never touching what it did not write.
mod chart_answers;
mod determinism;
mod interrupts;
mod rerun;
mod safe_output;
mod shards;

// Reports people read: answer first, tables, charts, the HTML page, the terminal.
mod chart_layout;
mod grid_measure;
mod html_report;
mod report_answer;
mod report_tables;
mod report_words;
mod terminal_width;

// `skirmish-odds serve`: its HTTP API (a hand-written client) and its page in headless Chromium.
mod http;
mod serve_api;
mod serve_page;

// The docs: every rule coverage table cites tests that exist; every bundled config is indexed.
mod coverage_tables;
mod docs_index;
