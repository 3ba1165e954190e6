//! Mordheim movement.

pub mod config;
pub mod rules;
