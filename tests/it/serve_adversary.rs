//! The local server (`skirmish-odds serve`) attacked as an adversary would: other sites' pages
//! (DNS rebinding, cross-site posts), paths and includes that reach for files outside the ones
//! the server knows, bodies and queries that are not what a page sends, damaged and hostile share
//! links, hostile text in the report fragment. Every answer must be a JSON error or a good
//! answer, never a dropped connection, an empty error page or a panic, and nothing outside its
//! known files may be read. (Slow and greedy clients, endless runs and mutants of every bundled
//! config: `serve_clients.rs`; the server under test and the raw client: `serve_raw.rs`.)

use crate::common::tmp;
use crate::serve_raw::*;
use serde_json::Value;
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------------------------
// Other sites' pages.

#[test]
fn requests_naming_another_host_or_coming_from_another_origin_are_refused() {
    let srv = Server::start("hosts", &[]);
    let p = srv.port;
    let body = repo_file(BATMAN);
    let bad_hosts = [
        format!("127.0.0.1:{p}.evil.com"),
        format!("evil.com:{p}"),
        format!("localhost.:{p}"),
        format!("LOCALHOST:{p}"),
        format!("[::1]:{p}"),
        format!("127.0.0.1:0{p}"),
        format!("127.0.0.1:{}", p.wrapping_add(1)),
        "127.0.0.1".into(),
        "localhost".into(),
        String::new(),
    ];
    for host in &bad_hosts {
        for (m, target) in [("GET", "/api/meta"), ("GET", "/"), ("POST", "/api/run")] {
            let raw = format!(
                "{m} {target} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let r = exchange(p, raw.as_bytes()).unwrap();
            r.assert_error(403, &format!("Host {host:?} {m} {target}"));
            // A refusal carries the same protective headers as any answer.
            assert!(
                r.header("content-security-policy").is_some_and(|c| c.contains("default-src 'self'")),
                "{}",
                r.head
            );
            assert_eq!(r.header("x-content-type-options").as_deref(), Some("nosniff"), "{}", r.head);
        }
    }
    // No Host at all (HTTP/1.0), and two Host headers, the good one first: a browser never
    // sends either, and a server must not pick one (RFC 9112 §3.2).
    let r = exchange(p, b"GET /api/meta HTTP/1.0\r\n\r\n").unwrap();
    r.assert_error(403, "HTTP/1.0 without Host");
    for hosts in [[srv.host(), format!("evil.com:{p}")], [format!("evil.com:{p}"), srv.host()]] {
        let raw =
            format!("GET /api/meta HTTP/1.1\r\nHost: {}\r\nHost: {}\r\nConnection: close\r\n\r\n", hosts[0], hosts[1]);
        exchange(p, raw.as_bytes()).unwrap().assert_error(400, &format!("two Host headers {hosts:?}"));
    }
    // The same for two Origin headers, ours first.
    let own = format!("http://127.0.0.1:{p}");
    let r = srv.request(
        "POST",
        &format!("/api/run?path={BATMAN}"),
        &[("Origin", &own), ("Origin", "http://evil.com")],
        body.as_bytes(),
    );
    r.unwrap().assert_error(400, "two Origin headers");
    // An absolute request target names the host in place of the header (RFC 9112 §3.2.2).
    for (target, host) in [
        (format!("http://evil.com:{p}/api/meta"), srv.host()),
        (format!("http://127.0.0.1:{p}.evil.com/api/meta"), srv.host()),
        (format!("http://127.0.0.1:{p}/api/meta"), format!("evil.com:{p}")),
    ] {
        let raw = format!("GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        exchange(p, raw.as_bytes()).unwrap().assert_error(403, &format!("{target} with Host {host}"));
    }
    let raw =
        format!("GET http://127.0.0.1:{p}/api/meta HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", srv.host());
    assert_eq!(exchange(p, raw.as_bytes()).unwrap().status, 200, "our own absolute target");
    // Our own names are served.
    for host in [srv.host(), format!("localhost:{p}")] {
        let raw = format!("GET /api/meta HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        assert_eq!(exchange(p, raw.as_bytes()).unwrap().status, 200, "{host}");
    }
    let bad_origins = [
        "null".to_string(),
        format!("http://127.0.0.1:{}", p.wrapping_add(1)),
        format!("https://127.0.0.1:{p}"),
        format!("http://127.0.0.1:{p}/"),
        format!("http://127.0.0.1:{p}.evil.com"),
        format!("HTTP://127.0.0.1:{p}"),
        "http://evil.com".into(),
        String::new(),
    ];
    for o in &bad_origins {
        for (m, target) in [("POST", "/api/run"), ("POST", "/api/share"), ("GET", "/api/meta"), ("OPTIONS", "/api/run")]
        {
            let r =
                srv.request(m, target, &[("Origin", o), ("Access-Control-Request-Method", "POST")], body.as_bytes());
            r.unwrap().assert_error(403, &format!("Origin {o:?} {m} {target}"));
        }
    }
    for o in [format!("http://127.0.0.1:{p}"), format!("http://localhost:{p}")] {
        let r = srv.request("POST", &format!("/api/run?path={BATMAN}"), &[("Origin", &o)], body.as_bytes()).unwrap();
        assert_eq!(r.status, 200, "{o}: {}", r.text());
    }
    // No answer ever invites another site's script to read it.
    for (m, target, origin) in [
        ("OPTIONS", "/api/run", format!("http://127.0.0.1:{p}")),
        ("GET", "/api/meta", format!("http://127.0.0.1:{p}")),
        ("GET", "/api/meta", "http://evil.com".to_string()),
    ] {
        let r = srv.request(m, target, &[("Origin", &origin), ("Access-Control-Request-Method", "POST")], b"").unwrap();
        assert!(!r.head.to_ascii_lowercase().contains("access-control-allow"), "{m} {target}: {}", r.head);
    }
    srv.finish();
}

#[test]
fn a_method_an_endpoint_does_not_take_is_a_json_405() {
    let srv = Server::start("methods", &[]);
    for (m, target) in [
        ("GET", "/api/run"),
        ("PUT", "/api/run"),
        ("DELETE", "/api/share"),
        ("POST", "/api/meta"),
        ("PATCH", "/api/file"),
        ("OPTIONS", "/api/fields"),
        ("POST", "/"),
    ] {
        let r = srv.request(m, target, &[], b"").unwrap();
        let e = r.assert_error(405, &format!("{m} {target}"));
        assert!(r.header("allow").is_some(), "{m} {target}: {}", r.head);
        assert!(e["message"].as_str().unwrap().contains(m), "{m} {target}: {e}");
    }
    // An unknown path is a JSON 404, whatever the method.
    for m in ["GET", "POST", "PUT"] {
        srv.request(m, "/api/nothing", &[], b"").unwrap().assert_error(404, m);
    }
    srv.finish();
}

// ---------------------------------------------------------------------------------------------
// Files outside the ones the server knows.

#[test]
fn no_path_or_include_reads_a_file_the_server_does_not_know() {
    // A real file outside (and one inside the user's folder, through a link): its marker must
    // never come back in any answer.
    let base = tmp("serve_adversary", "outside");
    let marker = "MARKER_7f3a_outside_file";
    let secret = base.join("secret.toml");
    std::fs::write(&secret, format!("ruleset = \"bmg-3e\"\n[cards.{marker}]\nname = \"{marker}\"\n")).unwrap();
    let lib = base.join("library");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::write(lib.join("mine.toml"), repo_file(BATMAN).replace("include = [\"cards.toml\"]", "include = []"))
        .unwrap();
    std::os::unix::fs::symlink(&secret, lib.join("linked.toml")).unwrap();
    std::os::unix::fs::symlink(&base, lib.join("up")).unwrap();
    let srv = Server::start_in(&base, &["--library", lib.to_str().unwrap()], None);
    let abs = secret.to_string_lossy().into_owned();
    let ups = "../".repeat(30) + abs.trim_start_matches('/');
    let paths = [
        abs.clone(),
        ups.clone(),
        format!("configs/bmg-3e/{ups}"),
        format!("user/../../{}", abs.trim_start_matches('/')),
        "user/linked.toml".into(),
        "user/up/secret.toml".into(),
        format!("configs\\..\\..\\{}", abs.trim_start_matches('/')),
        format!("{abs}\0.toml"),
        format!("{}{abs}", "./".repeat(2000)),
    ];
    let meta = srv.get("/api/meta").text();
    assert!(meta.contains("user/mine.toml"), "the user's folder is listed");
    assert!(!meta.contains("linked.toml") && !meta.contains(marker), "a link out of the folder is listed");
    for p in &paths {
        for target in [format!("/api/file?path={}", enc(p)), format!("/api/file?path={p}")] {
            let r = srv.request("GET", &target, &[], b"").unwrap();
            assert!(!r.text().contains(marker), "{target}: {}", r.text());
            assert!(matches!(r.status, 400 | 404 | 414), "{target}: {} {}", r.status, r.text());
        }
    }
    // Includes that point outside, from a bundled path, a user path and the default path.
    let scenario = repo_file(BATMAN);
    for inc in [abs.clone(), ups.clone(), format!("../../{ups}"), "/dev/zero".into(), ".".into(), "/etc/passwd".into()]
    {
        let body = scenario.replace("include = [\"cards.toml\"]", &format!("include = [\"cards.toml\", {inc:?}]"));
        assert_ne!(body, scenario);
        for at in ["configs/bmg-3e/x.toml", "user/x.toml", "user/up/x.toml"] {
            for ep in ["run", "run?stream=1&", "fields", "edit", "share", "report"] {
                let q = if ep.ends_with('&') { format!("/api/{ep}path={at}") } else { format!("/api/{ep}?path={at}") };
                let q = if ep == "edit" { format!("{q}&set=attack.attacker_effort%3D2") } else { q };
                let r = srv.post(&q, &body);
                assert!(!r.text().contains(marker), "{q} include {inc}: {}", r.text());
                if ep != "fields" {
                    let e = r.assert_error(400, &format!("{q} include {inc}"));
                    assert_eq!(e["field"], "include", "{q}: {e}");
                }
            }
        }
    }
    srv.finish();
}

#[test]
fn an_include_the_server_does_not_have_says_so_in_the_servers_words() {
    // Run from the page, a missing include is not a report or partial result without a copy.
    let srv = Server::start("missing-include", &[]);
    let body = repo_file(BATMAN).replace("include = [\"cards.toml\"]", "include = [\"nope.toml\"]");
    for ep in ["run", "edit", "share", "report"] {
        let target = format!("/api/{ep}?path={BATMAN}&set=attack.attacker_effort%3D2");
        let e = srv.post(&target, &body).assert_error(400, ep);
        let m = e["message"].as_str().unwrap();
        assert!(m.contains("nope.toml") && m.contains("the server knows no file"), "{ep}: {e}");
        assert!(!m.contains("report or partial result"), "{ep}: a message meant for `run results.json`: {e}");
        assert_eq!((e["field"].as_str(), e["line"].as_u64()), (Some("include"), Some(6)), "{ep}: {e}");
    }
    srv.finish();
}

// ---------------------------------------------------------------------------------------------
// Bodies and queries a page does not send.

#[test]
fn bodies_that_are_not_text_empty_or_too_large_get_json_errors() {
    let srv = Server::start("bodies", &[]);
    let target = format!("/api/run?path={BATMAN}");
    // Not UTF-8: where.
    let mut bad = b"ruleset = \"bmg-3e\"\nname = \"".to_vec();
    bad.extend_from_slice(&[0xff, 0xfe]);
    let e = srv.request("POST", &target, &[], &bad).unwrap().assert_error(400, "not UTF-8");
    assert_eq!((e["line"].as_u64(), e["column"].as_u64()), (Some(2), Some(9)), "{e}");
    // Empty.
    for ep in ["run", "share", "report"] {
        srv.request("POST", &format!("/api/{ep}?path={BATMAN}"), &[], b"").unwrap().assert_error(400, ep);
    }
    // Exactly the limit is read (a comment); one byte more is a 413, with a length or chunked.
    let limit = srv.get("/api/meta").json()["limits"]["body_bytes"].as_u64().unwrap() as usize;
    assert_eq!(limit, 1 << 20);
    let mut at_limit = b"ruleset = \"bmg-3e\"\n#".to_vec();
    at_limit.resize(limit, b'x');
    let r = srv.request("POST", "/api/fields?path=configs/bmg-3e/x.toml", &[], &at_limit).unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    let mut over = at_limit.clone();
    over.push(b'x');
    srv.request("POST", "/api/fields", &[], &over).unwrap().assert_error(413, "limit + 1");
    let chunked = |body: &[u8]| {
        let mut raw = format!(
            "POST /api/fields?path=configs/bmg-3e/x.toml HTTP/1.1\r\nHost: {}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
            srv.host()
        )
        .into_bytes();
        for c in body.chunks(7000) {
            raw.extend_from_slice(format!("{:x}\r\n", c.len()).as_bytes());
            raw.extend_from_slice(c);
            raw.extend_from_slice(b"\r\n");
        }
        raw.extend_from_slice(b"0\r\n\r\n");
        exchange(srv.port, &raw).unwrap()
    };
    assert_eq!(chunked(&at_limit).status, 200);
    chunked(&over).assert_error(413, "chunked, limit + 1");
    let mut huge = over.clone();
    huge.resize(4 << 20, b'x');
    chunked(&huge).assert_error(413, "chunked, 4 MiB");
    srv.finish();
}

#[test]
fn odd_queries_get_json_answers_and_both_exact_and_sample_is_refused() {
    let srv = Server::start("queries", &[]);
    let body = repo_file(BATMAN);
    let many_sets: String = (0..1001).map(|i| format!("&set=a.b{i}%3D1")).collect();
    let same_sets: String = (0..1000).map(|_| "&set=attack.attacker_effort%3D2").collect();
    let queries = [
        "%",
        "%zz",
        "&&&",
        "=&=&=",
        "%00=%00",
        "seed=%2B1",
        "seed=abc",
        "seed=99999999999999999999999",
        "trials=0",
        "trials=1e30",
        "trials=-1",
        "max_trials=0",
        "precision=nan",
        "precision=-0.01",
        "precision=1e-9",
        "view=%00",
        "stream=2",
        "set=",
        "set=%3D",
        "set=%3D%3D%3D",
        "set=attack%3D",
        "set=attack.target%3D%22%3Cscript%3E%22",
        many_sets.as_str(),
        same_sets.as_str(),
    ];
    for q in queries {
        for ep in ["run", "fields", "edit", "share"] {
            let target = format!("/api/{ep}?path={BATMAN}&{q}");
            let r = srv.post(&target, &body);
            let shown: String = target.chars().take(120).collect();
            if r.status == 200 {
                r.json();
            } else {
                r.assert_error(r.status, &shown);
                assert!((400..500).contains(&r.status), "{shown}: {}", r.status);
            }
        }
    }
    // 1,001 sets are more than the CLI takes; 1,000 of one key are one change.
    let e = srv.post(&format!("/api/run?path={BATMAN}{many_sets}"), &body).assert_error(400, "1001 sets");
    assert_eq!(e["field"], "--set", "{e}");
    let r = srv.post(&format!("/api/run?path={BATMAN}{same_sets}"), &body);
    assert_eq!(r.status, 200, "{}", r.text());
    // The CLI refuses `--exact --sample`; the server must not pick one silently.
    for q in ["exact=1&sample=1", "sample=1&exact=1", "exact=true&sample=true"] {
        let e = srv.post(&format!("/api/run?path={BATMAN}&{q}"), &body).assert_error(400, q);
        let t = e["text"].as_str().unwrap();
        assert!(t.contains("exact") && t.contains("sample"), "{q}: {e}");
    }
    srv.finish();
}

#[test]
fn the_form_of_a_huge_scenario_is_bounded_in_time_and_size() {
    // /api/fields has no job slot and no time limit, so its work must be bounded by itself:
    // thousands of values naming a card took 25 s for 8,000 (quadratic: a megabyte body held a
    // thread for about half an hour), and 3,000 values naming entries of a 3,000-entry table
    // answered 69 MB (every field carried every name: a megabyte body asked for gigabytes).
    let srv = Server::start("huge-form", &[]);
    let head = "ruleset = \"bmg-3e\"\nkind = \"attack\"\ninclude = [\"cards.toml\"]\n";
    let many: String = (0..8000).map(|i| format!("k{i} = \"batman\"\n")).collect();
    let t = Instant::now();
    let e =
        srv.post("/api/fields?path=configs/bmg-3e/x.toml", &format!("{head}{many}")).assert_error(400, "8,000 values");
    assert!(e["message"].as_str().unwrap().contains("8003 values"), "{e}");
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    // Under the cap, still quick and with every choice a form can use.
    let some: String = (0..1900).map(|i| format!("k{i} = \"batman\"\n")).collect();
    let t = Instant::now();
    let v = srv.post("/api/fields?path=configs/bmg-3e/x.toml", &format!("{head}{some}")).json();
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    let fields = v["fields"].as_array().unwrap();
    let named: Vec<&Value> = fields
        .iter()
        .filter(|f| f["path"].as_str().unwrap().strip_prefix('k').is_some_and(|n| n.parse::<u32>().is_ok()))
        .collect();
    assert_eq!(named.len(), 1900);
    assert!(named.iter().all(|f| f["choices"].as_array().is_some_and(|c| c.iter().any(|x| x == "batman"))));
    assert_eq!(fields.iter().filter(|f| f["path"] == "cards.batman.attack").count(), 1, "the card's values once");
    // Many entries, each named: the answer stays a few megabytes.
    let n = 1500;
    let body = format!(
        "ruleset = \"bmg-3e\"\nkind = \"attack\"\n{}[cards]\n{}",
        (0..n).map(|i| format!("x{i} = \"c{i}\"\n")).collect::<String>(),
        (0..n).map(|i| format!("c{i} = {{}}\n")).collect::<String>()
    );
    let t = Instant::now();
    let r = srv.post("/api/fields?path=configs/bmg-3e/x.toml", &body);
    assert_eq!(r.status, 200, "{}", r.text().chars().take(300).collect::<String>());
    assert!(r.body.len() < 8 << 20, "an answer of {} bytes to a body of {}", r.body.len(), body.len());
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    let v = r.json();
    let first = v["fields"].as_array().unwrap().iter().find(|f| f["path"] == "x0").unwrap().clone();
    assert_eq!(first["choices"].as_array().map(Vec::len), Some(n), "{first}");
    srv.finish();
}

// ---------------------------------------------------------------------------------------------
// Share links.

/// A token of `json`: raw DEFLATE, base64url without padding (as the server makes them).
fn token(json: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(json, 6))
}

#[test]
fn damaged_and_hostile_share_links_are_refused_with_json() {
    let srv = Server::start("share-bad", &[]);
    let scenario = repo_file(BATMAN);
    let good = srv.post(&format!("/api/share?path={BATMAN}"), &scenario).json()["link"].as_str().unwrap().to_string();
    let good_token = good.strip_prefix("/?s=").unwrap().to_string();
    let opened = srv.get(&format!("/api/share?s={good_token}")).json();
    assert_eq!(opened["toml"], scenario.as_str());
    let shared = |path: &str, files: Value| -> String {
        let v = serde_json::json!({
            "format": "skirmish-odds/share/v1", "version": env!("CARGO_PKG_VERSION"), "path": path,
            "files": files, "overrides": {},
        });
        token(v.to_string().as_bytes())
    };
    let one = |p: &str| serde_json::json!([{ "path": p, "text": "ruleset = \"bmg-3e\"\n" }]);
    let cases: Vec<(&str, String)> = vec![
        ("empty", String::new()),
        ("not base64", "!!!***".into()),
        ("cut short", good_token[..good_token.len() / 2].to_string()),
        ("not a share", token(b"{\"hello\": 1}")),
        ("not JSON", token(b"hello")),
        ("a bomb", token(&vec![b' '; 8 << 20])),
        ("no files", shared("configs/bmg-3e/x.toml", serde_json::json!([]))),
        ("a file outside", shared("../../etc/x.toml", one("../../etc/x.toml"))),
        ("an absolute file", shared("/etc/x.toml", one("/etc/x.toml"))),
        (
            "a bundled file that is not there",
            shared(
                "configs/bmg-3e/x.toml",
                serde_json::json!([{ "path": "configs/bmg-3e/x.toml", "text": "a = 1" },
                    { "path": "configs/bmg-3e/y.toml", "bundled": "configs/nope/y.toml" }]),
            ),
        ),
        (
            "a bundled file outside",
            shared(
                "configs/bmg-3e/x.toml",
                serde_json::json!([{ "path": "configs/bmg-3e/x.toml", "text": "a = 1" },
                    { "path": "configs/bmg-3e/y.toml", "bundled": "/etc/passwd" }]),
            ),
        ),
        // The scenario's path must be its first file's: one outside, or one that is not the
        // file sent, would be run as a file the link does not hold.
        ("a scenario path outside", shared("../../../etc/x.toml", one("configs/bmg-3e/x.toml"))),
        ("a scenario path that is no file of the link", shared("configs/other/z.toml", one("configs/bmg-3e/x.toml"))),
    ];
    for (what, t) in &cases {
        let r = srv.get(&format!("/api/share?s={t}"));
        let e = r.assert_error(400, what);
        assert_eq!(e["field"], "s", "{what}: {e}");
    }
    // Far too long for a link.
    let r = srv.get(&format!("/api/share?s={}", "A".repeat(70_000)));
    assert!(matches!(r.status, 400 | 414), "{}", r.status);
    srv.finish();
}

#[test]
fn every_share_link_the_server_makes_opens() {
    let srv = Server::start("share-size", &[]);
    // A scenario with a comment that does not compress (a long text a user pasted): a link a
    // little under the limit is made and opens again; a larger one is refused when made (JSON
    // 400), never made into a link that cannot be opened (414 at the page and at the API).
    let mut x: u64 = 0x1234_5678;
    let mut noise = |n: usize| -> String {
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (b'a' + (x % 26) as u8) as char
            })
            .collect()
    };
    for (chars, fits) in [(70_000, true), (150_000, false)] {
        let scenario = repo_file(BATMAN).replacen("description = ", &format!("# {}\ndescription = ", noise(chars)), 1);
        let r = srv.post(&format!("/api/share?path={BATMAN}"), &scenario);
        if !fits {
            let e = r.assert_error(400, "a link too long");
            assert!(e["message"].as_str().unwrap().contains("too large for a share link"), "{e}");
            continue;
        }
        assert_eq!(r.status, 200, "{chars}: {}", r.text());
        let link = r.json()["link"].as_str().unwrap().to_string();
        assert!(link.len() > 50_000, "{chars} characters of noise made a link of only {}", link.len());
        let page = srv.get(&link);
        assert_eq!(page.status, 200, "the page at a link of {} characters: {}", link.len(), page.status);
        let opened = srv.get(&format!("/api/share?{}", link.strip_prefix("/?").unwrap()));
        assert_eq!(opened.status, 200, "opening a link of {} characters: {}", link.len(), opened.text());
        assert_eq!(opened.json()["toml"], scenario.as_str());
    }
    srv.finish();
}

