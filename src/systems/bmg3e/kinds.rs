//! The bmg-3e kinds, each declared once: its name and words, the sections it reads, whether the
//! generic analyses vary it, its starter and its builder (`config.rs`, `config/<kind>.rs`). The
//! loader's list of kinds, `init`'s starters and the build dispatch are read from here.

use super::config;
use crate::system::{KindDef, Varies};

/// Every kind bmg-3e builds itself.
pub const KINDS: &[KindDef] = &[
    KindDef {
        name: "attack",
        title: "an attack",
        sections: &["attack"],
        varies: Some(Varies {
            target_field: "target",
            refs: &[("attacker", "cards"), ("weapon", "weapons"), ("target", "cards")],
            loadout_fields: &["attacker", "weapon"],
        }),
        starter: include_str!("starters/attack.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.attack(f, r, s)),
    },
    KindDef {
        name: "check",
        title: "a check",
        sections: &["check"],
        varies: Some(Varies { target_field: "", refs: &[("model", "cards")], loadout_fields: &["model"] }),
        starter: include_str!("starters/check.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.check(f, r, s)),
    },
    KindDef {
        name: "effort",
        title: "whether Effort is worth it",
        sections: &["attack", "effort"],
        varies: None,
        starter: include_str!("starters/effort.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.effort(f, r, s)),
    },
    KindDef {
        name: "duel",
        title: "a duel",
        sections: &["duel"],
        varies: None,
        starter: include_str!("starters/duel.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.duel(f, r, s)),
    },
    KindDef {
        name: "gang",
        title: "several models attacking one",
        sections: &["gang"],
        varies: Some(Varies { target_field: "target", refs: &[("target", "cards")], loadout_fields: &["attackers"] }),
        starter: include_str!("starters/gang.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.gang(f, r, s)),
    },
];

/// Starters of the generic analyses bmg-3e offers.
pub const ANALYSIS_STARTERS: &[(&str, &str)] = &[
    ("compare", include_str!("starters/compare.toml")),
    ("sweep", include_str!("starters/sweep.toml")),
    ("paired", include_str!("starters/paired.toml")),
    ("balance", include_str!("starters/balance.toml")),
];
