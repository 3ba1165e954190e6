//! User text made safe for whatever opens the output (issue #22): a spreadsheet, a Markdown
//! viewer, a terminal. Names, labels and descriptions come from config files — possibly a shared
//! library pulled in by an include — so they may hold a formula, HTML, a table separator or a
//! terminal escape sequence. Every writer passes user text through the one function here for its
//! format; the program's own markup (headings, tables, list markers, `code` spans) is not escaped.
//!
//! JSON needs nothing (serde escapes it), and HTML and SVG have their own escaping
//! ([`crate::report::html::escape`], the chart writer).

use std::borrow::Cow;
use std::fmt::Write;

/// Characters that must never reach a terminal or a document raw: C0 controls (newline and tab
/// included: callers that keep newlines say so), DEL, C1 controls (which include the 8-bit CSI
/// a terminal also obeys), the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069) and marks (U+200E, U+200F, U+061C) that make text display in another order
/// than it reads ("Trojan Source"), the line and paragraph separators (U+2028, U+2029: a line
/// break to some readers) and the zero-width no-break space (U+FEFF: invisible).
pub fn is_hidden_control(c: char) -> bool {
    c.is_control()
        || ('\u{202A}'..='\u{202E}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
        || matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{2028}' | '\u{2029}' | '\u{FEFF}')
}

/// `c` as the visible escape every output uses: `\u{1b}` (Rust's notation, lowercase hex).
fn push_escaped(out: &mut String, c: char) {
    let _ = write!(out, "\\u{{{:x}}}", c as u32);
}

fn escape_controls(s: &str, keep_newlines: bool) -> Cow<'_, str> {
    let bad = |c: char| is_hidden_control(c) && !(keep_newlines && c == '\n');
    if !s.chars().any(bad) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if bad(c) { push_escaped(&mut out, c) } else { out.push(c) }
    }
    Cow::Owned(out)
}

/// JSON whose strings hold no hidden control character raw: serde escapes C0 controls but
/// writes DEL, C1 controls and bidi overrides as they are, and `--json` prints to a terminal.
/// Each becomes its `\uXXXX` escape, which every JSON reader decodes to the same string (all of
/// them are in the Basic Multilingual Plane, and outside strings JSON holds only ASCII).
pub fn json_visible(json: String) -> String {
    if !json.chars().any(is_hidden_control) {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        // Newlines and the like outside strings are layout; inside strings serde escaped them.
        if is_hidden_control(c) && !c.is_ascii_whitespace() {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// One line for the terminal (an error message, a note, a table cell): every hidden control,
/// newline included, shown as `\u{..}`, so a name can neither move the cursor, retitle the
/// window, clear the screen, reorder the text nor break the line.
pub fn terminal_line(s: &str) -> Cow<'_, str> {
    escape_controls(s, false)
}

/// The longest run of characters without a space the run summary prints: a longer one (a
/// 10,000-character name) is cut to its start and "…", so no line is wider than the terminal
/// layout's width. Paths are not in the summary (the "Report written to" line keeps its path whole).
pub const TERMINAL_WORD: usize = 60;

/// User text in the run summary: [`terminal_line`], and each word longer than
/// [`TERMINAL_WORD`] characters cut ([`crate::text::cut_long_words`]).
pub fn terminal_words(s: &str) -> Cow<'_, str> {
    match terminal_line(s) {
        Cow::Borrowed(b) => crate::text::cut_long_words(b, TERMINAL_WORD),
        Cow::Owned(o) => Cow::Owned(crate::text::cut_long_words(&o, TERMINAL_WORD).into_owned()),
    }
}

/// Several lines for the terminal: as [`terminal_line`], but newlines are kept. The last guard
/// on everything printed to stdout (the cells and lines were escaped one by one already, so this
/// only catches text that reached the output some other way).
pub fn terminal_block(s: &str) -> Cow<'_, str> {
    escape_controls(s, true)
}

/// How many characters of a long user value a message quotes.
pub const QUOTE_CHARS: usize = 80;
/// A message is cut after this many characters whatever it holds (a value not in backticks).
const MESSAGE_CHARS: usize = 2_000;

