//! What the server attacks share: a server under test (`serve --port 0`, killed when dropped) and
//! a raw HTTP/1.1 client over a `TcpStream`, so a test can send what no HTTP library would (two
//! Host headers, a body cut short, headers that never end). Waits are generous (a debug build
//! on a loaded 2-core machine); the values checked are strict.

use crate::common::{bin_path, tmp};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// The longest any one answer may take (a debug build on a busy machine).
pub(crate) const WAIT: Duration = Duration::from_secs(90);

/// The bundled example every test can run: exact, a few milliseconds.
pub(crate) const BATMAN: &str = "configs/bmg-3e/batman-vs-thug.toml";

pub(crate) fn repo_file(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// A running server, killed when dropped.
pub(crate) struct Server {
    pub(crate) child: Child,
    pub(crate) port: u16,
    pub(crate) stderr: PathBuf,
    /// Kept open: the server may still write to its stdout.
    pub(crate) _stdout: BufReader<ChildStdout>,
}

impl Server {
    /// `serve --port 0 ARGS` in a scratch folder named `name`.
    pub(crate) fn start(name: &str, args: &[&str]) -> Server {
        Server::start_in(&tmp("serve_adversary", name), args, None)
    }

    /// The same under `ulimit -v` (KiB): an allocation sized from a bad number fails here as
    /// it would on a small machine, and aborts the server.
    pub(crate) fn start_in(dir: &Path, args: &[&str], memory_kib: Option<u64>) -> Server {
        let stderr = dir.join("server-stderr.txt");
        let mut cmd = match memory_kib {
            Some(kib) => {
                let mut c = Command::new("sh");
                c.arg("-c").arg(format!("ulimit -v {kib}; exec \"$0\" \"$@\"")).arg(bin_path());
                c
            }
            None => Command::new(bin_path()),
        };
        let mut child = cmd
            .args(["serve", "--port", "0"])
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&stderr).unwrap())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let port = line
            .trim()
            .strip_prefix("http://127.0.0.1:")
            .and_then(|r| r.strip_suffix('/'))
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| {
                let _ = child.kill();
                panic!("no URL on the first line: {line:?}; stderr: {}", std::fs::read_to_string(&stderr).unwrap())
            });
        Server { child, port, stderr, _stdout: out }
    }

    pub(crate) fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// A request with our own Host, `Connection: close` and the body's length.
    pub(crate) fn request(
        &self,
        method: &str,
        target: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Result<Reply, String> {
        let mut h = format!("{method} {target} HTTP/1.1\r\nHost: {}\r\n", self.host());
        for (k, v) in headers {
            h.push_str(&format!("{k}: {v}\r\n"));
        }
        h.push_str(&format!("Content-Length: {}\r\nConnection: close\r\n\r\n", body.len()));
        let mut raw = h.into_bytes();
        raw.extend_from_slice(body);
        exchange(self.port, &raw)
    }

    pub(crate) fn get(&self, target: &str) -> Reply {
        self.request("GET", target, &[], b"").unwrap_or_else(|e| panic!("GET {target}: {e}"))
    }

    pub(crate) fn post(&self, target: &str, body: &str) -> Reply {
        self.request("POST", target, &[], body.as_bytes()).unwrap_or_else(|e| panic!("POST {target}: {e}"))
    }

    /// Post until the server has a free job slot (503 means busy), at most `within`; the answer
    /// and how long it took.
    pub(crate) fn post_when_free(&self, target: &str, body: &str, within: Duration) -> (Reply, Duration) {
        let t = Instant::now();
        loop {
            let r = self.post(target, body);
            if r.status != 503 || t.elapsed() > within {
                return (r, t.elapsed());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Still running, and never panicked; then stopped.
    pub(crate) fn finish(mut self) {
        assert!(self.child.try_wait().unwrap().is_none(), "the server died: {}", self.stderr_text());
        assert_eq!(self.get("/api/meta").status, 200, "the server stopped answering");
        let _ = self.child.kill();
        let _ = self.child.wait();
        let e = self.stderr_text();
        assert!(!e.contains("panicked"), "the server panicked: {e}");
    }

    /// The server's resident memory in MiB (Linux), if it can be read.
    pub(crate) fn rss_mib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let kib: u64 =
            status.lines().find_map(|l| l.strip_prefix("VmRSS:"))?.trim().trim_end_matches("kB").trim().parse().ok()?;
        Some(kib / 1024)
    }

    pub(crate) fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&std::fs::read(&self.stderr).unwrap_or_default()).into_owned()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One answer: status, header block (lower-cased names), body (de-chunked).
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) head: String,
    pub(crate) body: Vec<u8>,
}

