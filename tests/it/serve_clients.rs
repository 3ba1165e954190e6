//! The local server (`skirmish-odds serve`) against slow, vanishing and greedy clients, runs
//! that never end, and mutants of every bundled config: the server must keep answering, its job
//! slots must come back, every answer must be a JSON error or a good answer. `SERVE_FUZZ_CASES`
//! raises the number of mutants per bundled config (3 by default). (Other attacks:
//! `serve_adversary.rs`; the server under test and the raw client: `serve_raw.rs`.)

use crate::common::{bundled_scenarios, tmp};
use crate::serve_raw::*;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------------------------
// Slow, vanishing and greedy clients; runs that never end.

#[test]
fn idle_and_slow_connections_hold_no_job_slot_and_the_server_keeps_answering() {
    let srv = Server::start("slow", &["--jobs", "1"]);
    let mut idle = Vec::new();
    // Headers that never end (sent a byte at a time), and a body that never comes.
    for i in 0..40 {
        let mut s = TcpStream::connect(("127.0.0.1", srv.port)).unwrap();
        for b in b"POST /api/run HTTP/1.1\r\nHo" {
            s.write_all(&[*b]).unwrap();
        }
        if i % 2 == 0 {
            let rest = format!("st: {}\r\nContent-Length: 100000\r\n\r\nruleset = ", srv.host());
            s.write_all(rest.as_bytes()).unwrap();
        }
        idle.push(s);
    }
    let body = repo_file(BATMAN);
    let t = Instant::now();
    let r = srv.post(&format!("/api/run?path={BATMAN}"), &body);
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
    // Many at once, each answered.
    let answers: Vec<u16> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..32).map(|_| s.spawn(|| srv.get("/api/meta").status)).collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(answers.iter().all(|&s| s == 200), "{answers:?}");
    // Many runs at once on one slot: each a result or a JSON 503, and the slot comes back.
    let sampled = format!("/api/run?path={BATMAN}&sample=1&trials=300000");
    let runs: Vec<(u16, String)> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..12)
            .map(|_| {
                s.spawn(|| {
                    let r = srv.post(&sampled, &body);
                    let kind = if r.status == 200 {
                        r.json()["schema"].to_string()
                    } else {
                        r.json()["error"]["message"].to_string()
                    };
                    (r.status, kind)
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(runs.iter().all(|(s, _)| [200, 503].contains(s)), "{runs:?}");
    assert!(runs.iter().any(|(s, _)| *s == 200), "{runs:?}");
    let (r, took) = srv.post_when_free(&format!("/api/run?path={BATMAN}"), &body, WAIT);
    assert_eq!(r.status, 200, "{took:?}: {}", r.text());
    drop(idle);
    srv.finish();
}

/// Slowloris: a connection that sends part of its headers and stops is closed by the server
/// after its header timeout (10 s), not kept open for ever (each one holds a file descriptor).
#[test]
fn a_connection_that_stops_sending_its_headers_is_closed() {
    let srv = Server::start("slowloris", &[]);
    let mut s = TcpStream::connect(("127.0.0.1", srv.port)).unwrap();
    s.write_all(b"POST /api/run HTTP/1.1\r\nHo").unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let t = Instant::now();
    let mut buf = [0u8; 512];
    // The server closes it: a read ends (0 bytes, an error answer, or a reset), well before 60 s.
    let ended = match s.read(&mut buf) {
        Ok(_) => true,
        Err(e) => !matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut),
    };
    assert!(ended && t.elapsed() < Duration::from_secs(40), "still open after {:?}", t.elapsed());
    assert!(t.elapsed() >= Duration::from_secs(5), "closed too soon: {:?}", t.elapsed());
    assert_eq!(srv.get("/api/meta").status, 200);
    srv.finish();
}

#[test]
fn job_slots_are_bounded_and_come_back_when_a_client_goes() {
    let srv = Server::start("slots", &["--jobs", "1", "--job-seconds", "600"]);
    let body = repo_file(BATMAN);
    let long = format!("/api/run?path={BATMAN}&sample=1&trials=10000000000");
    let quick = format!("/api/run?path={BATMAN}");
    for (how, target) in [("stream", format!("{long}&stream=1")), ("plain", long.clone())] {
        let conn = if how == "stream" {
            open_stream(&srv, &target, &body)
        } else {
            let mut s = TcpStream::connect(("127.0.0.1", srv.port)).unwrap();
            let req = format!(
                "POST {target} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n{body}",
                srv.host(),
                body.len()
            );
            s.write_all(req.as_bytes()).unwrap();
            // Until the job holds its slot.
            let t = Instant::now();
            while srv.post(&quick, &body).status != 503 {
                assert!(t.elapsed() < WAIT, "the long run never took the slot");
                std::thread::sleep(Duration::from_millis(50));
            }
            s
        };
        // All slots taken: a JSON 503 for runs and reports; the rest of the API still answers.
        let e = srv.post(&quick, &body).assert_error(503, how);
        assert!(e["message"].as_str().unwrap().contains("busy"), "{e}");
        srv.post(&format!("/api/report?path={BATMAN}"), &body).assert_error(503, how);
        assert_eq!(srv.post(&format!("/api/fields?path={BATMAN}"), &body).status, 200);
        // The client goes: its job is cancelled and the slot comes back within seconds.
        drop(conn);
        let (r, took) = srv.post_when_free(&quick, &body, WAIT);
        assert_eq!(r.status, 200, "{how}: {}", r.text());
        assert!(took < Duration::from_secs(15), "{how}: the slot came back after {took:?}");
    }
    srv.finish();
}

#[test]
fn the_time_limit_ends_a_run_with_a_json_answer_and_frees_its_slot() {
    let srv = Server::start("time-limit", &["--jobs", "1", "--job-seconds", "3"]);
    let body = repo_file(BATMAN);
    let quick = format!("/api/run?path={BATMAN}");
    for q in ["sample=1&trials=10000000000", "sample=1&precision=0.00001&max_trials=10000000000"] {
        // A stream ends with its last batch as the result, marked stopped (or an error event).
        let t = Instant::now();
        let r = srv.post(&format!("/api/run?path={BATMAN}&stream=1&view=page&{q}"), &body);
        assert_eq!(r.status, 200, "{q}: {}", r.text());
        assert!(t.elapsed() < Duration::from_secs(60), "{q}: {:?}", t.elapsed());
        let ev = r.events();
        let (last, data) = ev.last().unwrap_or_else(|| panic!("{q}: no events: {}", r.text()));
        let v: Value = serde_json::from_str(data).unwrap();
        match last.as_str() {
            "result" => {
                assert_eq!(v["stopped"], "time limit", "{q}: {}", &data[..data.len().min(300)]);
                assert_eq!(v["result"]["schema"], "skirmish-odds/result/v1");
            }
            "error" => assert!(v["error"]["message"].is_string(), "{q}: {v}"),
            other => panic!("{q}: the stream ended with `{other}`"),
        }
        let (r, took) = srv.post_when_free(&quick, &body, WAIT);
        assert_eq!(r.status, 200, "{q}: {}", r.text());
        assert!(took < Duration::from_secs(10), "{q}: the slot came back after {took:?}");
        // Without a stream: a JSON 504.
        let e = srv.post(&format!("/api/run?path={BATMAN}&{q}"), &body).assert_error(504, q);
        assert!(e["message"].as_str().unwrap().contains("3 s"), "{e}");
        let (r, took) = srv.post_when_free(&quick, &body, WAIT);
        assert_eq!(r.status, 200, "{q}: {}", r.text());
        assert!(took < Duration::from_secs(10), "{q}: the slot came back after {took:?}");
    }
    srv.finish();
}

/// A Wolsung initiative bid against five cards, asked for exactly: its enumeration walks 20
/// million outcome sequences before it gives up (about a minute in a debug build), polling
/// for a stop between them.
fn long_exact() -> (String, String) {
    ("configs/wolsung/initiative-bid.toml".into(), repo_file("configs/wolsung/initiative-bid.toml"))
}

#[test]
fn an_exact_enumeration_stops_when_its_time_runs_out_or_its_client_goes() {
    let srv = Server::start("exact-cancel", &["--jobs", "1", "--job-seconds", "2"]);
    let (path, body) = long_exact();
    let slow = format!("/api/run?path={path}&exact=1&set=initiative.opponent_cards%3D5");
    let quick = format!("/api/run?path={BATMAN}");
    let batman = repo_file(BATMAN);
    // The time limit: a 504, then the slot is free again within seconds, not when the walk ends.
    let t = Instant::now();
    let r = srv.post(&slow, &body);
    if r.status == 400 {
        // A machine fast enough to walk 20 million sequences in 2 s: nothing to stop.
        eprintln!("the enumeration ended within the limit ({:?}); nothing to cancel", t.elapsed());
        return srv.finish();
    }
    r.assert_error(504, "exact past the limit");
    let (r, took) = srv.post_when_free(&quick, &batman, WAIT);
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(took < Duration::from_secs(10), "the slot came back {took:?} after the 504");
    // A stream: it ends at the limit too (an error event: no batch came before it).
    let t = Instant::now();
    let r = srv.post(&format!("{slow}&stream=1"), &body);
    assert!(t.elapsed() < Duration::from_secs(15), "the stream ended after {:?}", t.elapsed());
    let ev = r.events();
    assert_eq!(ev.last().map(|e| e.0.as_str()), Some("error"), "{}", r.text());
    srv.finish();
    // The client goes (a long limit): the walk stops with it.
    let srv = Server::start("exact-cancel-2", &["--jobs", "1", "--job-seconds", "600"]);
    let conn = open_stream(&srv, &format!("{slow}&stream=1"), &body);
    assert_eq!(srv.post(&quick, &batman).status, 503);
    drop(conn);
    let (r, took) = srv.post_when_free(&quick, &batman, WAIT);
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(took < Duration::from_secs(10), "the slot came back {took:?} after the client went");
    srv.finish();
}

// Mutants of every bundled config.

fn fuzz_cases() -> u64 {
    std::env::var("SERVE_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(3)
}

/// What is wrong with one answer, if anything: a good answer (200, JSON) or a JSON error.
fn judge_answer(what: &str, r: Result<Reply, String>) -> Result<(), String> {
    let r = r.map_err(|e| format!("{what}: {e}"))?;
    let ct = r.header("content-type").unwrap_or_default();
    if r.status == 200 {
        if !ct.starts_with("application/json") {
            return Err(format!("{what}: 200 as {ct}"));
        }
        return serde_json::from_slice::<Value>(&r.body).map(|_| ()).map_err(|e| format!("{what}: 200, not JSON: {e}"));
    }
    let v: Value =
        serde_json::from_slice(&r.body).map_err(|_| format!("{what}: {} not JSON: {}", r.status, r.text()))?;
    if !(400..600).contains(&r.status) || !v["error"]["message"].is_string() || ct != "application/json" {
        return Err(format!("{what}: {} {ct} {v}", r.status));
    }
    if r.status >= 500 && ![503, 504].contains(&r.status) {
        return Err(format!("{what}: a server error {} {v}", r.status));
    }
    Ok(())
}

#[test]
fn mutants_of_every_bundled_config_get_json_answers_and_never_crash_the_server() {
    let dir = tmp("serve_adversary", "fuzz");
    let srv = Server::start_in(&dir, &["--jobs", "2", "--job-seconds", "30"], Some(3_000_000));
    let values = crate::fuzz::hostile_values();
    let sets = [
        "seed=7",
        "trials=1e3",
        "attack.attacker_effort=2",
        "cards.thug.attack=99",
        "readings.x=\"y\"",
        "a.b.c=[1, 2]",
        "kind=\"duel\"",
        "include=[\"/etc/passwd\"]",
    ];
    let mut jobs = Vec::new();
    for (ci, (_, cfg)) in bundled_scenarios().into_iter().enumerate() {
        for k in 0..fuzz_cases() {
            jobs.push((ci, cfg.clone(), k));
        }
    }
    let failures = std::sync::Mutex::new(Vec::new());
    // Runs answered with a result and with an error: a campaign where every mutant is refused
    // at the parser would test little beyond it.
    let outcomes = std::sync::Mutex::new([0usize; 2]);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let j = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((ci, cfg, k)) = jobs.get(j) else { break };
                    let mut rng = crate::fuzz::Rng(0x5E7E_0000 + (*ci as u64) * 1000 + k);
                    let text = std::fs::read_to_string(cfg).unwrap();
                    let (bytes, what) = crate::fuzz::mutate(&text, &mut rng, &values);
                    let path = cfg.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                    let set: &&str = rng.pick(&sets);
                    let set = enc(set);
                    let mut failed = Vec::new();
                    for target in [
                        format!("/api/fields?path={path}"),
                        format!("/api/edit?path={path}&set={set}"),
                        format!("/api/run?path={path}&trials=100&view=page"),
                        format!("/api/run?path={path}&trials=100&stream=1"),
                    ] {
                        let t = Instant::now();
                        let r = loop {
                            let r = srv.request("POST", &target, &[], &bytes);
                            // Busy: wait for a slot (an exact walk may hold one to its end).
                            if matches!(&r, Ok(x) if x.status == 503) && t.elapsed() < WAIT {
                                std::thread::sleep(Duration::from_millis(200));
                                continue;
                            }
                            break r;
                        };
                        if let (Ok(x), true) = (&r, target.starts_with("/api/run")) {
                            outcomes.lock().unwrap()[usize::from(x.status != 200)] += 1;
                        }
                        let verdict = match (&r, target.contains("stream=1")) {
                            (Ok(x), true) if x.status == 200 => match x.events().last() {
                                Some((e, d))
                                    if (e == "result" || e == "error") && serde_json::from_str::<Value>(d).is_ok() =>
                                {
                                    Ok(())
                                }
                                other => Err(format!("{target}: the stream ended with {other:?}")),
                            },
                            _ => judge_answer(&target, r),
                        };
                        if let Err(why) = verdict {
                            failed.push(why);
                        }
                    }
                    if !failed.is_empty() {
                        let shown: String = String::from_utf8_lossy(&bytes).chars().take(2000).collect();
                        failures.lock().unwrap().push(format!(
                            "{} mutant {k} ({what}):\n  {}\n--- mutant ---\n{shown}",
                            cfg.display(),
                            failed.join("\n  ")
                        ));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let [ran, refused] = outcomes.into_inner().unwrap();
    eprintln!("serve fuzz: {} mutants; runs: {ran} answered, {refused} refused", jobs.len());
    assert!(ran > 0 && refused > 0, "a campaign should see both outcomes ({ran} answered, {refused} refused)");
    assert!(failures.is_empty(), "{} of {} mutants failed:\n\n{}", failures.len(), jobs.len(), failures.join("\n\n"));
    srv.finish();
}

/// A body declared larger than the server takes is refused at once, before a byte of it is
/// read (issue #39: `Content-Length: 10 GB` was held open with no answer).
#[test]
fn a_body_declared_too_large_is_refused_at_once() {
    let srv = Server::start("huge-declared", &[]);
    let mut s = TcpStream::connect(("127.0.0.1", srv.port)).unwrap();
    let head = format!(
        "POST /api/run?path={} HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\nContent-Length: 10000000000\r\n\r\n",
        enc(BATMAN),
        srv.host()
    );
    s.write_all(head.as_bytes()).unwrap();
    let t = Instant::now();
    let buf = read_answer(&mut s, Duration::from_secs(30));
    let reply = parse(&buf).unwrap_or_else(|e| panic!("no answer after {:?}: {e}", t.elapsed()));
    assert_eq!(reply.status, 413, "{}", reply.text());
    assert!(t.elapsed() < Duration::from_secs(5), "answered only after {:?}", t.elapsed());
    srv.finish();
}

/// Connections that send a body a byte at a time, more of them than the server takes at once,
/// are cut off (408) and a normal request is answered within the header and body time bounds
/// (issue #39: 280 such connections were never cut off and `GET /api/meta` went unanswered).
#[test]
fn slow_bodies_at_the_connection_cap_do_not_starve_the_server() {
    let srv = Server::start("slow-bodies", &[]);
    let head = format!(
        "POST /api/run?path={} HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nr",
        enc(BATMAN),
        srv.host()
    );
    // 280 > the 256 connections the server serves at once: the last ones wait to be accepted.
    let mut slow = Vec::new();
    for _ in 0..280 {
        let Ok(mut s) = TcpStream::connect(("127.0.0.1", srv.port)) else { break };
        let _ = s.write_all(head.as_bytes());
        slow.push(s);
    }
    assert!(slow.len() >= 260, "only {} connections opened", slow.len());
    // Each sends one more byte now and then, never the whole body.
    let t = Instant::now();
    let dribble = std::thread::spawn(move || {
        for _ in 0..40 {
            for s in &mut slow {
                let _ = s.write_all(b"x");
            }
            std::thread::sleep(Duration::from_millis(500));
        }
        slow
    });
    let meta = srv.request("GET", "/api/meta", &[], b"").unwrap_or_else(|e| panic!("after {:?}: {e}", t.elapsed()));
    assert_eq!(meta.status, 200);
    // Header (10 s) and body (10 s) bounds, and room for a loaded machine.
    assert!(t.elapsed() < Duration::from_secs(35), "GET /api/meta answered only after {:?}", t.elapsed());
    drop(dribble.join().unwrap());
    srv.finish();
}

/// A body that stops arriving is answered 408, saying why, within the body time bound.
#[test]
fn a_body_that_stops_arriving_gets_a_408() {
    let srv = Server::start("stalled-body", &[]);
    let mut s = TcpStream::connect(("127.0.0.1", srv.port)).unwrap();
    let head = format!(
        "POST /api/run?path={} HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nruleset",
        enc(BATMAN),
        srv.host()
    );
    s.write_all(head.as_bytes()).unwrap();
    let t = Instant::now();
    let buf = read_answer(&mut s, Duration::from_secs(60));
    let reply = parse(&buf).unwrap_or_else(|e| panic!("no answer after {:?}: {e}", t.elapsed()));
    reply.assert_error(408, "did not arrive");
    assert!(t.elapsed() < Duration::from_secs(30), "answered only after {:?}", t.elapsed());
    srv.finish();
}

/// What the server sends on `s` until it closes it, ends a JSON answer or `within` passes
/// (an answer that never comes reads as nothing).
fn read_answer(s: &mut TcpStream, within: Duration) -> Vec<u8> {
    s.set_read_timeout(Some(within)).unwrap();
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    while let Ok(n) = s.read(&mut chunk) {
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
        if buf.windows(4).any(|w| w == b"\r\n\r\n") && buf.ends_with(b"}") {
            break;
        }
    }
    buf
}
