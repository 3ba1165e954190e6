//! A small Chrome DevTools Protocol client for the browser tests: one headless Chromium, one page.
//!
//! Why by hand: the protocol over `--remote-debugging-pipe` is NUL-terminated JSON on two file
//! descriptors (the browser reads commands on fd 3 and writes answers and events on fd 4), so a
//! pipe pair, a reader thread and `serde_json` are the whole transport — no websocket, no
//! browser-automation crate (and its download of a browser of its own) in the build.
//!
//! Shape: [`Page::launch`] starts the browser with a fresh profile, creates a tab and attaches to
//! it in flattened mode (every later command carries the session id). [`Page::eval`] evaluates a
//! script in the page (awaiting a promise, returning the value as JSON); [`Page::wait_for`] polls
//! a condition and, on timeout, fails with the page's text and a screenshot, so a failure in CI says
//! what the page showed. Dropping the [`Page`] kills the browser's process group and removes the
//! profile. Events are read and ignored: the tests poll the page's own state instead.

use serde_json::{Value, json};
use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::os::fd::FromRawFd;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long one protocol command may take: generous, CI is a loaded 2-core machine.
const CALL_TIMEOUT: Duration = Duration::from_secs(60);

/// The default wait of [`Page::wait_for`] in the tests: generous for the same reason.
pub const WAIT: Duration = Duration::from_secs(60);

/// Answers not yet read, by command id; the reader thread empties it when the browser goes away,
/// so a waiting call fails at once instead of timing out.
type Pending = Arc<Mutex<Option<HashMap<u64, Sender<Value>>>>>;

/// Debian's `chromium` or another Chromium on PATH (`CHROMIUM` overrides); every browser test
/// finds it here.
pub fn find_browser() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
        for dir in std::env::split_paths(&path) {
            let c = dir.join(name);
            if c.is_file() {
                return Some(c);
            }
        }
    }
    None
}

/// Under CI (or with `SKIRMISH_REQUIRE_BROWSER=1`) a missing browser is a failure, not a skip.
pub fn browser_required() -> bool {
    let ci = std::env::var("CI").map(|v| !v.is_empty() && v != "false" && v != "0").unwrap_or(false);
    ci || std::env::var_os("SKIRMISH_REQUIRE_BROWSER").is_some()
}

/// The browser, or `None` after saying why the test is skipped; panics when one is required.
pub fn browser_or_skip(test: &str) -> Option<PathBuf> {
    let b = find_browser();
    if b.is_none() {
        assert!(
            !browser_required(),
            "{test}: headless Chromium is required here: install Debian's `chromium` package (.ci/run does)"
        );
        eprintln!("SKIPPED {test}: no chromium on PATH (set CI=1 to make this a failure); .ci/run installs it");
    }
    b
}