impl Reply {
    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub(crate) fn header(&self, name: &str) -> Option<String> {
        self.head.lines().skip(1).find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim().eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }

    pub(crate) fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!("not JSON ({e}): {} {}", self.status, self.text().chars().take(500).collect::<String>())
        })
    }

    /// A JSON error with this status: `{"error": {"message": …, "text": …, …}}`.
    pub(crate) fn assert_error(&self, status: u16, what: &str) -> Value {
        assert_eq!(self.status, status, "{what}: {}", self.text().chars().take(600).collect::<String>());
        assert_eq!(self.header("content-type").as_deref(), Some("application/json"), "{what}: {}", self.head);
        let v = self.json();
        assert!(v["error"]["message"].is_string() && v["error"]["text"].is_string(), "{what}: {v}");
        v["error"].clone()
    }

    /// The server-sent events of a stream: (event, data).
    pub(crate) fn events(&self) -> Vec<(String, String)> {
        events_of(&self.text())
    }
}

pub(crate) fn events_of(text: &str) -> Vec<(String, String)> {
    text.split("\n\n")
        .filter_map(|block| {
            let ev = block.lines().find_map(|l| l.strip_prefix("event: "))?;
            let data: Vec<&str> = block.lines().filter_map(|l| l.strip_prefix("data: ")).collect();
            Some((ev.to_string(), data.join("\n")))
        })
        .collect()
}

/// Send `raw`, read the whole answer (the server closes: `Connection: close`). A connection
/// closed without an answer is an `Err`, as is no answer within [`WAIT`].
pub(crate) fn exchange(port: u16, raw: &[u8]) -> Result<Reply, String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| format!("connect: {e}"))?;
    s.set_read_timeout(Some(WAIT)).unwrap();
    s.set_write_timeout(Some(WAIT)).unwrap();
    // A server that answers early (413) may close before all is written: read what it said.
    let _ = s.write_all(raw);
    let mut buf = Vec::new();
    let mut chunk = [0u8; 65536];
    loop {
        match s.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(e) if buf.is_empty() => return Err(format!("no answer: {e}")),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                return Err(format!("answer not finished after {WAIT:?}"));
            }
            Err(_) => break,
        }
    }
    parse(&buf)
}

pub(crate) fn parse(buf: &[u8]) -> Result<Reply, String> {
    let at = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| format!("the connection closed without a whole answer: {:?}", String::from_utf8_lossy(buf)))?;
    let head = String::from_utf8_lossy(&buf[..at]).into_owned();
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| format!("no status: {head}"))?;
    let rest = &buf[at + 4..];
    let chunked = head.to_ascii_lowercase().contains("transfer-encoding: chunked");
    let body = if chunked { dechunk(rest) } else { rest.to_vec() };
    Ok(Reply { status, head, body })
}

pub(crate) fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = b.windows(2).position(|w| w == b"\r\n") {
        let n = usize::from_str_radix(String::from_utf8_lossy(&b[..eol]).trim(), 16).unwrap_or(0);
        if n == 0 || b.len() < eol + 2 + n {
            break;
        }
        out.extend_from_slice(&b[eol + 2..eol + 2 + n]);
        b = &b[(eol + 4 + n).min(b.len())..];
    }
    out
}

/// Percent-encoding of a query value.
pub(crate) fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~/".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Open a run's stream and return the connection once its first event has come (the job
/// holds its slot until the stream ends or the connection goes).
pub(crate) fn open_stream(srv: &Server, target: &str, body: &str) -> TcpStream {
    let mut s = TcpStream::connect(("127.0.0.1", srv.port)).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    let req = format!(
        "POST {target} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        srv.host(),
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut got = Vec::new();
    let mut chunk = [0u8; 4096];
    while !String::from_utf8_lossy(&got).contains("event: ") {
        let n = s.read(&mut chunk).unwrap();
        assert!(n > 0, "the stream closed before its first event: {}", String::from_utf8_lossy(&got));
        got.extend_from_slice(&chunk[..n]);
    }
    assert!(got.starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&got));
    s
}
