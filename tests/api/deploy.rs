//! The deployment (`k8s/`) against the real service: every metric that the alerts
//! (`k8s/base/prometheusrule.yaml`) and the Grafana dashboard (`k8s/base/dashboards/`) query is
//! a series a running server exposes on `/metrics`; the settings the manifests give are ones
//! the service documents and accepts; the shutdown fits in the pod's grace period.
//!
//! There is no YAML parser among the dependencies: the manifests are read as text, which is
//! enough for the `expr:` fields and the few scalars checked here.

use std::collections::{BTreeMap, BTreeSet};

use draughts_api::http::config::Config;
use serde_json::{json, Value};

use crate::helpers::{ok_json, spawn_app, TestApp};

const K8S: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/k8s");

/// Series of the computer player (`POST /v1/ai-move`): a failure marks them, since they are
/// the ones that appear only once the server has searched.
const FROM_AI_MOVE: &[&str] = &[
    "draughts_searches_total",
    "draughts_search_duration_seconds_bucket",
    "draughts_search_nodes_total",
    "draughts_search_depth_bucket",
    "draughts_search_cache_hits_total",
    "draughts_search_cache_misses_total",
    "draughts_search_cache_bytes",
    "draughts_search_cache_entries",
    "draughts_search_queue_depth",
    "draughts_searches_in_flight",
    "draughts_search_rejections_total",
];

/// The environment variables of `docs/api.md`, "Configuration".
const DOCUMENTED_VARIABLES: &[&str] = &[
    "PORT",
    "BIND_ADDR",
    "RUST_LOG",
    "LOG_FORMAT",
    "CORS_ALLOWED_ORIGINS",
    "CACHE_MAX_MIB",
    "SEARCH_THREADS",
    "SEARCH_QUEUE",
    "MAX_SEARCH_MS",
    "MAX_REVIEW_MS",
    "CLOCK_MARGIN_MS",
    "MAX_BODY_BYTES",
    "RATE_LIMIT_PER_MINUTE",
    "HEADERS_TIMEOUT_MS",
    "BODY_TIMEOUT_MS",
    "KEEP_ALIVE_MS",
    "ANSWER_TIMEOUT_MS",
    "SEND_TIMEOUT_MS",
    "MAX_CONNECTIONS",
    "OPS_PORT",
    "DRAIN_SECONDS",
    "TRUSTED_PROXIES",
];