/// Where the browser tests keep their screenshots for a person to look at: `target/e2e-screenshots/`.
pub fn screenshot_dir() -> PathBuf {
    let target =
        Path::new(env!("CARGO_TARGET_TMPDIR")).parent().expect("CARGO_TARGET_TMPDIR is target/tmp").to_path_buf();
    let d = target.join("e2e-screenshots");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// One headless Chromium with one tab attached.
pub struct Page {
    child: Child,
    /// Our end of the pipe the browser reads (its fd 3).
    to_browser: File,
    pending: Pending,
    next_id: AtomicU64,
    session: String,
    profile: PathBuf,
    /// A failed wait saves `<name>-timeout.png` here.
    name: String,
    /// A script whose value a failed wait adds to its message (e.g. the page's request log).
    probe: Mutex<Option<String>>,
}

impl Page {
    /// Start `browser` headless with a fresh profile and open a blank tab. `name` labels the
    /// profile folder and failure screenshots.
    pub fn launch(browser: &Path, name: &str) -> Page {
        static N: AtomicU64 = AtomicU64::new(0);
        let profile = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cdp-profiles").join(format!(
            "{name}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).unwrap();
        // Two pipes: (browser reads, we write) and (browser writes, we read). Every end is
        // close-on-exec and sits at fd ≥ 100, so no other child started meanwhile by another test
        // thread inherits one, and the two `dup2` below cannot overwrite each other's source.
        let (cmd_read, cmd_write) = pipe_high();
        let (evt_read, evt_write) = pipe_high();
        let stderr = File::create(profile.join("chromium-stderr.log")).unwrap();
        let mut cmd = Command::new(browser);
        cmd.args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            "--window-size=1280,1024",
            "--remote-debugging-pipe",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr);
        // Its own process group, so Drop kills the renderer and helper processes with it.
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        // SAFETY: between fork and exec only async-signal-safe calls: dup2 on descriptors we own.
        // dup2 leaves the new descriptor without close-on-exec, so fds 3 and 4 reach the browser.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut cmd, move || {
                if libc::dup2(cmd_read, 3) < 0 || libc::dup2(evt_write, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().unwrap_or_else(|e| panic!("cannot start {}: {e}", browser.display()));
        // SAFETY: each descriptor came from pipe_high and is owned by exactly one File from here
        // on; the browser's ends are closed in this process (the child has its own copies).
        let (to_browser, from_browser) = unsafe {
            libc::close(cmd_read);
            libc::close(evt_write);
            (File::from_raw_fd(cmd_write), File::from_raw_fd(evt_read))
        };
        let pending: Pending = Arc::new(Mutex::new(Some(HashMap::new())));
        let p = pending.clone();
        std::thread::spawn(move || read_loop(from_browser, p));
        let mut page = Page {
            child,
            to_browser,
            pending,
            next_id: AtomicU64::new(1),
            session: String::new(),
            profile,
            name: name.to_string(),
            probe: Mutex::new(None),
        };
        let target = page.browser_call("Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"].as_str().expect("a target id").to_string();
        let attached = page.browser_call("Target.attachToTarget", json!({"targetId": target_id, "flatten": true}));
        page.session = attached["sessionId"].as_str().expect("a session id").to_string();
        page.call("Page.enable", json!({}));
        page.call("Runtime.enable", json!({}));
        page
    }

    /// Send one command (to the page's session when `session` is set) and wait for its answer.
    fn send(&self, method: &str, params: Value, session: bool) -> Value {
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let mut msg = json!({"id": id, "method": method, "params": params});
        if session {
            msg["sessionId"] = Value::String(self.session.clone());
        }
        let (tx, rx) = channel();
        match self.pending.lock().unwrap().as_mut() {
            Some(m) => m.insert(id, tx),
            None => panic!(
                "{method}: the browser has gone away (see {})",
                self.profile.join("chromium-stderr.log").display()
            ),
        };
        let mut bytes = serde_json::to_vec(&msg).unwrap();
        bytes.push(0);
        (&self.to_browser).write_all(&bytes).unwrap_or_else(|e| panic!("{method}: cannot write to the browser: {e}"));
        let answer = rx.recv_timeout(CALL_TIMEOUT).unwrap_or_else(|e| {
            panic!(
                "{method}: no answer from the browser ({e}); see {}",
                self.profile.join("chromium-stderr.log").display()
            )
        });
        if let Some(err) = answer.get("error") {
            panic!("{method} failed: {err}");
        }
        answer["result"].clone()
    }

    /// A command to the browser itself (no session).
    fn browser_call(&self, method: &str, params: Value) -> Value {
        self.send(method, params, false)
    }

    /// A command to the attached page; panics on a protocol error.
    pub fn call(&self, method: &str, params: Value) -> Value {
        self.send(method, params, true)
    }

    /// Evaluate `js` in the page (a promise is awaited) and return its value as JSON (`null` for
    /// `undefined`). A thrown exception fails the test with its text.
    pub fn eval(&self, js: &str) -> Value {
        let r = self.call("Runtime.evaluate", json!({"expression": js, "awaitPromise": true, "returnByValue": true}));
        if let Some(ex) = r.get("exceptionDetails") {
            let text = ex["exception"]["description"].as_str().or(ex["text"].as_str()).unwrap_or("?");
            panic!("script failed: {text}\n--- script:\n{js}");
        }
        r["result"].get("value").cloned().unwrap_or(Value::Null)
    }

    /// Run `js` in every document this page opens from now on, before the page's own scripts
    /// (e.g. to log the requests the page makes).
    pub fn add_init_script(&self, js: &str) {
        self.call("Page.addScriptToEvaluateOnNewDocument", json!({"source": js}));
    }

    /// A script whose value a failed [`Page::wait_for`] shows beside the page's text.
    pub fn on_failure_show(&self, js: &str) {
        *self.probe.lock().unwrap() = Some(js.to_string());
    }

    /// Open `url` and wait until its document has loaded.
    pub fn navigate(&self, url: &str) {
        let r = self.call("Page.navigate", json!({"url": url}));
        if let Some(e) = r.get("errorText").and_then(Value::as_str) {
            panic!("cannot open {url}: {e}");
        }
        self.wait_for(&format!("location.href === {} && document.readyState === 'complete'", json!(url)), WAIT);
    }

    /// Poll the condition `js` every 100 ms until it is truthy; on timeout fail with the page's
    /// visible text (first 2000 characters) and the path of a screenshot of it. Returns the time
    /// it took.
    pub fn wait_for(&self, js: &str, timeout: Duration) -> Duration {
        let start = Instant::now();
        let probe = format!("(() => {{ try {{ return !!({js}); }} catch (e) {{ return false; }} }})()");
        loop {
            if self.eval(&probe) == Value::Bool(true) {
                return start.elapsed();
            }
            if start.elapsed() > timeout {
                let text = self.eval("document.body ? document.body.innerText : '(no body)'");
                let text: String = text.as_str().unwrap_or("").chars().take(2000).collect();
                let shot = screenshot_dir().join(format!("{}-timeout.png", self.name));
                self.screenshot(&shot);
                let probe = self.probe.lock().unwrap().clone();
                let extra = probe.map(|p| format!("\n--- {p}:\n{}", self.eval(&p))).unwrap_or_default();
                panic!(
                    "waited {:.0} s for `{js}`; the page at {} shows:\n{text}{extra}\n--- screenshot: {}",
                    timeout.as_secs_f64(),
                    self.eval("location.href"),
                    shot.display()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Save a PNG of what the window shows (1280 × 1024, the top of the page) at `path`: the
    /// picture a person sees first (the README's).
    pub fn screenshot_window(&self, path: &Path) {
        let r = self.call("Page.captureScreenshot", json!({"format": "png"}));
        write_png(path, &r);
    }

    /// Save a PNG of the whole page (not only the window) at `path`.
    pub fn screenshot(&self, path: &Path) {
        let size = self.eval(
            "(() => { const e = document.documentElement; \
             return [Math.max(e.scrollWidth, 1), Math.max(e.scrollHeight, 1)]; })()",
        );
        let w = size[0].as_f64().unwrap_or(1280.0);
        let h = size[1].as_f64().unwrap_or(1024.0).min(8000.0);
        let r = self.call(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": true,
                   "clip": {"x": 0, "y": 0, "width": w, "height": h, "scale": 1}}),
        );
        write_png(path, &r);
    }
}

/// Write the PNG of a `Page.captureScreenshot` answer.
fn write_png(path: &Path, answer: &Value) {
    let png = base64_decode(answer["data"].as_str().expect("screenshot data"));
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "the screenshot is not a PNG");
    if let Some(d) = path.parent() {
        std::fs::create_dir_all(d).unwrap();
    }
    std::fs::write(path, png).unwrap();
}

impl Drop for Page {
    fn drop(&mut self) {
        // SAFETY: kill(2) on the process group we created for the browser.
        unsafe {
            libc::kill(-(self.child.id() as i32), libc::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Route each answer to the call waiting for its id; events (no id) are dropped. At EOF (the
/// browser died or was killed) the pending map is closed so waiting calls fail at once.
fn read_loop(from_browser: File, pending: Pending) {
    let mut r = BufReader::new(from_browser);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match r.read_until(0, &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if buf.last() == Some(&0) {
            buf.pop();
        }
        let Ok(msg) = serde_json::from_slice::<Value>(&buf) else { continue };
        if let Some(id) = msg.get("id").and_then(Value::as_u64) {
            let tx = pending.lock().unwrap().as_mut().and_then(|m| m.remove(&id));
            if let Some(tx) = tx {
                let _ = tx.send(msg);
            }
        }
    }
    pending.lock().unwrap().take();
}

/// A pipe whose two ends are close-on-exec descriptors numbered 100 or more: (read, write).
fn pipe_high() -> (i32, i32) {
    let mut fds = [0i32; 2];
    // SAFETY: plain descriptor calls on an array we own; each result is checked.
    unsafe {
        assert_eq!(libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC), 0, "pipe2: {}", std::io::Error::last_os_error());
        let high = fds.map(|fd| {
            let h = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 100);
            assert!(h >= 100, "fcntl: {}", std::io::Error::last_os_error());
            libc::close(fd);
            h
        });
        (high[0], high[1])
    }
}

/// Standard base64 (with padding) to bytes: what `Page.captureScreenshot` sends.
pub fn base64_decode(s: &str) -> Vec<u8> {
    fn val(c: u8) -> u32 {
        match c {
            b'A'..=b'Z' => (c - b'A') as u32,
            b'a'..=b'z' => (c - b'a' + 26) as u32,
            b'0'..=b'9' => (c - b'0' + 52) as u32,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => panic!("not base64: {:?}", c as char),
        }
    }
    let clean: Vec<u8> = s.bytes().filter(|c| !c.is_ascii_whitespace() && *c != b'=').collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= val(c) << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len().saturating_sub(1)]);
    }
    out
}

#[test]
fn base64_decodes_what_encoders_write() {
    assert_eq!(base64_decode("TWFu"), b"Man");
    assert_eq!(base64_decode("TWE="), b"Ma");
    assert_eq!(base64_decode("TQ=="), b"M");
    assert_eq!(base64_decode(""), b"");
    assert_eq!(base64_decode("/+8="), [0xff, 0xef]);
}

/// The client against a file:// page: navigate, evaluate (a value and an awaited promise), wait
/// for a change a timer makes, a wait that times out with the page's text, and a screenshot.
#[test]
fn cdp_client_drives_a_file_page() {
    let Some(browser) = browser_or_skip("cdp_client_drives_a_file_page") else { return };
    let dir = crate::common::tmp("cdp", "file-page");
    let html = dir.join("page.html");
    std::fs::write(
        &html,
        "<!doctype html><html><body><h1 id=h>Hello</h1><input id=n value=3>\
         <script>document.getElementById('n').addEventListener('change', e => \
         setTimeout(() => { document.body.dataset.seen = e.target.value; }, 300));</script></body></html>",
    )
    .unwrap();
    let page = Page::launch(&browser, "cdp-file-page");
    let url = format!("file://{}", html.display());
    page.navigate(&url);
    assert_eq!(page.eval("document.getElementById('h').textContent"), json!("Hello"));
    assert_eq!(page.eval("new Promise(r => setTimeout(() => r(6 * 7), 50))"), json!(42));
    assert_eq!(page.eval("undefined"), Value::Null);
    page.eval("{ const n = document.getElementById('n'); n.value = '5'; n.dispatchEvent(new Event('change')); }");
    let took = page.wait_for("document.body.dataset.seen === '5'", WAIT);
    assert!(took >= Duration::from_millis(250), "the wait returned before the timer fired: {took:?}");
    let shot = screenshot_dir().join("cdp-file-page.png");
    let _ = std::fs::remove_file(&shot);
    page.screenshot(&shot);
    assert!(std::fs::metadata(&shot).unwrap().len() > 1000, "an empty screenshot");
    let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        page.wait_for("document.body.dataset.never", Duration::from_millis(300))
    }));
    let msg = failed.expect_err("a wait on a condition that never holds must fail");
    let msg = msg.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(msg.contains("Hello") && msg.contains("cdp-file-page-timeout.png"), "{msg}");
    // That screenshot shows nothing wrong: keep the folder for the real tests' pictures.
    let _ = std::fs::remove_file(screenshot_dir().join("cdp-file-page-timeout.png"));
}
