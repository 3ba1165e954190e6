//! A running `skirmish-odds serve` and a hand-written HTTP/1.1 client for it, shared by the API
//! tests (`serve_api.rs`) and the browser test (`serve_page.rs`).
//!
//! Why by hand: the tests need exact control over what is sent (a foreign `Host`, an `Origin`, a
//! body over the limit, a connection dropped in the middle of a stream) and to read a
//! `text/event-stream` event by event; one request per connection (`Connection: close`), plain
//! and chunked bodies, is a page of code and no new crate in the build.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// How long a read on a connection may block: generous, CI is a loaded 2-core machine.
const READ_TIMEOUT: Duration = Duration::from_secs(120);

/// A `skirmish-odds serve --port 0` child, killed on drop.
pub struct Server {
    child: Child,
    pub port: u16,
    /// The first line it printed: `http://127.0.0.1:PORT/`.
    pub url: String,
    /// Its working folder: a fresh empty one, so a test can see that nothing was written there.
    pub cwd: PathBuf,
}

impl Server {
    /// Start the binary under test (`common::bin_path`) with `serve --port 0` and `extra`
    /// arguments, in a fresh folder named after `name`, and read the URL it prints first.
    pub fn start(name: &str, extra: &[&str]) -> Server {
        let cwd = crate::common::tmp("serve", name);
        let stderr = std::fs::File::create(cwd.with_extension("stderr.log")).unwrap();
        let mut child = Command::new(crate::common::bin_path())
            .args(["serve", "--port", "0"])
            .args(extra)
            .current_dir(&cwd)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("the binary starts");
        // Read the first line on a thread (a server that prints nothing must fail the test, not
        // hang it), then keep draining stdout so the server never writes into a closed pipe.
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut line = String::new();
            let _ = r.read_line(&mut line);
            let _ = tx.send(line);
            let _ = std::io::copy(&mut r, &mut std::io::sink());
        });
        let line = match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(l) => l,
            Err(_) => {
                let _ = child.kill();
                panic!("serve printed no line in 60 s");
            }
        };
        let url = line.trim().to_string();
        let port = url
            .strip_prefix("http://127.0.0.1:")
            .and_then(|r| r.strip_suffix('/'))
            .and_then(|p| p.parse::<u16>().ok())
            .unwrap_or_else(|| {
                let _ = child.kill();
                let err = std::fs::read_to_string(cwd.with_extension("stderr.log")).unwrap_or_default();
                panic!("the first line of serve is not `http://127.0.0.1:PORT/`: {line:?}; stderr: {err}")
            });
        assert_ne!(port, 0, "--port 0 must print the port it picked");
        Server { child, port, url, cwd }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn addr(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.port))
    }

    /// `Host` as a browser on the page would send it.
    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    pub fn get(&self, target: &str) -> Response {
        self.request("GET", target, &[], b"")
    }

    pub fn post(&self, target: &str, body: &str) -> Response {
        self.request("POST", target, &[], body.as_bytes())
    }

    /// One request on a fresh connection. `headers` may override `Host`.
    pub fn request(&self, method: &str, target: &str, headers: &[(&str, &str)], body: &[u8]) -> Response {
        let mut s = self.send(method, target, headers, body);
        let (status, headers) = read_head(&mut s).unwrap_or_else(|e| panic!("{method} {target}: no answer: {e}"));
        let mut body = Vec::new();
        body_reader(s, &headers).read_to_end(&mut body).unwrap_or_else(|e| panic!("{method} {target}: body: {e}"));
        Response { status, headers, body, what: format!("{method} {target}") }
    }

    /// Send a request and return the connection, its answer unread. A write that fails (the
    /// server answered and closed before reading a body it refuses) is not an error here: the
    /// answer is what the test checks.
    pub fn send(&self, method: &str, target: &str, headers: &[(&str, &str)], body: &[u8]) -> BufReader<TcpStream> {
        let mut s = TcpStream::connect(self.addr()).unwrap_or_else(|e| panic!("connect to {}: {e}", self.addr()));
        s.set_read_timeout(Some(READ_TIMEOUT)).unwrap();
        let mut head = format!("{method} {target} HTTP/1.1\r\n");
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            head += &format!("Host: {}\r\n", self.host());
        }
        for (k, v) in headers {
            head += &format!("{k}: {v}\r\n");
        }
        if method != "GET" || !body.is_empty() {
            head += &format!("Content-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n", body.len());
        }
        head += "Connection: close\r\n\r\n";
        let _ = s.write_all(head.as_bytes()).and_then(|_| s.write_all(body));
        BufReader::new(s)
    }

    /// POST with `stream=1` semantics: the answer read event by event.
    pub fn stream(&self, target: &str, body: &str) -> EventStream {
        let mut s = self.send("POST", target, &[], body.as_bytes());
        let (status, headers) = read_head(&mut s).unwrap_or_else(|e| panic!("POST {target}: no answer: {e}"));
        let ct = header(&headers, "content-type").unwrap_or_default();
        if status != 200 || !ct.starts_with("text/event-stream") {
            let mut b = String::new();
            let _ = body_reader(s, &headers).read_to_string(&mut b);
            panic!("POST {target}: expected 200 text/event-stream, got {status} {ct}: {b}");
        }
        EventStream { r: BufReader::new(body_reader(s, &headers)) }
    }

    /// The server still answers a plain request (after a bad one).
    pub fn assert_alive(&self, after: &str) {
        let r = self.get("/api/meta");
        assert_eq!(r.status, 200, "the server does not answer after {after}: {}", r.text());
    }

    /// CPU time the server has used: utime + stime of /proc/PID/stat, in clock ticks (100 a
    /// second on Linux).
    pub fn cpu_ticks(&self) -> u64 {
        let s = std::fs::read_to_string(format!("/proc/{}/stat", self.pid())).expect("the server is running");
        let rest = &s[s.rfind(')').unwrap() + 2..];
        let f: Vec<&str> = rest.split_whitespace().collect();
        f[11].parse::<u64>().unwrap() + f[12].parse::<u64>().unwrap()
    }

    /// The server's resident memory in KiB (`VmRSS` of /proc/PID/status).
    pub fn rss_kib(&self) -> u64 {
        let s = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).expect("the server is running");
        let line = s.lines().find(|l| l.starts_with("VmRSS:")).expect("VmRSS");
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A whole answer.
pub struct Response {
    pub status: u16,
    /// Names lowercased.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    what: String,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<String> {
        header(&self.headers, name)
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON; fails the test (with the body) when it is not.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{}: {} answered no JSON ({e}): {}", self.what, self.status, self.text()))
    }

    /// Assert the status, showing the body when it differs.
    pub fn expect(&self, status: u16) -> &Self {
        assert_eq!(self.status, status, "{}: {}", self.what, self.text());
        self
    }

    /// The contract's error shape: JSON `{"error": {...}}` with the CLI's fields.
    pub fn error(&self) -> Value {
        let v = self.json();
        let e = v.get("error").unwrap_or_else(|| panic!("{}: no `error` in {v}", self.what)).clone();
        for k in ["message", "file", "line", "column", "field", "allowed", "text"] {
            assert!(e.get(k).is_some(), "{}: the error has no `{k}` (null is fine): {e}", self.what);
        }
        e
    }
}

