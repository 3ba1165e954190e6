//! The page's files (`page/`), embedded in the binary so that `serve` needs no folder beside
//! it: each listed once here with the URL it is served at, its content type read from its
//! name. The router serves every one; the tests below check that every file of `page/`, and
//! every file the page loads, is listed.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// A file of the page and the URL it is served at.
pub struct Asset {
    pub url: &'static str,
    body: &'static str,
}

/// `page/NAME`, served at `/NAME`.
macro_rules! page_file {
    ($name:literal) => {
        Asset { url: concat!("/", $name), body: include_str!(concat!("page/", $name)) }
    };
}

/// Every file the page is made of: the HTML at `/`, its style and script modules, and the
/// report fragment's stylesheet (the same STYLE as a report's `index.html`).
pub static ASSETS: &[Asset] = &[
    Asset { url: "/", body: include_str!("page/index.html") },
    page_file!("app.css"),
    // The script: `app.js` starts the page and imports the other modules (native ES modules,
    // no build step), each one concept of the page.
    page_file!("app.js"),
    page_file!("state.js"),
    page_file!("helpers.js"),
    page_file!("api.js"),
    page_file!("errors.js"),
    page_file!("pickers.js"),
    page_file!("form.js"),
    page_file!("run.js"),
    page_file!("dist.js"),
    page_file!("pins.js"),
    page_file!("share.js"),
    Asset { url: "/report.css", body: crate::report::html::STYLE },
];

impl Asset {
    /// Its content type, from its name: a script must be served as JavaScript for the browser
    /// to run it (`X-Content-Type-Options: nosniff`).
    fn content_type(&self) -> &'static str {
        if self.url.ends_with(".js") {
            "text/javascript; charset=utf-8"
        } else if self.url.ends_with(".css") {
            "text/css; charset=utf-8"
        } else {
            "text/html; charset=utf-8"
        }
    }

    pub fn answer(&self) -> Response {
        ([(header::CONTENT_TYPE, self.content_type())], self.body).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(url: &str) -> bool {
        ASSETS.iter().any(|a| a.url == url)
    }

    #[test]
    fn every_file_of_the_page_is_served_with_its_type() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/serve/page");
        for f in std::fs::read_dir(&dir).unwrap() {
            let name = f.unwrap().file_name().to_string_lossy().into_owned();
            let url = if name == "index.html" { "/".to_string() } else { format!("/{name}") };
            assert!(listed(&url), "page/{name} is not served: list it in ASSETS");
        }
        for a in ASSETS {
            assert!(a.url == "/" || a.url.ends_with(".js") || a.url.ends_with(".css"), "{}: which type?", a.url);
        }
    }

    /// What the browser will ask for: each module's `from './NAME.js'` and the page's own
    /// `src="/…"` and `href="/…"` (a file missing here would be a 404 and a page that does not
    /// start).
    #[test]
    fn every_file_the_page_loads_is_served() {
        let mut wanted = Vec::new();
        for a in ASSETS {
            for (i, _) in a.body.match_indices(" from './") {
                let rest = &a.body[i + " from './".len()..];
                wanted.push((a.url, format!("/{}", &rest[..rest.find('\'').unwrap()])));
            }
            for attr in ["src=\"/", "href=\"/"] {
                for (i, _) in a.body.match_indices(attr) {
                    let rest = &a.body[i + attr.len() - 1..];
                    wanted.push((a.url, rest[..rest.find('"').unwrap()].to_string()));
                }
            }
        }
        assert!(wanted.iter().any(|(_, w)| w == "/state.js"), "the imports were not found: {wanted:?}");
        for (by, url) in wanted {
            assert!(listed(&url), "{by} loads {url}, which is not served: list it in ASSETS");
        }
    }
}
