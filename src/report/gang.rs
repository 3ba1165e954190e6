//! The many-against-one layout's answer, tables and charts: how likely the target is taken out
//! in the order listed (the cell: exact fractions, or sampled), in the best and worst orders
//! fixed in advance and with the next attacker chosen from its state, attack by attack (what
//! each adds), and the survival curve. Names no system: the words come from the figures
//! ([`GangFigures`]) and the system's vocabulary.

use super::charts::{Chart, Est};
use super::model::Report;
use super::table::Table;
use super::text;
use crate::analysis::RunResult;
use crate::analysis::gang::figures::{GangFigures, OrderFigures};
use crate::system::RuleSystem;
use crate::text::pct;

/// Differences smaller than this (in probability) are no difference worth a sentence.
const WORTH: f64 = 0.0005;

/// The attackers of `order` in words, runs of the same attacker counted ("Thug + Baseball bat
/// ×3 → Veteran henchman + Knife").
pub fn order_words(g: &GangFigures, order: &[usize]) -> String {
    let mut parts: Vec<(String, usize)> = Vec::new();
    for &i in order {
        let name = &g.attackers[i];
        match parts.last_mut() {
            Some((n, c)) if n == name => *c += 1,
            _ => parts.push((name.clone(), 1)),
        }
    }
    parts.iter().map(|(n, c)| if *c > 1 { format!("{n} ×{c}") } else { n.clone() }).collect::<Vec<_>>().join(" → ")
}

/// Who attacks, counted, in the order first listed ("Thug + Baseball bat ×3 and Veteran
/// henchman + Knife").
fn who(g: &GangFigures) -> String {
    let mut seen: Vec<(String, usize)> = Vec::new();
    for a in &g.attackers {
        match seen.iter_mut().find(|(n, _)| n == a) {
            Some((_, c)) => *c += 1,
            None => seen.push((a.clone(), 1)),
        }
    }
    let items: Vec<String> = seen.iter().map(|(n, c)| if *c == 1 { n.clone() } else { format!("{n} ×{c}") }).collect();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        k => format!("{} and {}", items[..k - 1].join(", "), items[k - 1]),
    }
}

/// The best order as one move from the order listed, when it is one ("send Veteran henchman +
/// Knife first"): one attacker taken out of the listed order and put back elsewhere.
fn one_move(g: &GangFigures) -> Option<String> {
    let names = |o: &[usize]| -> Vec<&str> { o.iter().map(|&i| g.attackers[i].as_str()).collect() };
    let (listed, best) = (names(&g.listed.order), names(&g.best.order));
    let n = listed.len();
    for from in 0..n {
        for to in 0..n {
            if from == to {
                continue;
            }
            let mut moved = listed.clone();
            let who = moved.remove(from);
            moved.insert(to, who);
            if moved == best {
                let place = match to {
                    0 => "first".to_string(),
                    t if t == n - 1 => "last".to_string(),
                    t => format!("{} in line", crate::text::ordinal(t + 1)),
                };
                return Some(format!("send {who} {place}"));
            }
        }
    }
    None
}

/// A difference of two probabilities in percentage points, signed.
fn points(d: f64) -> String {
    format!("{}{:.1} points", if d >= 0.0 { "+" } else { "−" }, (d * 100.0).abs())
}

fn when(g: &GangFigures) -> String {
    if g.turns == 1 { "this turn".to_string() } else { format!("within {} turns", g.turns) }
}

/// The listed order's P(out) as the answer gives it: the cell's exact fraction where 128 bits
/// held it; else the dynamic programme's figure, with the sampled cell as its check.
fn listed_figure(report: &Report, g: &GangFigures) -> String {
    match report.cells[0].events.get("target_out") {
        Some(e) if e.ci95[0] == e.ci95[1] => text::prob(e),
        Some(e) => format!(
            "{} (exact; sampled check {} in {} sequences)",
            pct(g.listed.p_out),
            crate::text::pct_ci(e.p, e.ci95[0], e.ci95[1]),
            crate::text::count(report.trials)
        ),
        None => format!("{} (exact)", pct(g.listed.p_out)),
    }
}

/// The answer: the listed order's chance (exact with its fraction, or sampled), the best order
/// and what it gains, the adaptive plan where it gains more, and what the last attack adds.
pub fn answer(report: &Report, g: &GangFigures) -> String {
    let listed = listed_figure(report, g);
    let mut s = format!("{} {} {listed} {} in the order listed", who(g), g.goal, when(g));
    let gain = g.best.p_out - g.listed.p_out;
    if gain > WORTH {
        match one_move(g) {
            Some(m) => s.push_str(&format!("; {m}: {} (exact), {}", pct(g.best.p_out), points(gain))),
            None => s.push_str(&format!(
                "; the best order, {}, gives {} (exact), {}",
                order_words(g, &g.best.order),
                pct(g.best.p_out),
                points(gain)
            )),
        }
    } else {
        s.push_str("; no order does better");
    }
    if g.listed.p_out - g.worst.p_out > WORTH {
        s.push_str(&format!(", the worst {}", pct(g.worst.p_out)));
    }
    s.push('.');
    let adapt = g.adaptive.p_out - g.best.p_out;
    if adapt > WORTH {
        s.push_str(&format!(
            " Choosing each next attacker from the target's state: {} ({} over the best fixed order).",
            pct(g.adaptive.p_out),
            points(adapt)
        ));
    }
    let n = g.attackers.len();
    let (which, best) = if gain > WORTH { ("that", &g.best) } else { ("this", &g.listed) };
    if n > 1
        && let Some(last) = best.adds().get(n - 1).copied()
    {
        let turn = if g.turns > 1 { " of the first turn" } else { "" };
        s.push_str(&format!(" In {which} order the last attacker{turn} adds {}.", points(last)));
    }
    s.push_str(&format!(" {}", g.between));
    s
}

