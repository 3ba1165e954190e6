//! skirmish-odds: Monte Carlo probability analyser for skirmish miniature wargames.
//!
//! Data flows one way: `config` (TOML → validated scenario) → `analysis` (scenario → cells of
//! rule `Trial`s) → `engine` (parallel, deterministic tallies) → `report` (Markdown, CSV, JSON,
//! charts). Rule modules are pure functions of a dice source and know nothing of threads or files.

pub mod analysis;
pub mod cli;
pub mod config;
pub mod dice;
pub mod discover;
pub mod engine;
pub mod error;
pub mod exact;
pub mod flags;
pub mod interrupt;
pub mod output;
pub mod registry;
pub mod report;
pub mod rerun;
pub mod safe;
pub mod serve;
pub mod shard;
pub mod stats;
pub mod system;
pub mod systems;
pub mod text;
pub mod vocabulary;
pub mod words;
