//! bmg3e.

pub mod config;

pub mod rules;