fn read(path: &str) -> String {
    let path = format!("{K8S}/{path}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// PromQL words that are not metric names: aggregations, keywords, literals.
const PROMQL_WORDS: &[&str] = &[
    "sum",
    "min",
    "max",
    "avg",
    "group",
    "stddev",
    "stdvar",
    "count",
    "count_values",
    "bottomk",
    "topk",
    "quantile",
    "limitk",
    "limit_ratio",
    "by",
    "without",
    "on",
    "ignoring",
    "group_left",
    "group_right",
    "and",
    "or",
    "unless",
    "atan2",
    "offset",
    "bool",
    "inf",
    "nan",
];

/// Keywords followed by a list of label names in parentheses.
const LABEL_LISTS: &[&str] = &["by", "without", "on", "ignoring", "group_left", "group_right"];

/// The metric names a PromQL expression selects: identifiers outside label matchers (`{}`),
/// ranges (`[]`), strings and label lists, that are neither functions (followed by `(`),
/// PromQL keywords, parts of numbers (`1e3`, `5m`) nor Grafana variables (`$namespace`).
fn metric_names(expr: &str) -> BTreeSet<String> {
    let chars: Vec<char> = expr.chars().collect();
    let mut names = BTreeSet::new();
    let mut i = 0;
    let ident_start = |c: char| c.is_ascii_alphabetic() || c == '_' || c == ':';
    let ident_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let next_non_space = |mut j: usize| {
        while j < chars.len() && chars[j].is_whitespace() {
            j += 1;
        }
        j
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '"' | '\'' | '`' => i = skip_string(&chars, i),
            '{' => i = skip_group(&chars, i, '{', '}'),
            '[' => i = skip_group(&chars, i, '[', ']'),
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '$' => {
                i += 1;
                while i < chars.len() && (ident_char(chars[i]) || chars[i] == '{' || chars[i] == '}') {
                    i += 1;
                }
            }
            c if ident_start(c) => {
                let start = i;
                while i < chars.len() && ident_char(chars[i]) {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                let part_of_number = start > 0 && (chars[start - 1].is_ascii_digit() || chars[start - 1] == '.');
                let next = next_non_space(i);
                let followed_by_paren = next < chars.len() && chars[next] == '(';
                if LABEL_LISTS.contains(&word.as_str()) && followed_by_paren {
                    i = skip_group(&chars, next, '(', ')');
                } else if !part_of_number && !followed_by_paren && !PROMQL_WORDS.contains(&word.as_str()) {
                    names.insert(word);
                }
            }
            c if c.is_ascii_digit() || c == '.' => {
                // A number or a duration: its letters (`1e3`, `5m`) are not names.
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '.') {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    names
}

/// The index after the string literal that starts at `start`.
fn skip_string(chars: &[char], start: usize) -> usize {
    let quote = chars[start];
    let mut i = start + 1;
    while i < chars.len() && chars[i] != quote {
        if chars[i] == '\\' && quote != '`' {
            i += 1;
        }
        i += 1;
    }
    i + 1
}

/// The index after the group that opens at `start`, skipping strings inside it.
fn skip_group(chars: &[char], start: usize, open: char, close: char) -> usize {
    let mut depth = 0;
    let mut i = start;
    while i < chars.len() {
        match chars[i] {
            '"' | '\'' | '`' => {
                i = skip_string(chars, i);
                continue;
            }
            c if c == open => depth += 1,
            c if c == close => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    i
}

/// Every `expr:` of a rules file, inline or as a block scalar, with the name of its rule.
fn rule_expressions(yaml: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = yaml.lines().collect();
    let mut out = Vec::new();
    let mut rule = String::from("?");
    let indent = |line: &str| line.len() - line.trim_start().len();
    for (n, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start().trim_start_matches("- ");
        if let Some(name) = trimmed.strip_prefix("alert:").or_else(|| trimmed.strip_prefix("record:")) {
            rule = name.trim().to_owned();
        }
        let Some(value) = trimmed.strip_prefix("expr:") else { continue };
        let value = value.trim();
        let expr = if value.starts_with('|') || value.starts_with('>') {
            lines[n + 1..]
                .iter()
                .take_while(|next| next.trim().is_empty() || indent(next) > indent(line))
                .map(|next| next.trim())
                .collect::<Vec<_>>()
                .join("\n")
        } else {
            value.trim_matches(|c| c == '"' || c == '\'').to_owned()
        };
        out.push((rule.clone(), expr));
    }
    out
}

/// Every query of a Grafana dashboard: panel targets (rows' panels too) and template
/// variables (`label_values(<selector>, <label>)` gives its selector), with where it is.
fn dashboard_queries(dashboard: &Value) -> Vec<(String, String)> {
    fn walk(value: &Value, place: &str, out: &mut Vec<(String, String)>) {
        match value {
            Value::Object(map) => {
                let place = map.get("title").and_then(Value::as_str).unwrap_or(place);
                if let Some(expr) = map.get("expr").and_then(Value::as_str) {
                    out.push((format!("panel {place:?}"), expr.to_owned()));
                }
                for value in map.values() {
                    walk(value, place, out);
                }
            }
            Value::Array(items) => items.iter().for_each(|item| walk(item, place, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(&dashboard["panels"], "", &mut out);
    for variable in dashboard["templating"]["list"].as_array().expect("templating.list") {
        if variable["type"] != "query" {
            continue;
        }
        let query = variable["query"].get("query").unwrap_or(&variable["query"]).as_str().expect("a query");
        let selector = match query.strip_prefix("label_values(") {
            Some(args) => args.rsplit_once(',').map_or("", |(selector, _label)| selector),
            None => query,
        };
        out.push((format!("variable ${}", variable["name"].as_str().unwrap_or("?")), selector.to_owned()));
    }
    out
}

/// The names of the series on `/metrics` (a histogram's are `_bucket`, `_sum`, `_count`).
fn exported_series(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split(['{', ' ']).next().unwrap_or_default().to_owned())
        .collect()
}

/// A server that has answered one request of every kind the monitoring looks at.
async fn server_after_traffic() -> TestApp {
    let app = spawn_app().await;
    assert_eq!(app.get("/v1/variants").await.status().as_u16(), 200);
    app.legal_moves(&json!({"variant": "english"})).await;
    app.apply_move(&json!({"variant": "english", "move": "11-15"})).await;
    // A move that ends the game (draughts_games_finished_total).
    app.apply_move(&json!({"variant": "english", "fen": "B:W22:B18", "move": "18x25"})).await;
    // A search: the computer player's labelled series (by variant and difficulty).
    ok_json(app.post_json("/v1/ai-move", &json!({"variant": "english", "difficulty": "easy"})).await).await;
    app
}

/// Each name used in `queries` that the server does not export, with where it is used.
fn missing_names(queries: &[(String, String)], exported: &BTreeSet<String>) -> BTreeMap<String, BTreeSet<String>> {
    let mut missing: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (place, expr) in queries {
        for name in metric_names(expr) {
            if !exported.contains(&name) {
                missing.entry(name).or_default().insert(place.clone());
            }
        }
    }
    missing
}

fn report(missing: &BTreeMap<String, BTreeSet<String>>) -> String {
    missing
        .iter()
        .map(|(name, places)| {
            let origin = if FROM_AI_MOVE.contains(&name.as_str()) { " (from ai-move)" } else { "" };
            format!("\n  {name}{origin}: {}", places.iter().cloned().collect::<Vec<_>>().join(", "))
        })
        .collect()
}

#[test]
fn metric_names_are_read_from_promql_without_functions_labels_or_numbers() {
    // Arrange
    let expr = r#"histogram_quantile(0.99, sum by (namespace, le) (rate(http_request_duration_seconds_bucket{job="a", route!~"/v1/(x|y)}"}[5m] offset 1d)))
        > 1e3 * on (pod) group_left (node) sum without (instance) (kube_pod_info) and count(x:recorded:rate5m{a="{"}) > bool 0.5
        unless max(draughts_searches_in_flight{namespace="$namespace"}[$__rate_interval])"#;

    // Act
    let names = metric_names(expr);

    // Assert
    let expected =
        ["draughts_searches_in_flight", "http_request_duration_seconds_bucket", "kube_pod_info", "x:recorded:rate5m"];
    assert_eq!(names, expected.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>());
}

#[test]
fn every_alert_has_its_expression_read() {
    // Arrange
    let yaml = read("base/prometheusrule.yaml");
    let rules = yaml.lines().filter(|l| l.trim_start().starts_with("- alert:")).count();

    // Act
    let expressions = rule_expressions(&yaml);

    // Assert
    assert!(rules >= 5, "5xx, latency, overload and cache alerts: {rules} rules");
    assert_eq!(expressions.len(), rules, "{expressions:?}");
    for (rule, expr) in &expressions {
        assert!(!metric_names(expr).is_empty(), "{rule}: no metric read from {expr:?}");
    }
}

#[tokio::test]
async fn alerts_query_only_series_the_service_exports() {
    // Arrange
    let queries = rule_expressions(&read("base/prometheusrule.yaml"));
    let app = server_after_traffic().await;

    // Act
    let exported = exported_series(&app.get("/metrics").await.text().await.unwrap());

    // Assert
    assert!(exported.contains("http_requests_total"), "{exported:?}");
    let missing = missing_names(&queries, &exported);
    assert!(missing.is_empty(), "alerts query series /metrics does not have:{}", report(&missing));
}

#[tokio::test]
async fn dashboard_queries_only_series_the_service_exports() {
    // Arrange
    let dashboard: Value = serde_json::from_str(&read("base/dashboards/draughts-api.json")).expect("dashboard JSON");
    let queries = dashboard_queries(&dashboard);
    let app = server_after_traffic().await;

    // Act
    let exported = exported_series(&app.get("/metrics").await.text().await.unwrap());

    // Assert
    assert!(queries.len() >= 20, "every panel's queries are read: {}", queries.len());
    let used: BTreeSet<String> = queries.iter().flat_map(|(_, expr)| metric_names(expr)).collect();
    for name in ["http_requests_total", "http_request_duration_seconds_bucket", "process_resident_memory_bytes"] {
        assert!(used.contains(name), "the dashboard shows {name}: {used:?}");
    }
    let missing = missing_names(&queries, &exported);
    assert!(missing.is_empty(), "the dashboard queries series /metrics does not have:{}", report(&missing));
}

/// `KEY=VALUE` lines of a kustomize env file (comments and blank lines skipped).
fn env_file(path: &str) -> BTreeMap<String, String> {
    read(path)
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (key, value) = line.split_once('=').unwrap_or_else(|| panic!("{path}: not KEY=VALUE: {line:?}"));
            (key.trim().to_owned(), value.trim().to_owned())
        })
        .collect()
}

#[test]
fn manifest_settings_are_documented_and_accepted_by_the_service() {
    for overlay in [vec!["base/config.env"], vec!["base/config.env", "overlays/production/config.env"]] {
        // Arrange: the ConfigMap as kustomize merges it.
        let mut env = BTreeMap::new();
        for file in &overlay {
            env.extend(env_file(file));
        }

        // Act
        let config = Config::from_lookup(|name| env.get(name).cloned());

        // Assert
        for key in env.keys() {
            assert!(DOCUMENTED_VARIABLES.contains(&key.as_str()), "{overlay:?}: {key} is not a documented setting");
        }
        assert!(config.is_ok(), "{overlay:?}: the service rejects its settings: {config:?}");
    }
}

/// The number after `key:` on the first line of `text` that has it.
fn scalar(text: &str, key: &str) -> u64 {
    text.lines()
        .find_map(|line| line.trim().strip_prefix(key).and_then(|rest| rest.strip_prefix(':')))
        .unwrap_or_else(|| panic!("no {key}"))
        .trim()
        .trim_matches('"')
        .parse()
        .unwrap_or_else(|e| panic!("{key}: {e}"))
}

#[tokio::test]
async fn deployment_probes_ports_and_grace_period_fit_the_service() {
    // Arrange: the service as the manifests configure it.
    let deployment = read("base/deployment.yaml");
    let env = env_file("base/config.env");
    let config = Config::from_lookup(|name| env.get(name).cloned()).expect("the manifests' settings are accepted");
    let app = spawn_app().await;

    // Act
    let grace = scalar(&deployment, "terminationGracePeriodSeconds");
    let shutdown = config.drain + config.timeouts.answer.max(config.max_search);

    // Assert: SIGKILL never comes before the drain and the requests in flight are done, and
    // the probes use the ops port, which clients cannot fill.
    assert!(grace > shutdown.as_secs(), "terminationGracePeriodSeconds {grace} <= drain and finish {shutdown:?}");
    assert!(config.drain.as_secs() >= 5, "the drain outlasts the endpoints' removal");
    assert_eq!(scalar(&deployment, "containerPort"), u64::from(Config::default().port));
    let ops = &deployment[deployment.find("name: ops").expect("an ops port")..];
    assert_eq!(Some(scalar(ops, "containerPort") as u16), config.ops_port);
    for path in ["/healthz", "/readyz"] {
        let probe = &deployment[deployment.find(&format!("path: {path}")).expect("a probe")..];
        assert_eq!(probe.lines().nth(1).map(str::trim), Some("port: ops"), "{path} is probed on the ops port");
        assert_eq!(app.get(path).await.status().as_u16(), 200, "{path}");
    }
}
