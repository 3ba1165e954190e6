//! `skirmish-odds serve` without a browser: the HTTP API against its contract
//! (`docs/serve.md`): the same JSON as `run --json`, the CLI's
//! errors as JSON, refusals of foreign hosts and origins and of oversized bodies, a server that
//! survives every bad request, a stream whose numbers are those of `run --trials N`, cancellation
//! when the client goes away, share links both ways, loopback only — and, printed for the README,
//! the server-side time of an exact recompute and the server's memory.
//!
//! Each test starts its own server (`--port 0`) in a fresh empty folder (see `http::Server`).

use crate::http::{Server, cli_json, config_text, enc, json_diff};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const BVT: &str = "configs/bmg-3e/batman-vs-thug.toml";
/// A sampled duel (Wolsung has no exact duel solver): the stream's and share link's subject.
const DUEL: &str = "configs/wolsung/duel-duelist-vs-troll.toml";

/// `POST /api/run?path=P&EXTRA` with the config's own text.
fn run_target(path: &str, extra: &str) -> String {
    let mut t = format!("/api/run?path={}", enc(path));
    if !extra.is_empty() {
        t += "&";
        t += extra;
    }
    t
}

fn assert_same_json(what: &str, served: &Value, cli: &Value) {
    let d = json_diff(served, cli);
    assert!(d.is_empty(), "{what}: the server's JSON differs from `run --json` at:\n{}", d.join("\n"));
}

#[test]
fn serve_prints_its_url_and_serves_the_page_under_a_csp() {
    let s = Server::start("page-csp", &[]);
    let r = s.get("/");
    r.expect(200);
    assert!(r.header("content-type").unwrap_or_default().starts_with("text/html"), "{:?}", r.headers);
    let csp = r.header("content-security-policy").expect("GET / has a Content-Security-Policy header");
    assert!(csp.contains("default-src 'self'"), "{csp}");
    // Script only from the server's own files: no eval, no inline script, nothing fetched elsewhere.
    assert!(!csp.contains("unsafe-eval") && !csp.contains("http:") && !csp.contains('*'), "{csp}");
    let script_src = csp.split(';').find(|d| d.trim().starts_with("script-src")).unwrap_or("");
    assert!(!script_src.contains("unsafe-inline"), "{csp}");
    let html = r.text();
    assert!(html.contains("/app.js") && html.contains("/app.css"), "the page loads its script and style: {html}");
    for (i, _) in html.match_indices("<script") {
        let tag = &html[i..html[i..].find('>').map_or(html.len(), |j| i + j)];
        assert!(tag.contains("src="), "an inline <script> the CSP would block: {tag}");
    }
    // The script is native modules: `/app.js` and every module it imports, each as JavaScript
    // (a module served as anything else does not run) and from this origin (the CSP's 'self').
    assert!(html.contains("<script type=\"module\" src=\"/app.js\">"), "{html}");
    let mut assets = vec![("/app.js".to_string(), "javascript"), ("/app.css".to_string(), "text/css")];
    let mut i = 0;
    while i < assets.len() {
        let (asset, ty) = assets[i].clone();
        let a = s.get(&asset);
        a.expect(200);
        assert!(a.header("content-type").unwrap_or_default().contains(ty), "{asset}: {:?}", a.headers);
        assert!(a.body.len() > 100, "{asset} is empty");
        let text = a.text();
        for (k, _) in text.match_indices(" from './") {
            let rest = &text[k + " from './".len()..];
            let module = format!("/{}", &rest[..rest.find('\'').unwrap()]);
            if !assets.iter().any(|(m, _)| *m == module) {
                assets.push((module, "javascript"));
            }
        }
        i += 1;
    }
    assert!(assets.len() > 3, "app.js imports the page's other modules: {assets:?}");
    let meta = s.get("/api/meta");
    meta.expect(200);
    let meta = meta.json();
    assert_eq!(meta["version"], json!(env!("CARGO_PKG_VERSION")));
    assert!(meta["files"].as_array().is_some_and(|f| f.iter().any(|f| f["path"] == json!(BVT))), "{meta}");
    assert!(meta["limits"]["body_bytes"].as_u64().is_some_and(|n| n > 0), "{meta}");
    let file = s.get(&format!("/api/file?path={}", enc(BVT)));
    file.expect(200);
    assert_eq!(file.text(), config_text(BVT), "/api/file gives the bundled file as it is in the repository");
}

