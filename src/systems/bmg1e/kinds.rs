//! The bmg-1e kinds, each declared once: its name and words, the sections it reads, whether the
//! generic analyses vary it, its starter and its builder (`config.rs`, `config/<kind>.rs`). The
//! loader's list of kinds, `init`'s starters and the build dispatch are read from here.

use super::config;
use crate::system::{KindDef, Varies};

/// Every kind bmg-1e builds itself.
pub const KINDS: &[KindDef] = &[
    KindDef {
        name: "attack",
        title: "an attack",
        sections: &["attack"],
        varies: Some(Varies {
            target_field: "target",
            refs: &[("attacker", "cards"), ("weapon", "weapons"), ("target", "cards"), ("target_weapon", "weapons")],
            loadout_fields: &["attacker", "weapon"],
        }),
        starter: include_str!("starters/attack.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.attack(f, r, s)),
    },
    KindDef {
        name: "check",
        title: "a characteristic roll",
        sections: &["check"],
        varies: None,
        starter: include_str!("starters/check.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, _, s| b.check(f, s)),
    },
    KindDef {
        name: "procedure",
        title: "a procedure of the rules (Take the Lead, Let's Go!, recovery, …)",
        sections: &["procedure"],
        varies: None,
        starter: include_str!("starters/procedure.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.procedure(f, r, s)),
    },
    KindDef {
        name: "exchange",
        title: "a melee exchange's counter split",
        sections: &["exchange"],
        varies: None,
        starter: include_str!("starters/exchange.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.exchange(f, r, s)),
    },
    KindDef {
        name: "editions",
        title: "the same fight under both editions",
        sections: &["editions", "attack"],
        varies: None,
        starter: include_str!("starters/editions.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.editions(f, r, s)),
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

/// Starters of the generic analyses bmg-1e offers.
pub const ANALYSIS_STARTERS: &[(&str, &str)] = &[
    ("compare", include_str!("starters/compare.toml")),
    ("sweep", include_str!("starters/sweep.toml")),
    ("paired", include_str!("starters/paired.toml")),
    ("balance", include_str!("starters/balance.toml")),
];
