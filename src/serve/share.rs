//! Share links: `/?s=TOKEN`, a scenario that reproduces its numbers when opened.
//!
//! The token carries what rebuilds the run, not the numbers: the scenario file and every file
//! it includes (a file identical to a bundled config is named, not copied, which keeps links
//! short), the `--set`s, the seed and stopping rule written out (a config's own seed too, so a
//! link does not depend on a default), and the version that made it. Same files, same
//! overrides, same version ⇒ the same numbers (the engine's determinism); a newer version
//! opening an older link says so.
//!
//! Encoding: JSON → raw DEFLATE (`miniz_oxide`, already in the build for PNG charts) →
//! base64url without padding (`base64`): URL-safe with no escaping, about a quarter of the
//! JSON's length for a typical scenario. Decoding bounds the inflated size, so a crafted link
//! cannot make the server allocate without limit.

use crate::config::Overrides;
use crate::error::InputError;
use base64::Engine as _;
use serde::{Deserialize, Serialize};

/// The token's format name: a later change of shape gets a new name.
pub const FORMAT: &str = "skirmish-odds/share/v1";

/// Most bytes a token inflates to (a scenario's files are bounded by the loader too).
pub const MAX_INFLATED: usize = 4 << 20;

/// Most characters a token may have (a link, not a file transfer).
pub const MAX_TOKEN: usize = 256 * 1024;

/// What a share link carries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shared {
    pub format: String,
    /// The program version that made the link (`CARGO_PKG_VERSION`).
    pub version: String,
    /// The scenario's path, relative (the files' paths are relative to the same folder).
    pub path: String,
    /// The scenario first, then its includes.
    pub files: Vec<SharedFile>,
    pub overrides: Overrides,
}

/// One file of a shared scenario: its text, or the bundled config it is identical to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedFile {
    pub path: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The bundled config (repository path) whose text this file has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bundled: Option<String>,
}

/// The token of `shared`.
pub fn encode(shared: &Shared) -> String {
    let json = serde_json::to_vec(shared).expect("a share serialises");
    let packed = miniz_oxide::deflate::compress_to_vec(&json, 9);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
}

/// The link's path for `shared`: `/?s=TOKEN`.
pub fn link(shared: &Shared) -> String {
    format!("/?s={}", encode(shared))
}

/// Read a token back. Every failure is an input error naming the `s` parameter.
pub fn decode(token: &str) -> Result<Shared, InputError> {
    let bad = |m: &str| {
        InputError::msg(format!("the share link is damaged: {m}"))
            .field("s", "a link made by `skirmish-odds share` or the page's Share button")
    };
    if token.len() > MAX_TOKEN {
        return Err(bad("it is longer than any link the program makes"));
    }
    let packed =
        base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(token.trim()).map_err(|_| bad("not base64url text"))?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_INFLATED)
        .map_err(|_| bad("it does not inflate (cut short, or too large)"))?;
    let shared: Shared = serde_json::from_slice(&json).map_err(|_| bad("its content is not a shared scenario"))?;
    if shared.format != FORMAT {
        return Err(bad(&format!("unknown format `{}`", shared.format)));
    }
    if shared.files.is_empty() || shared.files.iter().any(|f| f.text.is_none() == f.bundled.is_none()) {
        return Err(bad("a file has neither text nor a bundled name"));
    }
    Ok(shared)
}

/// The note a link from another version gets: the numbers may differ.
pub fn version_note(shared: &Shared) -> Option<String> {
    (shared.version != env!("CARGO_PKG_VERSION")).then(|| {
        format!(
            "this link was made with skirmish-odds {}; this is {}: the numbers may differ from the ones it was shared with",
            shared.version,
            env!("CARGO_PKG_VERSION")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Shared {
        Shared {
            format: FORMAT.into(),
            version: env!("CARGO_PKG_VERSION").into(),
            path: "x/a.toml".into(),
            files: vec![
                SharedFile { path: "x/a.toml".into(), text: Some("kind = \"attack\"\n".repeat(40)), bundled: None },
                SharedFile {
                    path: "x/cards.toml".into(),
                    text: None,
                    bundled: Some("configs/bmg-3e/cards.toml".into()),
                },
            ],
            overrides: Overrides {
                seed: Some(7),
                trials: Some(1000),
                sets: vec!["a.b=1".into()],
                ..Overrides::default()
            },
        }
    }

    #[test]
    fn a_token_round_trips_and_is_url_safe() {
        let s = sample();
        let t = encode(&s);
        assert!(t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{t}");
        assert_eq!(decode(&t).unwrap(), s);
        assert!(version_note(&s).is_none());
        assert!(version_note(&Shared { version: "0.0.1".into(), ..s }).unwrap().contains("0.0.1"));
    }

    #[test]
    fn damaged_tokens_are_input_errors() {
        let t = encode(&sample());
        for bad in [&t[..t.len() / 2], "!!!", "", &"A".repeat(MAX_TOKEN + 1)] {
            let e = decode(bad).unwrap_err();
            assert_eq!(e.field.as_deref(), Some("s"), "{bad}");
        }
        // A bomb: a megabyte of zeros per kilobyte, beyond the inflate limit.
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; MAX_INFLATED + 10], 9);
        let e = decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bomb)).unwrap_err();
        assert!(e.message.contains("inflate"), "{e:?}");
    }
}