/// The same bytes of config give the same result as the CLI: an exact attack, a sampled duel, and
/// the query parameters standing for `--set` and `--seed`/`--trials`. The whole JSON is compared,
/// `resolved_scenario` included: the CLI is run from the repository folder with the config's
/// relative path, which is the server's virtual path, so its recorded paths and digest match too.
#[test]
fn run_answers_what_run_json_prints() {
    let s = Server::start("run-json", &[]);
    for (config, query, args) in [
        (BVT, "", vec![]),
        (BVT, "set=attack.attacker_effort%3D2", vec!["--set", "attack.attacker_effort=2"]),
        (DUEL, "seed=7&trials=20000", vec!["--seed", "7", "--trials", "20000"]),
    ] {
        let r = s.post(&run_target(config, query), &config_text(config));
        r.expect(200);
        assert!(r.header("content-type").unwrap_or_default().starts_with("application/json"), "{:?}", r.headers);
        let served = r.json();
        assert_eq!(served["schema"], json!("skirmish-odds/result/v1"));
        assert_same_json(&format!("{config} {query}"), &served, &cli_json(config, &args));
    }
    let bvt = s.post(&run_target(BVT, ""), &config_text(BVT)).json();
    assert!(bvt["answer"].as_str().unwrap().contains("75.27%"), "{}", bvt["answer"]);
    assert!(s.cwd.read_dir().unwrap().next().is_none(), "serve wrote files into its working folder");
}

/// A TOML that does not parse: 400 with the CLI's message and its line and column (an error in
/// the posted scenario has no file: `text` starts `line L, column C: `).
#[test]
fn invalid_toml_is_a_400_with_line_and_column() {
    let s = Server::start("bad-toml", &[]);
    let body = "ruleset = \"bmg-3e\"\nkind = \"attack\"\nseed = [1,\n";
    let r = s.post(&run_target(BVT, ""), body);
    r.expect(400);
    let e = r.error();
    assert_eq!((e["line"].as_u64(), e["column"].as_u64()), (Some(3), Some(11)), "{e}");
    assert_eq!(e["file"], Value::Null, "{e}");
    // The CLI says `error: broken.toml:3:11: unclosed array, expected `]``.
    assert_eq!(e["text"], json!("line 3, column 11: unclosed array, expected `]`"), "{e}");
    s.assert_alive("invalid TOML");
    let f = s.post(&format!("/api/fields?path={}", enc(BVT)), body);
    f.expect(400);
    assert_eq!(f.error()["line"], json!(3));
    s.assert_alive("invalid TOML on /api/fields");
}

/// A value out of range: 400 naming the field, its allowed values and where it is — the CLI's
/// message (`field `attack.attacker_effort`: attacker_effort 9 is out of range (allowed: 0..=3)`)
/// — in the posted scenario (no file), in a `--set` (the set is the file) and in a library of the
/// user's folder (its virtual path `user/…`).
#[test]
fn bad_value_is_a_400_naming_field_allowed_values_and_place() {
    let lib = crate::common::tmp("serve", "bad-value-library");
    let cards = config_text("configs/bmg-3e/cards.toml");
    let bad_cards =
        cards.replacen("[cards.thug]\nname = \"Thug\"\nattack = 3", "[cards.thug]\nname = \"Thug\"\nattack = 99", 1);
    assert_ne!(bad_cards, cards);
    std::fs::write(lib.join("cards.toml"), &bad_cards).unwrap();
    let s = Server::start("bad-value", &["--library", lib.to_str().unwrap()]);
    let text = config_text(BVT).replace("attacker_effort = 1", "attacker_effort = 9");
    let line = text.lines().position(|l| l.starts_with("attacker_effort = 9")).unwrap() as u64 + 1;
    let r = s.post(&run_target(BVT, ""), &text);
    r.expect(400);
    let e = r.error();
    assert_eq!(e["field"], json!("attack.attacker_effort"), "{e}");
    assert_eq!((e["line"].as_u64(), e["column"].as_u64()), (Some(line), Some(19)), "{e}");
    assert_eq!(e["file"], Value::Null, "{e}");
    assert!(e["allowed"].to_string().contains('3'), "the allowed values 0..=3: {e}");
    let cli = "field `attack.attacker_effort`: attacker_effort 9 is out of range (allowed: 0..=3)";
    assert_eq!(e["text"], json!(format!("line {line}, column 19: {cli}")), "not the CLI's message");
    s.assert_alive("a bad value");
    // The same through a --set: the error names the set.
    let r = s.post(&run_target(BVT, "set=attack.attacker_effort%3D9"), &config_text(BVT));
    r.expect(400);
    let e = r.error();
    assert!(e["file"].as_str().unwrap_or("").contains("--set"), "an error in a set names it: {e}");
    assert!(e["text"].as_str().unwrap_or("").contains("0..=3"), "{e}");
    s.assert_alive("a bad --set");
    // In a library of the user's folder: the CLI says
    // `cards.toml:31:10: field `cards.thug.attack`: attack 99 is out of range (allowed: 1..=10)`.
    let line = bad_cards.lines().position(|l| l == "attack = 99").unwrap() as u64 + 1;
    let r = s.post("/api/run?path=user%2Fbatman-vs-thug.toml", &config_text(BVT));
    r.expect(400);
    let e = r.error();
    assert_eq!(e["file"], json!("user/cards.toml"), "{e}");
    assert_eq!((e["line"].as_u64(), e["column"].as_u64()), (Some(line), Some(10)), "{e}");
    assert_eq!(e["field"], json!("cards.thug.attack"), "{e}");
    assert!(e["text"].as_str().unwrap_or("").contains("attack 99 is out of range (allowed: 1..=10)"), "{e}");
    s.assert_alive("a bad library value");
}

