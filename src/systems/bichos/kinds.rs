//! The ¡Bichos! kinds, each declared once: its name and words, the sections it reads, whether
//! the generic analyses vary it, its starter and its builder (`config/<kind>.rs`). The loader's
//! list of kinds, `init`'s starters and the build dispatch are read from here.

use super::config;
use crate::system::{KindDef, Varies};

/// Every kind ¡Bichos! builds itself.
pub const KINDS: &[KindDef] = &[
    KindDef {
        name: "shot",
        title: "a shot or a melee attack",
        sections: &["shot"],
        varies: Some(Varies {
            target_field: "targets",
            refs: &[("shooter", "profiles"), ("targets", "profiles"), ("weapon", "weapons")],
            loadout_fields: &["shooter", "weapon"],
        }),
        starter: include_str!("starters/shot.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.shot(f, r, s)),
    },
    KindDef {
        name: "sequence",
        title: "attacks repeated until a bug flees or dies",
        sections: &["sequence"],
        varies: Some(Varies {
            target_field: "target",
            refs: &[("shooter", "profiles"), ("target", "profiles"), ("weapon", "weapons")],
            loadout_fields: &["shooter", "weapon"],
        }),
        starter: include_str!("starters/sequence.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.sequence(f, r, s)),
    },
    KindDef {
        name: "arsenal",
        title: "weapons against bugs",
        sections: &["arsenal"],
        varies: None,
        starter: include_str!("starters/arsenal.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.arsenal(f, r, s)),
    },
    KindDef {
        name: "reaction",
        title: "reaction tests",
        sections: &["reaction"],
        varies: None,
        starter: include_str!("starters/reaction.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, _, s| b.reaction(f, s)),
    },
    KindDef {
        name: "encounter",
        title: "a bug hole opening",
        sections: &["encounter"],
        varies: None,
        starter: include_str!("starters/encounter.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.encounter(f, r, s)),
    },
    KindDef {
        name: "pursuit",
        title: "a pursuing bug",
        sections: &["pursuit"],
        varies: None,
        starter: include_str!("starters/pursuit.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.pursuit(f, r, s)),
    },
    KindDef {
        name: "terrain",
        title: "the terrain roll",
        sections: &[],
        varies: None,
        starter: include_str!("starters/terrain.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |_, _, _, s| Ok(config::terrain(s))),
    },
    KindDef {
        name: "variants",
        title: "the cm and inch editions side by side",
        sections: &["variants"],
        varies: None,
        starter: include_str!("starters/variants.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.variants(f, r, s)),
    },
    KindDef {
        name: "gang",
        title: "a squad attacking one figure",
        sections: &["gang"],
        varies: Some(Varies {
            target_field: "target",
            refs: &[("target", "profiles")],
            loadout_fields: &["attackers"],
        }),
        starter: include_str!("starters/gang.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.gang(f, r, s)),
    },
    KindDef {
        name: "duel",
        title: "a duel",
        sections: &["duel"],
        varies: None,
        starter: include_str!("starters/duel.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |b, f, r, s| b.duel(f, r, s)),
    },
];

/// Starters of the generic analyses ¡Bichos! offers.
pub const ANALYSIS_STARTERS: &[(&str, &str)] = &[
    ("compare", include_str!("starters/compare.toml")),
    ("sweep", include_str!("starters/sweep.toml")),
    ("paired", include_str!("starters/paired.toml")),
    ("balance", include_str!("starters/balance.toml")),
];