#[test]
fn the_files_of_opened_share_links_are_bounded_in_bytes() {
    // A link inflates to up to 4 MiB and an opened link's files are kept (its includes must
    // resolve when the page runs it); every request copies the known files for the loader. 100
    // links of 4 MiB each made the server hold 440 MB, and 1.4 GB once a run copied them.
    let srv = Server::start("share-memory", &[]);
    let cards = repo_file("configs/bmg-3e/cards.toml");
    let scenario = repo_file(BATMAN);
    let mut last = None;
    for i in 0..100 {
        let big = format!("{cards}\n# link {i}\n#{}\n", " ".repeat((4 << 20) - cards.len() - (32 << 10)));
        let path = format!("configs/bmg-3e/big{i}.toml");
        let v = serde_json::json!({
            "format": "skirmish-odds/share/v1", "version": env!("CARGO_PKG_VERSION"), "path": path,
            "files": [{ "path": path, "text": scenario }, { "path": "configs/bmg-3e/cards.toml", "text": big }],
            "overrides": {},
        });
        let r = srv.get(&format!("/api/share?s={}", token(v.to_string().as_bytes())));
        assert_eq!(r.status, 200, "{i}: {}", r.text().chars().take(300).collect::<String>());
        last = Some(r.json());
    }
    // The newest link still runs (its include kept beside it).
    let last = last.unwrap();
    let r = srv.post(&format!("/api/run?path={}", last["path"].as_str().unwrap()), last["toml"].as_str().unwrap());
    assert_eq!(r.status, 200, "{}", r.text().chars().take(300).collect::<String>());
    assert_eq!(srv.post(&format!("/api/run?path={BATMAN}"), &scenario).status, 200);
    if let Some(mib) = srv.rss_mib() {
        eprintln!("server memory after 100 links of 4 MiB: {mib} MiB");
        assert!(mib < 300, "the server holds {mib} MiB after 100 links of 4 MiB");
    }
    srv.finish();
}

