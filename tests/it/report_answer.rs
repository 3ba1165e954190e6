//! Every report opens with the answer in a sentence (issue #13): `index.html` puts it before the
//! setup, `summary.md` under its title — a single resolution's key event with its interval (or
//! "exact"), a duel's outcome, an analysis's verdict — with no raw Markdown in the page.

use crate::common;

fn run(cfg: &str, name: &str) -> (String, String) {
    let d = common::tmp("report_answer", name);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(cfg);
    let o = common::bin_run(&d, &["run", path.to_str().unwrap(), "--trials", "20000", "--out", "out", "--quiet"]);
    assert!(o.status.success(), "{cfg}: {}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(d.join("out/index.html")).unwrap();
    let md = std::fs::read_to_string(d.join("out/summary.md")).unwrap();
    (html, md)
}

/// The answer paragraph of a page, and whether it comes before the setup.
fn answer(html: &str) -> String {
    let at = html.find("<p class=\"verdict answer\">").expect("an answer paragraph");
    assert!(at < html.find("<h2>Setup</h2>").unwrap(), "the answer comes first");
    let rest = &html[at..];
    rest[..rest.find("</p>").unwrap()].to_string()
}

#[test]
fn reports_open_with_the_answer() {
    // An exact attack: the key event and "exact".
    let (html, md) = run("configs/bmg-3e/batman-vs-thug.toml", "attack");
    let a = answer(&html);
    // (Gauntlets place ★ only: out of action is K.O.)
    // Exact: the fraction in lowest terms beside the percentage.
    assert!(a.contains("out of action caused (K.O. or casualty): 75.27% (exact, 14816/19683) per attack."), "{a}");
    let first = md.lines().nth(2).unwrap();
    assert!(
        first.starts_with("**out of action caused (K.O. or casualty): 75.27% (exact, 14816/19683) per attack.**"),
        "{md}"
    );
    // A sampled check: the value with its interval and the trial count.
    let (html, _) = run("configs/bmg-1e/passing.toml", "passing");
    assert!(answer(&html).contains('%'), "{}", answer(&html));
    // A 2013 duel solved exactly: the exact outcome is the answer (A wins, B wins, draw, in
    // that order), the sampled duel its check with its interval and its distance from the exact
    // figure in standard errors (it said "z = −0.7").
    let (html, _) = run("configs/bmg-1e/duel-batman-vs-bruiser.toml", "duel");
    let a = answer(&html);
    assert!(a.contains("Batman + Unarmed wins 85.28% of duels"), "{a}");
    let check = a.find("sampled check over 20,000 duels").expect("the sampled duel as a check");
    let (aw, bw, dr) = (a.find("Batman").unwrap(), a.find("Bruiser").unwrap(), a.find("draw").unwrap());
    assert!(aw < bw && bw < dr && dr < check, "{a}");
    assert!(a[check..].contains("% [") && a[check..].contains("standard errors below the exact figure"), "{a}");
    // A balance test: its verdict, without Markdown backticks.
    let (html, md) = run("configs/bmg-3e/balance-new-henchman.toml", "balance");
    let a = answer(&html);
    assert!(!a.contains('`') && a.contains("\">Fair Reputation for New henchman"), "{a}");
    assert!(a.contains("stated 40: ") && a.contains("R²"), "{a}");
    assert_eq!(md.matches("Fair Reputation for").count(), 1, "the verdict once, at the top");
}

/// A yes/no outcome reads as a probability with its interval, not as a mean of 0s and 1s
/// ("the first bug is big … 0.266 ± 0.019" before), and counts stay means.
#[test]
fn yes_no_outcomes_read_as_probabilities() {
    let (_, md) = run("configs/bichos/encounter.toml", "encounter");
    let row = md.lines().find(|l| l.contains("the first bug is big")).expect("the row");
    assert!(row.starts_with("| P(the first bug is big") && row.contains("% [") && !row.contains('±'), "{row}");
    let bugs = md.lines().find(|l| l.starts_with("| attacking bugs")).expect("a count");
    assert!(bugs.contains('±'), "{bugs}");
}

/// `s` with Markdown's backslash escapes and HTML's tags and entities taken out, whitespace
/// collapsed: the words a reader sees, to compare one view's answer with another's.
fn words(s: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            '\\' => {}
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    let out = out.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'");
    out.replace("&amp;", "&").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A word an internal identifier would be: lower-case words joined by `_` (`res_lost_t1`,
/// `a_ahead`, `fewest_to_win`).
fn identifier(s: &str) -> Option<&str> {
    s.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).find(|w| {
        w.contains('_') && !w.starts_with('_') && !w.ends_with('_') && w.chars().any(|c| c.is_ascii_lowercase())
    })
}

/// Every bundled report, of every kind in every system, opens with the same answer sentence in
/// every view: `answer` in results.json, the terminal's first lines, the first paragraph of
/// summary.md (under its title) and of index.html — in the game's words, no identifier.
#[test]
fn every_bundled_report_opens_with_the_same_answer_everywhere() {
    let out = common::tmp("report_answer", "every");
    let mut checked = 0;
    for (name, p) in common::bundled_scenarios() {
        let dir = out.join(&name);
        let o =
            common::bin_run(&out, &["run", p.to_str().unwrap(), "--trials", "2000", "--out", dir.to_str().unwrap()]);
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap();
        let answer = json["answer"].as_str().unwrap_or_else(|| panic!("{name}: no answer in results.json"));
        assert!(answer.len() > 20 && answer.ends_with('.'), "{name}: {answer:?}");
        assert!(identifier(answer).is_none() && !answer.contains('`'), "{name}: an identifier in {answer:?}");
        // A field and its value as a config writes them ("target's RES = 80"), not as a table
        // says them ("target's RES 80", "no cover") (issue #39).
        assert!(!answer.contains(" = "), "{name}: a config assignment in {answer:?}");
        // "Target 1" only where there is a target 2.
        let md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
        let one = md.contains("(target 1)") || md.contains(", target 1)") || md.contains("target 1 is");
        assert!(!one || md.contains("target 2"), "{name}: `target 1` of one target:\n{md}");
        // "Every loadout gives 0.00%" answers nothing by itself: a measure that ties them all is
        // followed by one that tells them apart (issue #39).
        for tie in answer.match_indices("every loadout gives").map(|(i, _)| &answer[i..]) {
            let clause = tie.split(';').take(2).collect::<Vec<_>>().join(";");
            assert!(clause.contains("instead:"), "{name}: a tie with no fallback in {answer:?}");
        }
        // The terminal: the answer is the first paragraph.
        let term = String::from_utf8(o.stdout).unwrap();
        let first = term.split("\n\n").next().unwrap();
        assert_eq!(words(first), words(answer), "{name}: the terminal opens with\n{term}");
        // summary.md: the title, then the answer in bold.
        let md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
        let line = md.lines().nth(2).unwrap();
        assert!(line.starts_with("**") && line.ends_with("**"), "{name}: {line}");
        assert_eq!(words(line.trim_matches('*')), words(answer), "{name}");
        // index.html: the first paragraph after the title.
        let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
        let body = &html[html.find("</h1>").unwrap()..];
        let para = &body[body.find("<p").unwrap()..];
        assert!(para.starts_with("<p class=\"verdict answer\">"), "{name}: {}", &para[..80.min(para.len())]);
        assert_eq!(words(&para[..para.find("</p>").unwrap()]), words(answer), "{name}");
        checked += 1;
    }
    assert!(checked >= 57, "{checked} configs");
}

/// The identifier scan catches what it is for, and passes the game's words.
#[test]
fn the_identifier_scan_catches_identifiers() {
    assert_eq!(identifier("Measure: res_lost_t1 per shot"), Some("res_lost_t1"));
    assert_eq!(identifier("objective `a_ahead`"), Some("a_ahead"));
    assert_eq!(identifier("out of action caused (K.O. or casualty): 75.27% (exact, 1099/1458)"), None);
}

/// Where every loadout ties at the comparison's measure against a target (0 % out of action),
/// the answer falls back to the system's damage measure and names every loadout in order
/// (issue #39: "against Robin, every loadout gives 0.00%" was all it said). By hand for the
/// 2013 comparison: exact means of ★ + ♦ against Robin, Bruiser + bat first.
#[test]
fn a_tie_at_zero_falls_back_to_damage_naming_every_loadout() {
    let (_, md) = run("configs/bmg-1e/loadout-comparison.toml", "fallback-1e");
    let first = md.lines().nth(2).unwrap().to_string();
    assert!(
        first.contains("against Robin, every loadout gives 0.00%; by mean ★ and ♦ placed on the target instead: Bruiser + bat 1.777, Gunman + pistol 0.986, Bruiser + knife 0.985;"),
        "{first}"
    );
    let (_, md) = run("configs/wolsung/guns-compare.toml", "fallback-wolsung");
    let first = md.lines().nth(2).unwrap().to_string();
    assert!(
        first.contains("against Troll (henchman), every loadout gives 0.00%; by mean damage (wounds) instead: Rifle at 4″ 4.998, Rifle at 20″ 4.998, Pistol at 4″ 4.344, Pistol at 20″ 3.292"),
        "{first}"
    );
}

/// A pursuit asks how far and for how long; it answered only "pursues a second turn: 41.62%"
/// (issue #39). By hand (seed: MOV 30 cm + ½D6 → +2, +5 or +7 cm; an FDV 7 test each turn stops
/// it on 2D6 ≤ 7): the first turn averages 30 + 14/3 = 34.667 cm, and it goes on with 15/36 = 5/12.
#[test]
fn a_pursuit_answers_how_far_and_how_long() {
    let (_, md) = run("configs/bichos/pursuit.toml", "pursuit");
    let first = md.lines().nth(2).unwrap().to_string();
    // Sampled here (20,000 trials): each figure with its interval, which must hold the value
    // worked by hand.
    let after = |label: &str| -> (f64, f64) {
        let rest = &first[first.find(label).unwrap_or_else(|| panic!("`{label}` in {first}")) + label.len()..];
        let nums: Vec<f64> = rest
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter(|w| !w.is_empty())
            .take(2)
            .map(|w| w.parse().unwrap())
            .collect();
        (nums[0], nums[1])
    };
    assert!(
        first.starts_with("**A pursuit covers ") && first.contains(" turns, and goes on past its first turn "),
        "{first}"
    );
    let (m, half) = after("cm on average (");
    assert!((m - 104.0 / 3.0).abs() <= half, "first turn {m} ± {half} vs 34.667: {first}");
    let (lo, hi) = {
        let rest = &first[first.find("first turn 4").expect("P") + 11..];
        let open = rest.find('[').unwrap();
        let close = rest.find(']').unwrap();
        let v: Vec<f64> = rest[open + 1..close].split(", ").map(|x| x.parse().unwrap()).collect();
        (v[0], v[1])
    };
    assert!(lo <= 500.0 / 12.0 && 500.0 / 12.0 <= hi, "P(second turn) [{lo}, {hi}] vs 41.67%: {first}");
}

/// Answers name who they are about (issue #39): the counter exchange said "Best split for A …
/// B's best answer is 1/3, leaving A 7.47%" of Batman and a Bruiser; a shot at one target said
/// "target 1 is out of the fight".
#[test]
fn answers_name_the_fighters_not_a_b_or_target_1() {
    let (_, md) = run("configs/bmg-1e/counters-exchange.toml", "exchange-names");
    let first = md.lines().find(|l| l.starts_with("**Best split")).expect("the answer line").to_string();
    assert!(
        first
            .starts_with("**Best split for Batman (maximin: best worst case for P(Bruiser down and Batman standing)):")
            && first.contains("Bruiser's best answer is 1 Attack / 3 Defense, leaving Batman 7.47%"),
        "{first}"
    );
    for id in [" A ", " A)", "B's", "for A", " B "] {
        assert!(!first.contains(id), "`{id}` in {first}");
    }
    assert!(md.contains("Batman's worst case for each split (Bruiser answers best)"), "{md}");
    let (_, md) = run("configs/bichos/bug-melee.toml", "one-target");
    let first = md.lines().find(|l| l.starts_with("**After one attack")).expect("the answer line").to_string();
    assert!(first.starts_with("**After one attack the target is out of the fight"), "{first}");
    let (_, md) = run("configs/bichos/rifle-three-targets.toml", "three-targets");
    let first = md.lines().find(|l| l.starts_with("**After one attack")).expect("the answer line").to_string();
    assert!(first.contains("target 1 is out") && first.contains("target 3 is out"), "{first}");
}

/// Grids say their cells as the game does and name every loadout (issue #39): "best at target in
/// cover = no, attacker moved = no", "attack counters = 5", "Bruiser + bat most often, 12.63% vs
/// 0.26% for Bruiser + knife" (the pistol never named), "Dead (target 1) per shot" of one target.
#[test]
fn grid_answers_say_cells_in_the_game_s_words_and_name_every_loadout() {
    let first = |cfg: &str, name: &str| {
        let (_, md) = run(cfg, name);
        md.lines().nth(2).unwrap().trim_matches('*').to_string()
    };
    let a = first("configs/bmg-3e/cover-sweep.toml", "grid-cover");
    assert!(
        a.contains("best at no cover, attacker standing (1.500) and worst at target in cover, attacker moved (0.000)"),
        "{a}"
    );
    let a = first("configs/bmg-1e/counters-grid.toml", "grid-counters");
    assert!(a.contains("best at 5 attack counters, 0 defense counters (45.31%) and worst at 1 attack counter, 0 defense counters (0.00%)"), "{a}");
    let a = first("configs/bmg-3e/defense-sweep.toml", "grid-defense");
    assert!(
        a.contains("goes from 68.64% at target's Defense 2 to 0.26% at 6; below 50% from target's Defense 3"),
        "{a}"
    );
    let a = first("configs/bmg-3e/loadout-comparison.toml", "grid-loadouts");
    assert!(
        a.contains(
            "against Robin, Bruiser + bat most often (12.63%), then Bruiser + knife 0.26%, Thug + pistol 0.00%;"
        ),
        "{a}"
    );
    let a = first("configs/bichos/weapons-compare.toml", "grid-one-target");
    assert!(a.starts_with("Dead per shot: against Ciudadano (citizen), Assault rifle most often ("), "{a}");
    assert!(a.contains("then Heavy weapon") && a.contains("Pistol"), "{a}");
}

/// The first line of a bundled config's run with `args` added (no trial count: exact where the
/// config is).
fn first_with(cfg: &str, name: &str, args: &[&str]) -> String {
    let d = common::tmp("report_answer", name);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(cfg);
    let mut all = vec!["run", path.to_str().unwrap(), "--out", "out", "--quiet"];
    all.extend_from_slice(args);
    let o = common::bin_run(&d, &all);
    assert!(o.status.success(), "{cfg}: {}", String::from_utf8_lossy(&o.stderr));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/results.json")).unwrap()).unwrap();
    json["answer"].as_str().unwrap().to_string()
}

/// Half answers made whole (issue #39). Take the Lead asked round by round and answered round 1;
/// by hand, A with 4 counters to B's 3 over 6 rounds: every draw is A's with 4/7 (draws without
/// replacement are exchangeable), A leads 6 · 4/7 = 24/7 rounds on average (3.429), more than
/// half (4 of 6: the one counter left is B's) 3/7. The encounter said only whether a hole opens;
/// by hand (encounter number 10, 4 humans): it opens on 2D6 ≤ 10, 33/36 = 11/12; this turn on a
/// direction of 1–4, 11/12 · 2/3 = 11/18; 3D6 × 5 cm = 52.5 cm; 4 + 1D6 = 7.5 bugs, each big on
/// 2D6 = 2, 3, 10, 11, 12 (9/36 = 1/4): 1.875 big.
#[test]
fn half_answers_are_whole() {
    let a = first_with("configs/bmg-1e/take-the-lead.toml", "lead-4-3", &["--set", "procedure.b_kaos_agent=false"]);
    for want in [
        "Player A leads each round with A's share of the bag, 4/7 (4 of 7 counters): round 1 57.14% (exact, 4/7), the last round 57.14% (exact, 4/7)",
        "A leads 3.429 of the 6 rounds on average, more than half of them 42.86% (exact, 3/7)",
    ] {
        assert!(a.contains(want), "{a}");
    }
    let a = first_with("configs/bichos/encounter.toml", "encounter-exact", &["--exact"]);
    assert_eq!(
        a,
        "A bug hole opens 91.67% (exact, 11/12) per encounter roll (61.11% (exact, 11/18) this turn, the rest after tremors), a quarter of that in each direction; once open it is 52.500 cm away on average and 7.500 bugs come out (4 humans + 1D6), 1.875 of them big, the first one big 25.00% (exact, 1/4)."
    );
    // Let's Go! asked how long the chain gets and answered "at least one more" (by hand with
    // Mob, 5 ready: 2/3, 1/3, 1/9, 1/54, 1/324; mean their sum, 367/324 = 1.133).
    let a = first_with("configs/bmg-1e/lets-go.toml", "lets-go", &[]);
    assert_eq!(
        a,
        "A Let's Go! chain with 5 more henchmen ready activates 1 or more 66.67% (exact, 2/3), 2 or more 33.33% (exact, 1/3), 3 or more 11.11% (exact, 1/9), 4 or more 1.85% (exact, 1/54), all 5 0.31% (exact, 1/324); 1.133 more on average (exact)."
    );
    // The 2019 paired example compares what decides the game, in percentages.
    let a = first_with("configs/bmg-3e/paired-bat-vs-knife.toml", "paired-ooa", &["--trials", "20000"]);
    assert!(
        a.starts_with(
            "Bruiser + bat more often than Bruiser + knife: out of action caused (K.O. or casualty) per attack 3"
        ),
        "{a}"
    );
    assert!(a.contains("percentage points ["), "{a}");
    // A stated cost as the card states it.
    let a = first_with(
        "configs/bmg-3e/balance-new-henchman.toml",
        "stated-5",
        &["--set", "cards.new-henchman.reputation=5"],
    );
    assert!(a.contains("; stated 5: under-costed."), "{a}");
}

/// A system's own sentence that opens with its cell's key event keeps that event as
/// results.json's `key_figure` (the page leads with it): Take the Lead's round 1, the encounter's
/// hole, Let's Go!'s first link; a shot's answer, which opens with "out of the fight" (no single
/// event), has none.
#[test]
fn system_answers_keep_the_key_figure_they_open_with() {
    for (cfg, want) in [
        ("configs/bmg-1e/take-the-lead.toml", Some("a_leads_round_1")),
        ("configs/bichos/encounter.toml", Some("hole_opens")),
        ("configs/bmg-1e/lets-go.toml", Some("at_least_one")),
        ("configs/bichos/bug-melee.toml", None),
    ] {
        let d = common::tmp("report_answer", &format!("key-{}", cfg.rsplit('/').next().unwrap()));
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(cfg);
        let o = common::bin_run(&d, &["run", path.to_str().unwrap(), "--trials", "20000", "--out", "out", "--quiet"]);
        assert!(o.status.success(), "{cfg}: {}", String::from_utf8_lossy(&o.stderr));
        let j: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join("out/results.json")).unwrap()).unwrap();
        assert_eq!(j["key_figure"]["event"].as_str(), want, "{cfg}: {}", j["key_figure"]);
    }
}
