//! The Wolsung kinds, each declared once: its name and words, the sections it reads, whether
//! the generic analyses vary it, its starter and its builder (`config/<kind>.rs`). The loader's
//! list of kinds, `init`'s starters and the build dispatch are read from here.

use super::config;
use crate::system::{KindDef, Varies};

/// Every kind Wolsung builds itself.
pub const KINDS: &[KindDef] = &[
    KindDef {
        name: "shooting",
        title: "a shooting attack",
        sections: &["shooting"],
        varies: Some(Varies {
            target_field: "target",
            refs: &[("shooter", "models"), ("target", "models"), ("guns", "guns")],
            loadout_fields: &["shooter", "guns"],
        }),
        starter: include_str!("starters/shooting.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |w, f, r, s| w.shooting(f, r, s)),
    },
    KindDef {
        name: "melee",
        title: "a melee attack",
        sections: &["melee"],
        varies: Some(Varies {
            target_field: "defender",
            refs: &[("attacker", "models"), ("defender", "models")],
            loadout_fields: &["attacker", "policies"],
        }),
        starter: include_str!("starters/melee.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |w, f, r, s| w.melee(f, r, s)),
    },
    KindDef {
        name: "magic",
        title: "a spell",
        sections: &["magic"],
        varies: Some(Varies {
            target_field: "target",
            refs: &[("caster", "models"), ("target", "models")],
            loadout_fields: &["caster", "spell_f"],
        }),
        starter: include_str!("starters/magic.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |w, f, r, s| w.magic(f, r, s)),
    },
    KindDef {
        name: "initiative",
        title: "an initiative bid",
        sections: &["initiative"],
        varies: None,
        starter: include_str!("starters/initiative.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |w, f, _, s| w.initiative(f, s)),
    },
    KindDef {
        name: "leave",
        title: "leaving a melee",
        sections: &["leave"],
        varies: None,
        starter: include_str!("starters/leave.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |w, f, _, s| w.leave(f, s)),
    },
    KindDef {
        name: "duel",
        title: "a duel",
        sections: &["duel"],
        varies: None,
        starter: include_str!("starters/duel.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |w, f, r, s| w.duel(f, r, s)),
    },
    KindDef {
        name: "gang",
        title: "several models attacking one",
        sections: &["gang"],
        varies: Some(Varies { target_field: "target", refs: &[("target", "models")], loadout_fields: &["attackers"] }),
        starter: include_str!("starters/gang.toml"),
        build: |ctx, kind, doc, setup| config::build(ctx, kind, doc, setup, |w, f, r, s| w.gang(f, r, s)),
    },
];

/// Starters of the generic analyses Wolsung offers.
pub const ANALYSIS_STARTERS: &[(&str, &str)] = &[
    ("compare", include_str!("starters/compare.toml")),
    ("sweep", include_str!("starters/sweep.toml")),
    ("paired", include_str!("starters/paired.toml")),
    ("balance", include_str!("starters/balance.toml")),
];