/// The orders compared, attack by attack in the best order and in the order listed, and the
/// ways out.
pub(super) fn tables(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<Table> {
    let Some(g) = &report.gang else { return super::single::tables(run, report, system) };
    let out_title = text::short(report, system, "target_out");
    let mut orders = Table::new(
        format!("Orders of the attackers: {} ({})", g.goal, when(g)),
        &["order", &out_title, "vs the order listed", "damage, mean"],
        true,
    );
    let listed = listed_figure(report, g);
    let row = |name: String, o: &OrderFigures, p: String| -> Vec<String> {
        let d = o.p_out - g.listed.p_out;
        vec![name, p, if d.abs() <= WORTH { "—".into() } else { points(d) }, format!("{:.3}", o.mean_damage)]
    };
    orders.rows.push(row(format!("listed: {}", order_words(g, &g.listed.order)), &g.listed, listed));
    let exact = |p: f64| format!("{} (exact)", pct(p));
    orders.rows.push(row(format!("best: {}", order_words(g, &g.best.order)), &g.best, exact(g.best.p_out)));
    orders.rows.push(row(format!("worst: {}", order_words(g, &g.worst.order)), &g.worst, exact(g.worst.p_out)));
    orders.rows.push(row(
        "adaptive: each next attacker chosen from the target's state".into(),
        &g.adaptive,
        exact(g.adaptive.p_out),
    ));
    orders.notes.push(format!("Damage: {}.", text::metric(report, system, "damage_taken")));
    orders.notes.push(format!(
        "{} distinct orders searched exactly (attackers that are the same model with the same choices are not told apart), over {} states of the target; {}.",
        crate::text::count(g.orders),
        crate::text::count(g.states as u64),
        g.method
    ));
    let mut out = vec![orders];
    let mut steps = |title: String, o: &OrderFigures| {
        let mut t =
            Table::new(title, &["attack", "attacker", &format!("{out_title} by then"), "this attack adds"], true);
        let n = g.attackers.len();
        for (p, (&by, add)) in o.out_by.iter().zip(o.adds()).enumerate() {
            let who = &g.attackers[o.order[p % n]];
            let at = if g.turns > 1 { format!("turn {}, {}", p / n + 1, p % n + 1) } else { (p + 1).to_string() };
            t.rows.push(vec![at, who.clone(), pct(by), points(add)]);
        }
        out.push(t);
    };
    steps("Attack by attack, in the order listed (exact)".to_string(), &g.listed);
    if g.best.order != g.listed.order {
        steps("Attack by attack, in the best order (exact)".to_string(), &g.best);
    }
    let mut ways = Table::new("How the target goes out (exact)", &["way", "order listed", "best order"], false);
    for (w, name) in g.ways.iter().enumerate() {
        ways.rows.push(vec![text::event(report, system, name), pct(g.listed.ways[w]), pct(g.best.ways[w])]);
    }
    out.push(ways);
    out.extend(super::single::tables(run, report, system));
    out
}

/// The survival curve of the listed and best orders (and the adaptive plan where it differs),
/// then the listed order's distributions.
pub(super) fn charts(run: &RunResult, report: &Report, system: &dyn RuleSystem) -> Vec<(String, Chart)> {
    let mut out = Vec::new();
    if let Some(g) = &report.gang {
        let still = |o: &OrderFigures| -> Vec<Est> {
            std::iter::once(1.0).chain(o.out_by.iter().map(|p| 1.0 - p)).map(Est::exact).collect()
        };
        let mut series = vec![(format!("order listed: {}", order_words(g, &g.listed.order)), still(&g.listed))];
        if g.best.order != g.listed.order {
            series.push((format!("best order: {}", order_words(g, &g.best.order)), still(&g.best)));
        }
        if g.adaptive.p_out - g.best.p_out > WORTH {
            series.push(("next attacker chosen from the target's state".into(), still(&g.adaptive)));
        }
        out.push((
            "survival".into(),
            Chart::Lines {
                title: format!("{}: P(the target still in) after each attack (exact)", run.scenario.name),
                x_label: "attacks made".into(),
                y_label: "P(still in)".into(),
                xs: (0..=g.listed.out_by.len() as i64).collect(),
                series,
                percent: true,
            },
        ));
    }
    out.extend(super::single::charts(run, report, system));
    out
}