/// DNS rebinding: a request whose Host or Origin is not the server's own is refused; the
/// server's own (as the page sends them) are served.
#[test]
fn foreign_host_or_origin_is_refused() {
    let s = Server::start("host-origin", &[]);
    let own_origin = format!("http://127.0.0.1:{}", s.port);
    let evil_host = format!("evil.example:{}", s.port);
    let body = config_text(BVT);
    let target = run_target(BVT, "");
    s.request("GET", "/", &[("Host", &evil_host)], b"").expect(403);
    s.request("GET", "/api/meta", &[("Host", &evil_host)], b"").expect(403);
    s.request("POST", &target, &[("Host", &evil_host)], body.as_bytes()).expect(403);
    s.request("POST", &target, &[("Origin", "http://evil.example")], body.as_bytes()).expect(403);
    s.request("POST", &target, &[("Origin", &format!("http://evil.example:{}", s.port))], body.as_bytes()).expect(403);
    s.request("GET", "/api/meta", &[("Origin", "http://evil.example")], b"").expect(403);
    s.assert_alive("refused hosts and origins");
    // The controls: what the page itself sends is served.
    s.request("POST", &target, &[("Origin", &own_origin)], body.as_bytes()).expect(200);
    s.request("GET", "/", &[("Host", &s.host())], b"").expect(200);
}

/// A body over the limit in /api/meta is refused with 413 and the server goes on.
#[test]
fn body_over_the_limit_is_413() {
    let s = Server::start("too-big", &[]);
    let limit = s.get("/api/meta").json()["limits"]["body_bytes"].as_u64().unwrap() as usize;
    let mut body = config_text(BVT);
    body.push_str("\n# padding ");
    body.push_str(&"x".repeat(limit + 1 - body.len().min(limit)));
    assert!(body.len() > limit);
    let r = s.post(&run_target(BVT, ""), &body);
    r.expect(413);
    s.assert_alive("a body over the limit");
    // At the limit's side of the line a padded config still runs.
    let mut ok = config_text(BVT);
    ok.push_str("\n# ");
    ok.push_str(&"x".repeat(limit / 2));
    s.post(&run_target(BVT, ""), &ok).expect(200);
}