/// A message with every long backtick-quoted value (longer than [`QUOTE_CHARS`] characters)
/// shortened to its start, an ellipsis and its length — "`aaaa…` (1,048,576 characters)" — and
/// the whole message cut at 2,000 characters, so a 1 MB value is never echoed whole. Error
/// messages quote what the user wrote in backticks, so one pass here covers every site.
pub fn shorten_quoted(msg: &str) -> Cow<'_, str> {
    if msg.len() <= QUOTE_CHARS {
        return Cow::Borrowed(msg);
    }
    let mut out = String::new();
    let mut rest = msg;
    while let Some(open) = rest.find('`') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('`') else { break };
        let inner = &after[..close];
        out.push_str(&rest[..=open]);
        let n = inner.chars().count();
        if n > QUOTE_CHARS {
            out.extend(inner.chars().take(QUOTE_CHARS));
            let _ = write!(out, "…` ({} characters)", crate::text::count(n as u64));
        } else {
            out.push_str(inner);
            out.push('`');
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    let n = out.chars().count();
    if n > MESSAGE_CHARS {
        let mut cut: String = out.chars().take(MESSAGE_CHARS).collect();
        let _ = write!(cut, "… (message of {} characters cut)", crate::text::count(n as u64));
        return Cow::Owned(cut);
    }
    if out == msg { Cow::Borrowed(msg) } else { Cow::Owned(out) }
}

/// A dotted field path (`cards.NAME.attack`) with every key longer than [`QUOTE_CHARS`]
/// characters cut to its start and an ellipsis, and the longest one's length said after it:
/// "`cards.aaaa….attack` (1,048,576 characters)", so the path still shows where to look.
pub fn shorten_path(path: &str) -> String {
    let mut longest = 0;
    let keys: Vec<String> = path
        .split('.')
        .map(|k| {
            let n = k.chars().count();
            if n <= QUOTE_CHARS {
                return k.to_string();
            }
            longest = longest.max(n);
            k.chars().take(QUOTE_CHARS).chain(['…']).collect()
        })
        .collect();
    let mut out = format!("`{}`", keys.join("."));
    if longest > 0 {
        let _ = write!(out, " ({} characters)", crate::text::count(longest as u64));
    }
    out
}

/// Whether a CSV cell is a plain decimal number (`3`, `-0.5`, `1e-7`): spreadsheets read it as
/// that number, so it is left alone even though it may start with `-` or `+`.
fn is_number(s: &str) -> bool {
    let b = s.strip_prefix(['-', '+']).unwrap_or(s).as_bytes();
    let digits = |b: &[u8]| b.iter().take_while(|c| c.is_ascii_digit()).count();
    let int = digits(b);
    let mut i = int;
    let mut frac = 0;
    if b.get(i) == Some(&b'.') {
        frac = digits(&b[i + 1..]);
        i += 1 + frac;
    }
    if int + frac == 0 {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let e = &b[i + 1..];
        let e = e.strip_prefix(b"-").or_else(|| e.strip_prefix(b"+")).unwrap_or(e);
        let n = digits(e);
        return n > 0 && n == e.len();
    }
    i == b.len()
}

/// A CSV cell made inert: every hidden control but the newline (which RFC 4180 quoting keeps
/// inside the cell) shown as `\u{..}`, as in every other output — a spreadsheet or `cat` would
/// otherwise hand an escape sequence or a bidi override to whoever reads it — and a cell that a
/// spreadsheet would run as a formula — text starting with `=`, `+`, `-`, `@` (OWASP's list;
/// tabs and carriage returns are escaped by then) — gets a leading `'`, which spreadsheets take
/// as "this is text" and hide. Numbers are never touched, whatever column they are in, so
/// `-0.5` stays a number. Quoting is the CSV writer's job and applies after this.
pub fn csv_cell(s: &str) -> Cow<'_, str> {
    let s = escape_controls(s, true);
    match s.chars().next() {
        Some('=' | '+' | '-' | '@') if !is_number(&s) => Cow::Owned(format!("'{s}")),
        _ => s,
    }
}

/// Where a piece of user text lands in a Markdown document.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Md {
    /// Running text: a paragraph, a list item, a heading.
    Text,
    /// A table cell: `|` must not end it, even inside a `code` span.
    Cell,
    /// An image's alt text (`![..](..)`): brackets must not end it.
    LinkText,
}

