use skirmish_odds::config::{self, Overrides};
use skirmish_odds::exact::{Budget, evaluate};
use std::path::Path;

#[test]
#[ignore]
fn scratch() {
    let mut paths: Vec<_> = walk(Path::new("configs"));
    paths.sort();
    for p in paths {
        let Ok(sc) = config::load(&p, &Overrides::default()) else { continue };
        let mut line = format!("{:55} {:10} ", p.display(), sc.kind.name());
        let t0 = std::time::Instant::now();
        let mut ok = 0;
        let mut why = String::new();
        for c in &sc.cells {
            if matches!(c.trial, skirmish_odds::analysis::scenario::AnyTrial::Paired(_)) {
                why = "paired".into();
                continue;
            }
            match evaluate(&c.trial, Budget { leaves: 2_000_000, depth: 200 }) {
                Ok(_) => ok += 1,
                Err(e) => {
                    why = e.to_string();
                }
            }
        }
        line += &format!("{ok}/{} exact {:.1} ms {}", sc.cells.len(), t0.elapsed().as_secs_f64() * 1e3, why);
        println!("{line}");
    }
}

fn walk(d: &Path) -> Vec<std::path::PathBuf> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(d).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            v.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "toml") {
            v.push(p);
        }
    }
    v
}