fn header(headers: &[(String, String)], name: &str) -> Option<String> {
    headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone())
}

/// Status line and headers.
fn read_head(r: &mut BufReader<TcpStream>) -> std::io::Result<(u16, Vec<(String, String)>)> {
    let mut line = String::new();
    r.read_line(&mut line)?;
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("not an HTTP status line: {line:?}")))?;
    let mut headers = Vec::new();
    loop {
        line.clear();
        r.read_line(&mut line)?;
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    Ok((status, headers))
}

/// The body after the head: chunked, sized, or up to the end of the connection.
fn body_reader(r: BufReader<TcpStream>, headers: &[(String, String)]) -> Box<dyn Read + Send> {
    if header(headers, "transfer-encoding").is_some_and(|t| t.eq_ignore_ascii_case("chunked")) {
        Box::new(Chunked { inner: r, left: 0, done: false })
    } else if let Some(n) = header(headers, "content-length").and_then(|n| n.parse::<u64>().ok()) {
        Box::new(r.take(n))
    } else {
        Box::new(r)
    }
}

/// `Transfer-Encoding: chunked` undone, chunk by chunk as it arrives (a stream's events are not
/// held back until the end).
struct Chunked {
    inner: BufReader<TcpStream>,
    left: usize,
    done: bool,
}