/// Bad requests of every sort get an answer (never a dropped connection) and the server keeps
/// serving; nothing outside the known files is read, nothing is written.
#[test]
fn bad_requests_never_stop_the_server() {
    let s = Server::start("bad-requests", &[]);
    let text = config_text(BVT);
    let cases: Vec<(&str, String, Vec<u8>, &[u16])> = vec![
        ("POST", "/api/run".into(), Vec::new(), &[400]),
        ("POST", run_target(BVT, ""), vec![0xff, 0xfe, 0x00, 0x41], &[400]),
        ("POST", run_target("../../../etc/passwd", ""), text.clone().into_bytes(), &[400, 404]),
        (
            "POST",
            run_target("configs/bmg-3e/nothing-here.toml", ""),
            b"ruleset = \"bmg-3e\"\ninclude = [\"../../../../etc/passwd\"]\nkind = \"attack\"\n".to_vec(),
            &[400, 404],
        ),
        ("POST", run_target(BVT, "seed=minus-one"), text.clone().into_bytes(), &[400]),
        ("POST", run_target(BVT, "trials=0"), text.clone().into_bytes(), &[400]),
        ("POST", run_target(BVT, "trials=99999999999999999999999"), text.clone().into_bytes(), &[400]),
        ("POST", run_target(BVT, "precision=nan"), text.clone().into_bytes(), &[400]),
        ("POST", run_target(BVT, "set=no-equals-sign"), text.clone().into_bytes(), &[400]),
        ("POST", run_target(BVT, "set=cards.nobody.attack%3D3"), text.clone().into_bytes(), &[400]),
        ("POST", "/api/run?path=configs/bmg-3e/batman-vs-thug.toml&stream=1".into(), b"kind = 3".to_vec(), &[200, 400]),
        ("GET", "/api/file?path=..%2FCargo.toml".into(), Vec::new(), &[400, 404]),
        ("GET", "/api/file?path=%2Fetc%2Fpasswd".into(), Vec::new(), &[400, 404]),
        ("GET", "/api/starter?system=no-such-system&kind=attack".into(), Vec::new(), &[400, 404]),
        ("GET", "/api/share?s=not-a-token".into(), Vec::new(), &[400]),
        ("POST", format!("/api/edit?path={}&set=attack.attacker_effort", enc(BVT)), text.clone().into_bytes(), &[400]),
    ];
    for (method, target, body, statuses) in &cases {
        let r = s.request(method, target, &[], body);
        assert!(statuses.contains(&r.status), "{method} {target}: {} {}", r.status, r.text());
        if r.status != 200 {
            let e = r.error();
            assert!(!e["text"].as_str().unwrap_or("").contains("panicked"), "{e}");
        } else {
            assert!(!r.text().contains("root:"), "{method} {target} read a system file: {}", r.text());
        }
        assert!(!r.text().contains("root:x:"), "{method} {target}: {}", r.text());
        s.assert_alive(&format!("{method} {target}"));
    }
    // A request cut off in the middle of its body, and one that is not HTTP.
    {
        use std::io::Write;
        let mut c = std::net::TcpStream::connect(s.addr()).unwrap();
        let _ = c.write_all(
            format!("POST /api/run HTTP/1.1\r\nHost: {}\r\nContent-Length: 5000\r\n\r\nruleset", s.host()).as_bytes(),
        );
        drop(c);
        let mut c = std::net::TcpStream::connect(s.addr()).unwrap();
        let _ = c.write_all(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 garbage\r\n\r\n");
        drop(c);
    }
    s.assert_alive("a cut-off and a non-HTTP request");
    s.post(&run_target(BVT, ""), &text).expect(200);
    assert!(s.cwd.read_dir().unwrap().next().is_none(), "serve wrote files into its working folder");
}

/// Reads a stream to its end: (events in order, the `result` event's data).
fn read_stream(s: &Server, target: &str, body: &str) -> (Vec<(String, Value)>, Value) {
    let mut st = s.stream(target, body);
    let mut events = Vec::new();
    while let Some(e) = st.next_event() {
        events.push(e);
    }
    let last = events.last().cloned().unwrap_or_else(|| panic!("{target}: an empty stream"));
    assert_eq!(last.0, "result", "{target}: the stream must end with `result`, got {}", last.1);
    (events, last.1)
}

/// The first batch of a watched run (docs/serve.md): stages are 32,768 × 4ᵏ trials.
const FIRST_STAGE: u64 = 32_768;

/// A stage count (32,768 × 4ᵏ) of trials the binary under test runs in about four seconds of
/// the duel (timed with the CLI), so the stream has several progress events and partials on a
/// debug build, a release build and a loaded CI machine alike.
fn trials_for_four_seconds() -> u64 {
    // Two runs, so the process's start (most of a short release run) cancels out.
    let time = |trials: &str| {
        let t0 = Instant::now();
        cli_json(DUEL, &["--trials", trials]);
        t0.elapsed().as_secs_f64()
    };
    let rate = 196_608.0 / (time("262144") - time("65536")).max(1e-3);
    let mut n = FIRST_STAGE * 16;
    while (n * 4) as f64 <= rate * 4.0 && n < FIRST_STAGE << 10 {
        n *= 4;
    }
    n
}

/// A sampled duel streamed: progress, then partial results at 32,768 × 4ᵏ trials, then the final
/// result — each partial the same numbers as `run --trials n` and the final the same as
/// `run --trials N` (determinism across the server's staging).
#[test]
fn stream_gives_progress_partials_and_the_run_result() {
    let s = Server::start("stream", &[]);
    let n = trials_for_four_seconds();
    let t0 = Instant::now();
    let (events, result) = read_stream(&s, &run_target(DUEL, &format!("stream=1&trials={n}")), &config_text(DUEL));
    let took = t0.elapsed();
    let names: Vec<&str> = events.iter().map(|(e, _)| e.as_str()).collect();
    eprintln!("stream of {n} duels: {took:.1?}, events {}", summarise(&names));
    assert_eq!(names.iter().filter(|e| **e == "result").count(), 1, "{names:?}");
    assert!(!names.contains(&"error"), "{events:?}");
    let progress: Vec<&Value> = events.iter().filter(|(e, _)| e == "progress").map(|(_, v)| v).collect();
    assert!(!progress.is_empty(), "no progress event in {took:?}: {names:?}");
    let mut last_done = 0;
    for p in &progress {
        let done = p["trials_done"].as_u64().expect("trials_done");
        assert!(done >= last_done && done <= n, "progress goes forward within the total: {p}");
        assert_eq!(p["trials_total"].as_u64(), Some(n), "every progress event gives the run's total: {p}");
        assert!(p["elapsed_ms"].as_f64().is_some(), "{p}");
        last_done = done;
    }
    let partials: Vec<&Value> = events.iter().filter(|(e, _)| e == "partial").map(|(_, v)| v).collect();
    let stages: Vec<u64> = partials.iter().map(|p| p["trials"].as_u64().expect("trials")).collect();
    // Stages are 32,768 × 4ᵏ; the driver shows the latest finished batch a few times a second,
    // so on a fast machine a stage may be skipped, none is repeated, and the last is at most the
    // target (the target itself is the `result`).
    assert!(!stages.is_empty(), "no partial in a {took:?} run of {n} duels");
    let is_stage = |t: u64| {
        t.is_multiple_of(FIRST_STAGE)
            && (t / FIRST_STAGE).is_power_of_two()
            && (t / FIRST_STAGE).trailing_zeros().is_multiple_of(2)
    };
    assert!(stages.iter().all(|t| is_stage(*t)), "partial stages {stages:?}");
    assert!(stages.windows(2).all(|w| w[0] < w[1]), "partial stages {stages:?}");
    assert!(*stages.last().unwrap() <= n, "partial stages {stages:?}");
    let first_partial = names.iter().position(|e| *e == "partial").unwrap();
    assert!(names[first_partial..].contains(&"result"), "{names:?}");
    for p in &partials {
        assert!(p["html"].as_str().is_some_and(|h| !h.is_empty()), "a partial carries its html");
        assert!(p["worst_half_width"].as_f64().is_some_and(|w| w > 0.0), "{}", p["worst_half_width"]);
    }
    // Partial half-widths narrow as trials grow.
    let widths: Vec<f64> = partials.iter().map(|p| p["worst_half_width"].as_f64().unwrap()).collect();
    assert!(widths.windows(2).all(|w| w[1] < w[0]), "half-widths {widths:?}");
    // Each partial is a complete result of its own trials: the first, checked against the CLI.
    // Its scenario record (`resolved_scenario`) is the run asked for, not the stage: its
    // `overrides.trials` is the target N (so `run results.json` of a partial re-runs the whole
    // run), and the digest sealing that record differs with it. Every number is the stage's.
    let t = stages[0].to_string();
    let mut partial = partials[0]["result"].clone();
    assert_eq!(partial["resolved_scenario"]["overrides"]["trials"], json!(n));
    let mut cli = cli_json(DUEL, &["--trials", &t]);
    for r in [&mut partial, &mut cli] {
        let rs = r["resolved_scenario"].as_object_mut().unwrap();
        rs.remove("digest");
        rs["overrides"].as_object_mut().unwrap().remove("trials");
    }
    assert_same_json(&format!("partial at {t}"), &partial, &cli);
    assert_eq!(result["stopped"], Value::Null, "{}", result["stopped"]);
    assert!(result["server_ms"].as_f64().is_some(), "{result}");
    assert_same_json(&format!("result of {n}"), &result["result"], &cli_json(DUEL, &["--trials", &n.to_string()]));
    // An exact scenario answers one `result` event.
    let (events, result) = read_stream(&s, &run_target(BVT, "stream=1"), &config_text(BVT));
    let names: Vec<&str> = events.iter().map(|(e, _)| e.as_str()).collect();
    assert_eq!(names, ["result"], "an exact scenario answers one `result` event");
    assert_same_json("exact stream", &result["result"], &cli_json(BVT, &[]));
}

/// "progress ×12, partial, progress ×3, …" for the test's log.
fn summarise(names: &[&str]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < names.len() {
        let j = names[i..].iter().position(|n| *n != names[i]).map_or(names.len(), |k| i + k);
        out.push(if j - i > 1 { format!("{} ×{}", names[i], j - i) } else { names[i].to_string() });
        i = j;
    }
    out.join(", ")
}

/// With one job slot, a long stream holds it (a second run is refused as busy); closing the
/// stream's connection frees it at once (a new run is served well before the job's time limit)
/// and the server stops computing (its CPU time stops growing).
#[test]
fn closing_a_stream_cancels_its_job() {
    let s = Server::start("cancel", &["--jobs", "1", "--job-seconds", "600"]);
    let body = config_text(DUEL);
    let mut st = s.stream(&run_target(DUEL, "stream=1&trials=100000000"), &body);
    // Wait for the job's first partial: it is running for sure.
    loop {
        match st.next_event() {
            Some((e, _)) if e == "partial" => break,
            Some((e, _)) if e == "progress" => {}
            other => panic!("a 10⁸-trial stream: {other:?}"),
        }
    }
    let busy = s.post(&run_target(BVT, ""), &config_text(BVT));
    assert!(
        busy.status == 429 || busy.status == 503,
        "a second job while the only slot is busy: {} {}",
        busy.status,
        busy.text()
    );
    busy.error();
    // The CPU the job uses over two seconds while its client reads (the control: the check after
    // the close could not fail if this were idle too). An idle server uses none.
    let ticks_over_two_seconds = || {
        let c0 = s.cpu_ticks();
        std::thread::sleep(Duration::from_secs(2));
        s.cpu_ticks() - c0
    };
    let running = ticks_over_two_seconds();
    drop(st);
    let t0 = Instant::now();
    loop {
        let r = s.post(&run_target(BVT, ""), &config_text(BVT));
        if r.status == 200 {
            break;
        }
        assert!(r.status == 429 || r.status == 503, "{} {}", r.status, r.text());
        assert!(t0.elapsed() < Duration::from_secs(30), "the job slot was not freed 30 s after the stream closed");
        std::thread::sleep(Duration::from_millis(20));
    }
    let freed = t0.elapsed();
    std::thread::sleep(Duration::from_millis(300));
    let after = ticks_over_two_seconds();
    eprintln!(
        "slot freed {freed:.0?} after the stream closed; CPU ticks in 2 s (100 a second = one core): {running} while streaming, {after} after"
    );
    assert!(
        running >= 20,
        "the streaming job used only {running}/100 ticks in a second: the check below proves nothing"
    );
    assert!(after < 10, "the server still uses {after}/100 ticks a second after the stream was cancelled");
}

/// The page aborts a run and starts the next at once (an edit, Run pressed again, another
/// example): with every slot held by the run it just closed, the new one is served — not refused
/// as busy because the server has not yet noticed the closed connection.
#[test]
fn a_run_right_after_closing_a_stream_is_served() {
    let s = Server::start("restart", &["--jobs", "1", "--job-seconds", "600"]);
    for round in 0..3 {
        let mut st = s.stream(&run_target(DUEL, "stream=1&trials=100000000"), &config_text(DUEL));
        while st.next_event().is_some_and(|(e, _)| e != "partial") {}
        drop(st);
        let t0 = Instant::now();
        let r = s.post(&run_target(BVT, ""), &config_text(BVT));
        assert_eq!(
            r.status,
            200,
            "round {round}: a run sent right after the only job's stream was closed was answered in {:.0?} with {}",
            t0.elapsed(),
            r.text()
        );
    }
}

/// `--job-seconds`: a run past the limit is a 504 with the error; a stream past it ends with its
/// last complete partial as the result, marked `stopped: "time limit"`.
#[test]
fn the_job_time_limit_stops_runs() {
    let s = Server::start("time-limit", &["--job-seconds", "1"]);
    let t0 = Instant::now();
    let r = s.post(&run_target(DUEL, "trials=100000000"), &config_text(DUEL));
    r.expect(504);
    assert!(r.error()["text"].as_str().unwrap_or("").contains("job-seconds"), "{}", r.text());
    assert!(t0.elapsed() < Duration::from_secs(30), "a 1 s limit answered after {:?}", t0.elapsed());
    let (events, result) = read_stream(&s, &run_target(DUEL, "stream=1&trials=100000000"), &config_text(DUEL));
    assert_eq!(result["stopped"], json!("time limit"), "{events:?}");
    let last_partial = events.iter().rev().find(|(e, _)| e == "partial").expect("a partial before the limit");
    assert_eq!(result["result"], last_partial.1["result"], "the result is the last complete partial");
    s.assert_alive("runs stopped by the time limit");
    s.post(&run_target(BVT, ""), &config_text(BVT)).expect(200);
}

/// POST /api/share then GET /api/share gives back what was shared, and a link's run gives the
/// same numbers.
#[test]
fn share_link_round_trip() {
    let s = Server::start("share", &[]);
    let text = config_text(DUEL);
    let r = s.post(&format!("/api/share?path={}&set={}&seed=7&trials=20000", enc(DUEL), enc("duel.rounds=2")), &text);
    r.expect(200);
    let link = r.json()["link"].as_str().expect("a link").to_string();
    let token = link.strip_prefix("/?s=").unwrap_or_else(|| panic!("a link is /?s=TOKEN: {link}"));
    assert!(token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "base64url: {token}");
    let g = s.get(&format!("/api/share?s={token}"));
    g.expect(200);
    let g = g.json();
    assert_eq!(g["toml"], json!(text));
    assert_eq!(g["path"], json!(DUEL));
    assert_eq!(g["sets"], json!(["duel.rounds=2"]));
    assert_eq!(g["seed"], json!(7));
    assert_eq!(g["trials"], json!(20000));
    assert_eq!(g["version"], json!(env!("CARGO_PKG_VERSION")));
    assert_eq!(g["note"], Value::Null, "same version, no note: {g}");
    // What the link holds runs to the numbers of the CLI with the same flags.
    let q = format!("set={}&seed=7&trials=20000", enc("duel.rounds=2"));
    let served = s.post(&run_target(DUEL, &q), g["toml"].as_str().unwrap()).json();
    assert_same_json(
        "shared run",
        &served,
        &cli_json(DUEL, &["--set", "duel.rounds=2", "--seed", "7", "--trials", "20000"]),
    );
    // A damaged token is a 400, not a crash.
    let mut bad = token.to_string();
    bad.truncate(token.len() / 2);
    s.get(&format!("/api/share?s={bad}")).expect(400).error();
    s.assert_alive("a damaged share token");
}

/// A link made by another version opens with a note that the numbers may differ (the token
/// re-made here with an older version, by the crate's own encoder).
#[test]
fn a_link_from_another_version_says_so() {
    use skirmish_odds::serve::share;
    let s = Server::start("share-version", &[]);
    let link = s.post(&format!("/api/share?path={}", enc(BVT)), &config_text(BVT)).json()["link"].clone();
    let token = link.as_str().unwrap().strip_prefix("/?s=").unwrap();
    let mut shared = share::decode(token).expect("the server's token decodes");
    assert_eq!(shared.version, env!("CARGO_PKG_VERSION"));
    shared.version = "0.0.1".into();
    let old = share::encode(&shared);
    let g = s.get(&format!("/api/share?s={old}"));
    g.expect(200);
    let g = g.json();
    assert_eq!(g["version"], json!("0.0.1"));
    let note = g["note"].as_str().unwrap_or_else(|| panic!("no note for another version's link: {g}"));
    assert!(note.contains("0.0.1") && note.contains(env!("CARGO_PKG_VERSION")), "{note}");
    assert_eq!(g["toml"], json!(config_text(BVT)), "the scenario still opens");
}

/// `skirmish-odds share CONFIG` prints a `/?s=` path that the server opens as that config's text.
#[test]
fn share_command_prints_a_link_the_server_opens() {
    let s = Server::start("share-cli", &[]);
    let o = std::process::Command::new(crate::common::bin_path())
        .current_dir(crate::http::repo())
        .args(["share", BVT])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let link = out.lines().find(|l| l.starts_with("/?s=")).unwrap_or_else(|| panic!("no /?s= line: {out}"));
    let g = s.get(&format!("/api/share?{}", &link[2..]));
    g.expect(200);
    let g = g.json();
    assert_eq!(g["toml"], json!(config_text(BVT)));
    assert_eq!(g["path"], json!(BVT), "{g}");
    assert_eq!(g["sets"], json!([]), "{g}");
    // And the page's own share of the same text gives the same link.
    let p = s.post(&format!("/api/share?path={}", enc(BVT)), &config_text(BVT)).json();
    assert_eq!(p["link"].as_str(), Some(link), "the CLI's and the server's links for the same config differ");
}

/// Loopback only: the machine's other addresses do not reach the server.
#[test]
fn serve_binds_loopback_only() {
    let s = Server::start("loopback", &[]);
    let o = std::process::Command::new("hostname").arg("-I").output();
    let addrs: Vec<std::net::IpAddr> = o
        .map(|o| String::from_utf8_lossy(&o.stdout).split_whitespace().filter_map(|a| a.parse().ok()).collect())
        .unwrap_or_default();
    let addrs: Vec<_> = addrs.into_iter().filter(|a| !a.is_loopback()).collect();
    if addrs.is_empty() {
        eprintln!("SKIPPED the non-loopback check: `hostname -I` lists no other address");
    }
    for a in &addrs {
        let to = std::net::SocketAddr::new(*a, s.port);
        let c = std::net::TcpStream::connect_timeout(&to, Duration::from_secs(5));
        assert!(c.is_err(), "the server answers on {to}: it must listen on 127.0.0.1 only");
        eprintln!("{to}: refused ({})", c.err().unwrap());
    }
    s.assert_alive("connections to other addresses");
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The README's numbers, printed: the server-side time of an exact recompute (`server_ms` of
/// view=page, median of 20) with the client's round trip, and the server's memory at rest, during
/// a long sampled stream and after it. Only very generous bounds are asserted (a loaded CI
/// machine, a debug build); run on a release build with
/// `SKIRMISH_ODDS_BIN=target/release/skirmish-odds cargo test --test it serve_api::measure -- --nocapture`.
#[test]
fn measure_exact_recompute_time_and_server_memory() {
    let s = Server::start("measure", &[]);
    s.assert_alive("start");
    let rest = s.rss_kib();
    let text = config_text(BVT);
    let mut server_ms = Vec::new();
    let mut round_ms = Vec::new();
    for i in 0..21 {
        // Each a different effort (0..=3), as a player editing would send.
        let q = format!("view=page&set={}", enc(&format!("attack.attacker_effort={}", i % 4)));
        let t0 = Instant::now();
        let r = s.post(&run_target(BVT, &q), &text);
        let rt = t0.elapsed().as_secs_f64() * 1e3;
        r.expect(200);
        let v = r.json();
        assert!(v["html"].as_str().is_some_and(|h| h.contains("%")), "view=page has the html fragment");
        assert_eq!(v["result"]["exact_cells"], json!(1));
        if i > 0 {
            // The first warms the server's caches of the bundled libraries.
            server_ms.push(v["server_ms"].as_f64().expect("server_ms"));
            round_ms.push(rt);
        }
    }
    let after_exact = s.rss_kib();
    // A long sampled run: sample the memory while it streams for a few seconds.
    let mut st = s.stream(&run_target(DUEL, "stream=1&trials=1000000000"), &config_text(DUEL));
    let t0 = Instant::now();
    let mut peak = 0;
    let mut done = 0;
    while t0.elapsed() < Duration::from_secs(8) {
        match st.next_event() {
            Some((e, v)) if e == "progress" => done = v["trials_done"].as_u64().unwrap_or(done),
            Some((e, v)) if e == "partial" => done = v["trials"].as_u64().unwrap_or(done),
            Some((e, v)) => panic!("a 10⁹-trial stream ended early with {e}: {v}"),
            None => panic!("a 10⁹-trial stream ended early"),
        }
        peak = peak.max(s.rss_kib());
    }
    drop(st);
    std::thread::sleep(Duration::from_secs(2));
    let after = s.rss_kib();
    let (sm, rm) = (median(server_ms.clone()), median(round_ms));
    eprintln!(
        "serve measurements ({}):\n  exact recompute of {BVT} (view=page), median of 20: server_ms {sm:.2} ms, \
         client round trip {rm:.2} ms (server_ms min {:.2}, max {:.2})\n  VmRSS: at rest {} MiB, after 21 exact runs {} MiB, \
         peak during a sampled stream ({done} duels in 8 s) {} MiB, 2 s after it was cancelled {} MiB",
        crate::common::bin_path().display(),
        server_ms.iter().cloned().fold(f64::INFINITY, f64::min),
        server_ms.iter().cloned().fold(0.0, f64::max),
        rest / 1024,
        after_exact / 1024,
        peak / 1024,
        after / 1024,
    );
    assert!(sm < 2000.0, "an exact recompute took {sm} ms on the server");
    assert!(peak < 2 * 1024 * 1024, "the server grew to {peak} KiB during a stream");
    assert!(done > 0, "the stream made no progress in 8 s");
}

/// The form's two calls: /api/fields lists the scenario's values then the library entries it
/// names (with their file and line), and /api/edit changes only that value's bytes, or names the
/// library that holds the key.
#[test]
fn fields_and_edit_follow_the_files() {
    let s = Server::start("fields-edit", &[]);
    let text = config_text(BVT);
    let r = s.post(&format!("/api/fields?path={}", enc(BVT)), &text);
    r.expect(200);
    let v = r.json();
    assert_eq!((v["ruleset"].as_str(), v["kind"].as_str()), (Some("bmg-3e"), Some("attack")), "{v}");
    let fields = v["fields"].as_array().expect("fields");
    let field =
        |p: &str| fields.iter().find(|f| f["path"] == json!(p)).unwrap_or_else(|| panic!("no field {p} in {v}"));
    let effort = field("attack.attacker_effort");
    let line = text.lines().position(|l| l.starts_with("attacker_effort")).unwrap() + 1;
    assert_eq!(effort["value"], json!("1"));
    assert_eq!(effort["type"], json!("integer"));
    assert_eq!(effort["file"], json!("scenario"));
    assert_eq!(effort["line"], json!(line));
    let attacker = field("attack.attacker");
    let choices = attacker["choices"].as_array().expect("a card field offers the library's cards");
    assert!(choices.contains(&json!("batman")) && choices.contains(&json!("thug")), "{attacker}");
    let thug = field("cards.thug.attack");
    assert_eq!(thug["file"], json!("configs/bmg-3e/cards.toml"));
    assert_eq!(thug["value"], json!("3"));
    // Scenario values come before the library entries.
    let pos = |p: &str| fields.iter().position(|f| f["path"] == json!(p)).unwrap();
    assert!(pos("attack.attacker_effort") < pos("cards.thug.attack"));

    let e = s.post(&format!("/api/edit?path={}&set={}", enc(BVT), enc("attack.attacker_effort=2")), &text);
    e.expect(200);
    let e = e.json();
    assert_eq!(e["toml"], json!(text.replacen("attacker_effort = 1", "attacker_effort = 2", 1)));
    assert_eq!(e["library"], Value::Null);
    let e = s.post(&format!("/api/edit?path={}&set={}", enc(BVT), enc("cards.thug.attack=4")), &text).json();
    assert_eq!(e["toml"], json!(text), "a library key leaves the scenario as it was");
    assert_eq!(e["library"], json!("configs/bmg-3e/cards.toml"));
}

/// The page's "download report": the full report page as an attachment.
#[test]
fn report_download_is_an_attachment_of_the_report_page() {
    let s = Server::start("report", &[]);
    let r = s.post(&format!("/api/report?path={}", enc(BVT)), &config_text(BVT));
    r.expect(200);
    assert!(r.header("content-type").unwrap_or_default().starts_with("text/html"), "{:?}", r.headers);
    assert!(r.header("content-disposition").unwrap_or_default().starts_with("attachment"), "{:?}", r.headers);
    let html = r.text();
    assert!(html.contains("<html") && html.contains("75.27%"), "{}", &html[..html.len().min(500)]);
    assert!(s.cwd.read_dir().unwrap().next().is_none(), "a downloaded report is not written on the server");
}