/// User text inside running Markdown (after `- `, in `**…**`, in a paragraph), not at the start
/// of a line: see [`md_line`] for that.
///
/// What the reports' own wording uses is kept: `code` spans (matched backtick runs, as
/// CommonMark matches them), which are inert in every renderer (no HTML, no links, no emphasis
/// inside). Everything else that Markdown would act on is escaped: `<` and `&` as entities (no
/// HTML, no autolinks, no entity tricks; `>` closes nothing without a `<`, and the reports'
/// own wording uses it — "♠ > ♥" — so it stays, except where it would open a quote at the start
/// of a line), `*`, `~`, `|` and word-edge `_` with a backslash (no
/// emphasis, strike-through or table cells), `]` before `(` (no inline link or image), an
/// unmatched backtick, and a backslash that would escape what follows. Newlines, tabs and
/// carriage returns become spaces (a line break would start a new block); other hidden controls
/// are shown as `\u{..}`. Text without any of these comes out unchanged, so a plain name reads
/// the same in the file as on the screen.
pub fn md_inline(s: &str) -> String {
    escape_md(s, Md::Text)
}

/// User text that starts a line of Markdown (a heading's or a list item's text, a paragraph):
/// as [`md_inline`], leading blanks dropped, and a first character that would open a block —
/// a heading `#`, a quote `>`, a list `-`/`+`/`1.`, a setext or thematic line `=`/`-`, a link
/// definition `[` — escaped.
pub fn md_line(s: &str) -> String {
    let mut out = escape_md(s.trim_start_matches([' ', '\t', '\n', '\r']), Md::Text);
    if out.starts_with(['#', '>', '-', '+', '=', '[']) {
        out.insert(0, '\\');
    } else {
        let digits = out.bytes().take_while(u8::is_ascii_digit).count();
        if (1..=9).contains(&digits) && matches!(out.as_bytes().get(digits), Some(b'.' | b')')) {
            out.insert(digits, '\\');
        }
    }
    out
}

/// Several lines of user text (a scenario's `description`): each line as [`md_line`], blank
/// lines dropped, so the text stays one paragraph and no line can become a heading, a list, a
/// quote or a code block.
pub fn md_paragraph(s: &str) -> String {
    s.split(['\n', '\r']).map(str::trim).filter(|l| !l.is_empty()).map(md_line).collect::<Vec<_>>().join("\n")
}

/// User text in a Markdown table cell: as [`md_inline`], and `|` escaped inside `code` spans
/// too (GFM splits cells before it reads code spans), so every row keeps its column count.
pub fn md_cell(s: &str) -> String {
    escape_md(s, Md::Cell)
}

/// User text as an image's alt text: as [`md_inline`], and `[` `]` escaped, so the text cannot
/// close the brackets early.
pub fn md_link_text(s: &str) -> String {
    escape_md(s, Md::LinkText)
}

/// User text (a path) shown as one `code` span, whatever backticks it holds: the fence is one
/// backtick longer than the longest run inside (CommonMark's rule), padded with a space when
/// the text starts or ends with a backtick; line breaks become spaces, hidden controls `\u{..}`.
pub fn md_code(s: &str) -> String {
    let mut body = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\n' | '\r' | '\t' => body.push(' '),
            c if is_hidden_control(c) => push_escaped(&mut body, c),
            c => body.push(c),
        }
    }
    let longest = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if body.starts_with('`') || body.ends_with('`') { " " } else { "" };
    format!("{fence}{pad}{body}{pad}{fence}")
}

/// User text (a config file) as a fenced Markdown code block with info string `lang`: the
/// fence is longer than any run of backticks inside (at least three), so no line can close it
/// early; hidden controls are shown as `\u{..}`, and the text ends with a line break.
pub fn md_code_block(s: &str, lang: &str) -> String {
    let mut body = String::with_capacity(s.len() + 1);
    for c in s.chars() {
        match c {
            '\n' | '\t' => body.push(c),
            c if c == '\r' || is_hidden_control(c) => push_escaped(&mut body, c),
            c => body.push(c),
        }
    }
    if !body.ends_with('\n') {
        body.push('\n');
    }
    let longest = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat((longest + 1).max(3));
    format!("{fence}{lang}\n{body}{fence}\n")
}