// ---------------------------------------------------------------------------------------------
// Hostile text in what the page shows.

#[test]
fn hostile_names_and_descriptions_are_escaped_in_the_page_fragment() {
    let srv = Server::start("escape", &[]);
    let evil = "<script>alert(1)</script>\"><img src=x onerror=alert(2)></textarea><svg onload=alert(3)>\u{202e}\u{7}\u{1b}[31m";
    let q = |s: &str| serde_json::to_string(s).unwrap();
    let body = format!(
        "ruleset = \"bmg-3e\"\nkind = \"attack\"\nname = \"escape\"\ndescription = {}\ninclude = [\"cards.toml\"]\nseed = 1\ntrials = 1000\n\n\
         [cards.evil]\nname = {}\nattack = 3\ndefense = 3\nstrength = 4\nwillpower = 5\nendurance = 4\nspecial = 2\nmovement = 4\nreputation = 15\n\n\
         [weapons.evil-weapon]\nname = {}\nkind = \"melee\"\ndamage = \"★★\"\n\n\
         [attack]\nattacker = \"batman\"\nweapon = \"evil-weapon\"\ntarget = \"evil\"\n",
        q(evil),
        q(evil),
        q(evil)
    );
    let check = |what: &str, html: &str| {
        let lower = html.to_ascii_lowercase();
        for bad in ["<script", "<img", "</textarea", "<svg onload"] {
            if let Some(i) = lower.find(bad) {
                panic!(
                    "{what}: raw `{bad}` from user text: …{}…",
                    &html[i.saturating_sub(80)..(i + 80).min(html.len())]
                );
            }
        }
        assert!(html.contains("&lt;script&gt;alert(1)"), "{what}: the user's text is not shown escaped");
        for c in ['\u{202e}', '\u{7}', '\u{1b}'] {
            assert!(!html.contains(c), "{what}: raw U+{:04X}", c as u32);
        }
    };
    let r = srv.post("/api/run?path=configs/bmg-3e/escape.toml&view=page", &body);
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    check("view=page", v["html"].as_str().unwrap());
    // The stream's partial and final fragments (sampled, so there are partials).
    let r = srv.post("/api/run?path=configs/bmg-3e/escape.toml&stream=1&sample=1&trials=2000000", &body);
    let ev = r.events();
    assert!(ev.iter().any(|(e, _)| e == "partial"), "no partial event");
    for (e, data) in ev.iter().filter(|(e, _)| e == "partial" || e == "result") {
        let v: Value = serde_json::from_str(data).unwrap_or_else(|x| panic!("{e}: not JSON ({x})"));
        check(e, v["html"].as_str().unwrap());
    }
    // The downloaded report: no script but the report's own (one block, no user text in it).
    let r = srv.post("/api/report?path=configs/bmg-3e/escape.toml", &body);
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    assert!(!html.contains("alert(1)</script") && !html.contains("<img src=x"), "report: raw user text");
    let cd = r.header("content-disposition").unwrap();
    assert_eq!(cd, "attachment; filename=\"escape.html\"");
    srv.finish();
}

// ---------------------------------------------------------------------------------------------