impl Read for Chunked {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.done || buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            let mut line = String::new();
            if self.inner.read_line(&mut line)? == 0 {
                self.done = true;
                return Ok(0);
            }
            let size = line.trim().split(';').next().unwrap_or("");
            self.left = usize::from_str_radix(size, 16)
                .map_err(|_| std::io::Error::other(format!("bad chunk size line {line:?}")))?;
            if self.left == 0 {
                self.done = true;
                return Ok(0);
            }
        }
        let n = self.left.min(buf.len());
        let n = self.inner.read(&mut buf[..n])?;
        if n == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "connection closed inside a chunk"));
        }
        self.left -= n;
        if self.left == 0 {
            let mut crlf = String::new();
            self.inner.read_line(&mut crlf)?;
        }
        Ok(n)
    }
}

/// A `text/event-stream` answer, read one event at a time. Dropping it closes the connection.
pub struct EventStream {
    r: BufReader<Box<dyn Read + Send>>,
}

impl EventStream {
    /// The next event as (name, data parsed as JSON), or `None` at the end of the stream.
    pub fn next_event(&mut self) -> Option<(String, Value)> {
        let mut event = String::new();
        let mut data = String::new();
        let mut line = String::new();
        loop {
            line.clear();
            match self.r.read_line(&mut line) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => panic!("reading the event stream: {e}"),
            }
            let l = line.trim_end_matches(['\r', '\n']);
            if l.is_empty() {
                if event.is_empty() && data.is_empty() {
                    continue;
                }
                let v = serde_json::from_str(&data)
                    .unwrap_or_else(|e| panic!("event {event}: data is not JSON ({e}): {data}"));
                return Some((if event.is_empty() { "message".into() } else { event }, v));
            }
            if l.starts_with(':') {
                continue; // a comment (keep-alive)
            }
            let (k, v) = l.split_once(':').unwrap_or((l, ""));
            let v = v.strip_prefix(' ').unwrap_or(v);
            match k {
                "event" => event = v.to_string(),
                "data" => {
                    if !data.is_empty() {
                        data.push('\n');
                    }
                    data.push_str(v);
                }
                _ => {}
            }
        }
    }
}

/// Percent-encode a query value (everything but the unreserved characters).
pub fn enc(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out += &format!("%{b:02X}");
        }
    }
    out
}

/// The repository folder: the bundled configs' virtual paths are relative to it.
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A bundled config's text by its virtual path (`configs/bmg-3e/batman-vs-thug.toml`).
pub fn config_text(path: &str) -> String {
    std::fs::read_to_string(repo().join(path)).unwrap()
}

/// What `skirmish-odds run CONFIG --json ARGS` prints, run from the repository folder with the
/// config's relative path (so its recorded paths are the virtual ones), the report written to
/// scratch space.
pub fn cli_json(config: &str, args: &[&str]) -> Value {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("serve-cli").join(format!(
        "{}-{}",
        std::process::id(),
        N.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&out);
    let o = Command::new(crate::common::bin_path())
        .current_dir(repo())
        .args(["run", config, "--json", "--quiet", "--out"])
        .arg(&out)
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "run {config} {args:?}: {}", String::from_utf8_lossy(&o.stderr));
    let _ = std::fs::remove_dir_all(&out);
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("run {config} --json printed no JSON: {e}"))
}

/// The paths (`a.b[2].c`) where two JSON values differ, for a readable failure.
pub fn json_diff(a: &Value, b: &Value) -> Vec<String> {
    fn walk(a: &Value, b: &Value, at: String, out: &mut Vec<String>) {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                for k in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                    let (u, v) = (x.get(k).unwrap_or(&Value::Null), y.get(k).unwrap_or(&Value::Null));
                    if x.contains_key(k) != y.contains_key(k) {
                        out.push(format!("{at}.{k}: only on one side"));
                    } else {
                        walk(u, v, format!("{at}.{k}"), out);
                    }
                }
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (i, (u, v)) in x.iter().zip(y).enumerate() {
                    walk(u, v, format!("{at}[{i}]"), out);
                }
            }
            _ if a != b => {
                let short = |v: &Value| v.to_string().chars().take(120).collect::<String>();
                out.push(format!("{at}: {} ≠ {}", short(a), short(b)));
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(a, b, String::new(), &mut out);
    out
}