fn escape_md(s: &str, ctx: Md) -> String {
    let chars: Vec<char> = s.chars().collect();
    let run = |at: usize| chars[at..].iter().take_while(|&&c| c == '`').count();
    let mut out = String::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '`' {
            // A code span is a run of n backticks closed by the next run of exactly n.
            let n = run(i);
            let mut j = i + n;
            let mut close = None;
            while j < chars.len() {
                if chars[j] == '`' {
                    let m = run(j);
                    if m == n {
                        close = Some(j);
                        break;
                    }
                    j += m;
                } else {
                    j += 1;
                }
            }
            match close {
                Some(j) => {
                    out.extend(&chars[i..i + n]);
                    for &c in &chars[i + n..j] {
                        match c {
                            '\n' | '\r' | '\t' => out.push(' '),
                            '|' if ctx == Md::Cell => out.push_str("\\|"),
                            c if is_hidden_control(c) => push_escaped(&mut out, c),
                            c => out.push(c),
                        }
                    }
                    out.extend(&chars[j..j + n]);
                    i = j + n;
                }
                None => {
                    for _ in 0..n {
                        out.push_str("\\`");
                    }
                    i += n;
                }
            }
            continue;
        }
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        match c {
            '<' => out.push_str("&lt;"),
            '&' => out.push_str("&amp;"),
            '*' | '~' | '|' => {
                out.push('\\');
                out.push(c);
            }
            // Inside a word (`small_claws`) an underscore cannot open emphasis: left as typed.
            '_' if prev.is_some_and(char::is_alphanumeric) && next.is_some_and(char::is_alphanumeric) => out.push('_'),
            '_' => out.push_str("\\_"),
            '[' if ctx == Md::LinkText => out.push_str("\\["),
            ']' if ctx == Md::LinkText || next == Some('(') => out.push_str("\\]"),
            // A backslash escapes only ASCII punctuation, and whatever the writer puts after
            // the text (`**`, `*`, `|`) may be that: escaped there, left as typed elsewhere.
            '\\' if next.is_none_or(|n| n.is_ascii_punctuation()) => out.push_str("\\\\"),
            '\n' | '\r' | '\t' => out.push(' '),
            c if is_hidden_control(c) => push_escaped(&mut out, c),
            c => out.push(c),
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_code_block_cannot_be_closed_from_inside() {
        assert_eq!(md_code_block("a = 1", "toml"), "```toml\na = 1\n```\n");
        let b = md_code_block("x = \"````\"\n```\n", "toml");
        assert!(b.starts_with("`````toml\n") && b.ends_with("\n`````\n"), "{b}");
        assert_eq!(md_code_block("\u{1b}[2J\r", ""), "```\n\\u{1b}[2J\\u{d}\n```\n");
    }

    use super::*;

    #[test]
    fn json_keeps_its_meaning_and_hides_no_control() {
        let value = serde_json::json!({ "name": "a\u{202e}b\u{7f}c\u{85}d\u{1b}e\nf", "n": 1 });
        let raw = serde_json::to_string_pretty(&value).unwrap();
        assert!(raw.contains('\u{202e}'), "serde writes bidi overrides raw (else this tests nothing)");
        let shown = super::json_visible(raw);
        assert!(!shown.chars().any(|c| super::is_hidden_control(c) && !c.is_ascii_whitespace()), "{shown}");
        assert!(shown.contains("\\u202e") && shown.contains("\\u007f") && shown.contains("\\u0085"), "{shown}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&shown).unwrap(), value);
    }

    #[test]
    fn terminal_escapes_controls_and_bidi_only() {
        assert_eq!(terminal_line("a\u{1b}]0;t\u{7}\u{1b}[2J b"), "a\\u{1b}]0;t\\u{7}\\u{1b}[2J b");
        assert_eq!(terminal_line("x\u{202e}y\u{2066}z\u{9b}\u{7f}"), "x\\u{202e}y\\u{2066}z\\u{9b}\\u{7f}");
        assert_eq!(terminal_line("two\nlines\t"), "two\\u{a}lines\\u{9}");
        assert_eq!(terminal_block("two\nlines\u{7}"), "two\nlines\\u{7}");
        assert!(matches!(terminal_line("Batman (Arkham) ★ ±"), Cow::Borrowed(_)));
    }

    #[test]
    fn long_quoted_values_are_shortened() {
        let long = "a".repeat(1_048_576);
        let m = format!("unknown card `{long}` in `attacker`");
        let s = shorten_quoted(&m);
        assert_eq!(s, format!("unknown card `{}…` (1,048,576 characters) in `attacker`", "a".repeat(80)));
        let exactly = format!("`{}`", "b".repeat(80));
        assert_eq!(shorten_quoted(&exactly), exactly);
        let path = format!("cards.{long}.attack");
        assert_eq!(shorten_path(&path), format!("`cards.{}….attack` (1,048,576 characters)", "a".repeat(80)));
        assert_eq!(shorten_path("cards.thug.defense"), "`cards.thug.defense`");
        // Not in backticks: the whole message is cut.
        let s = shorten_quoted(&long);
        assert!(s.chars().count() < 2_100 && s.ends_with("(message of 1,048,576 characters cut)"), "{s:.100}");
    }

    #[test]
    fn csv_text_that_a_spreadsheet_would_run_gets_a_quote() {
        for f in ["=HYPERLINK(\"http://x\",\"click\")", "+1+1", "@SUM(1)", "-2+3", "-", "-inf", "--1"] {
            assert_eq!(csv_cell(f), format!("'{f}"), "{f:?}");
        }
        // Tabs, carriage returns and every other hidden control are shown escaped (a tab or CR
        // no longer starts the cell, so no formula either); a newline stays, quoted by the writer.
        for (raw, shown) in [
            ("\tx", "\\u{9}x"),
            ("\rx", "\\u{d}x"),
            ("a\u{1b}[2Jb\u{7}", "a\\u{1b}[2Jb\\u{7}"),
            ("\u{0}\u{7f}\u{9b}", "\\u{0}\\u{7f}\\u{9b}"),
            ("\u{202e}evil\u{200f}\u{2028}\u{feff}", "\\u{202e}evil\\u{200f}\\u{2028}\\u{feff}"),
            ("a\nb", "a\nb"),
        ] {
            assert_eq!(csv_cell(raw), shown, "{raw:?}");
        }
        for n in ["-0.5", "-3", "+2", "0.6990740740740741", "1e-7", "-1.5E+3", "7", ".5", "-.5", "5."] {
            assert_eq!(csv_cell(n), n, "{n}");
        }
        for t in ["Batman", "151/216", "loadout=+1", ""] {
            assert_eq!(csv_cell(t), t);
        }
    }

    #[test]
    fn markdown_text_cannot_inject_html_or_structure() {
        assert_eq!(md_inline("<script>alert(1)</script>"), "&lt;script>alert(1)&lt;/script>");
        assert_eq!(md_inline("<img src=x onerror=alert(1)>"), "&lt;img src=x onerror=alert(1)>");
        assert_eq!(md_inline("value, then ♠ > ♥"), "value, then ♠ > ♥");
        assert_eq!(md_inline("a & b"), "a &amp; b");
        assert_eq!(md_inline("a\nb\r\tc"), "a b  c");
        assert_eq!(md_inline("[click](http://x) ![i](x.png)"), "[click\\](http://x) ![i\\](x.png)");
        assert_eq!(md_inline("*em* _em_ ~~s~~ a|b"), "\\*em\\* \\_em\\_ \\~\\~s\\~\\~ a\\|b");
        assert_eq!(md_inline("small_claws round_down"), "small_claws round_down");
        assert_eq!(md_inline("a\\"), "a\\\\");
        assert_eq!(md_inline("target.fdv \\ target.res"), "target.fdv \\ target.res");
        assert_eq!(md_inline("esc\u{1b}[2J\u{202e}"), "esc\\u{1b}[2J\\u{202e}");
    }

    #[test]
    fn markdown_code_spans_are_kept_and_stray_backticks_escaped() {
        assert_eq!(md_inline("field `special_attack` is <x>"), "field `special_attack` is &lt;x>");
        assert_eq!(md_inline("`<script>`"), "`<script>`", "inert inside a code span");
        assert_eq!(md_inline("a ` b <i>"), "a \\` b &lt;i>");
        assert_eq!(md_inline("``a`b``"), "``a`b``");
        assert_eq!(md_inline("`a`` <b>"), "\\`a\\`\\` &lt;b>");
        assert_eq!(md_cell("`a|b` | c"), "`a\\|b` \\| c");
        assert_eq!(md_inline("`a|b`"), "`a|b`");
    }

    #[test]
    fn markdown_lines_cannot_open_a_block() {
        for (s, e) in [
            ("# injected", "\\# injected"),
            ("  > quote", "\\> quote"),
            ("- item", "\\- item"),
            ("+1+1", "\\+1+1"),
            ("===", "\\==="),
            ("12. x", "12\\. x"),
            ("3) x", "3\\) x"),
            ("[x]: http://y", "\\[x]: http://y"),
            ("Batman", "Batman"),
            ("2019 rules", "2019 rules"),
        ] {
            assert_eq!(md_line(s), e);
        }
        assert_eq!(md_paragraph("first\n# heading\n\n    code\r\n- list"), "first\n\\# heading\ncode\n\\- list");
        assert_eq!(md_link_text("a] b [c"), "a\\] b \\[c");
        assert_eq!(md_code("configs/a.toml"), "`configs/a.toml`");
        assert_eq!(md_code("a`b"), "``a`b``");
        assert_eq!(md_code("`x"), "`` `x ``");
    }
}
