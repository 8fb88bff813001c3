//! The JSON log line, written straight into the line buffer: the same line as
//! tracing-subscriber's `json()` format (timestamp, level, fields, target), without its
//! serde round trip through `fmt::Write` and a fresh calendar date for every line.

use std::cell::RefCell;
use std::fmt::{self, Write};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_log::NormalizeEvent;
use tracing_subscriber::fmt::format::{self, Format, Json, Writer};
use tracing_subscriber::fmt::time::{self as fmt_time, FormatTime};
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::registry::LookupSpan;

use super::json_escape::escape;

/// tracing-subscriber's JSON lines, current span included and span list left out.
///
/// Events inside a span (their line adds the span's fields) and events bridged from `log`
/// (their target comes from the record) are handed to tracing-subscriber's own formatter; the
/// others, the access log among them, are written here.
pub struct JsonLines {
    stock: Format<Json>,
}

impl Default for JsonLines {
    fn default() -> JsonLines {
        JsonLines { stock: format::format().json().with_current_span(true).with_span_list(false) }
    }
}

impl<S, N> FormatEvent<S, N> for JsonLines
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'w> FormatFields<'w> + 'static,
{
    fn format_event(&self, ctx: &FmtContext<'_, S, N>, mut writer: Writer<'_>, event: &Event<'_>) -> fmt::Result {
        if event.is_log() || event.parent().is_some() || ctx.lookup_current().is_some() {
            return self.stock.format_event(ctx, writer, event);
        }
        let meta = event.metadata();
        writer.write_str("{\"timestamp\":\"")?;
        write_timestamp(&mut writer)?;
        writer.write_str(match *meta.level() {
            Level::TRACE => "\",\"level\":\"TRACE\",\"fields\":{",
            Level::DEBUG => "\",\"level\":\"DEBUG\",\"fields\":{",
            Level::INFO => "\",\"level\":\"INFO\",\"fields\":{",
            Level::WARN => "\",\"level\":\"WARN\",\"fields\":{",
            Level::ERROR => "\",\"level\":\"ERROR\",\"fields\":{",
        })?;
        let mut fields = Fields { out: &mut writer, first: true, result: Ok(()) };
        event.record(&mut fields);
        fields.result?;
        writer.write_str("},\"target\":\"")?;
        write_escaped(&mut writer, meta.target())?;
        writer.write_str("\"}\n")
    }
}

thread_local! {
    /// The last whole second this thread wrote, and its text up to the decimal point.
    static SECOND: RefCell<(u64, String)> = const { RefCell::new((u64::MAX, String::new())) };
}

/// The time now as tracing-subscriber writes it, `2026-12-02T09:20:11.641178Z` (UTC,
/// microseconds); the date and time of day are formatted once a second per thread.
fn write_timestamp(out: &mut Writer<'_>) -> fmt::Result {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(since_epoch) => SECOND.with_borrow_mut(|(second, text)| {
            if *second != since_epoch.as_secs() {
                if !second_text(since_epoch, text) {
                    // Beyond year 9999: rare enough for tracing-subscriber's own formatting.
                    return fmt_time::SystemTime.format_time(out);
                }
                *second = since_epoch.as_secs();
            }
            out.write_str(text)?;
            write_micros(out, since_epoch.subsec_micros())
        }),
        Err(_) => fmt_time::SystemTime.format_time(out),
    }
}

/// Puts `YYYY-MM-DDTHH:MM:SS.` for the whole second of `since_epoch` in `text`; false (and
/// `text` unchanged) past year 9999.
fn second_text(since_epoch: Duration, text: &mut String) -> bool {
    let Some(time) = i64::try_from(since_epoch.as_secs())
        .ok()
        .and_then(|seconds| time::OffsetDateTime::from_unix_timestamp(seconds).ok())
        .filter(|time| time.year() <= 9999)
    else {
        return false;
    };
    text.clear();
    let (year, month, day) = (time.year(), u8::from(time.month()), time.day());
    let (hour, minute, second) = time.to_hms();
    write!(text, "{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.").is_ok()
}

/// `micros` as six digits, then the `Z` of UTC.
fn write_micros(out: &mut Writer<'_>, micros: u32) -> fmt::Result {
    let mut digits = *b"000000Z";
    let mut rest = micros;
    for digit in digits[..6].iter_mut().rev() {
        *digit = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    out.write_str(std::str::from_utf8(&digits).map_err(|_| fmt::Error)?)
}

/// Writes an event's fields as the members of a JSON object, as tracing-serde does: numbers
/// and booleans as themselves, everything else (`Debug` values, the message) as a string.
struct Fields<'a, 'w> {
    out: &'a mut Writer<'w>,
    first: bool,
    result: fmt::Result,
}

impl Fields<'_, '_> {
    /// The member's key and colon, after a comma unless it is the first.
    fn key(&mut self, field: &Field) -> fmt::Result {
        self.out.write_str(if self.first { "\"" } else { ",\"" })?;
        self.first = false;
        write_escaped(self.out, field.name())?;
        self.out.write_str("\":")
    }

    /// One member, unless an earlier one failed.
    fn member(&mut self, field: &Field, value: impl FnOnce(&mut Writer<'_>) -> fmt::Result) {
        if self.result.is_ok() {
            self.result = self.key(field).and_then(|()| value(self.out));
        }
    }
}

impl Visit for Fields<'_, '_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.member(field, |out| {
            out.write_char('"')?;
            write_escaped(out, value)?;
            out.write_char('"')
        });
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.member(field, |out| {
            out.write_char('"')?;
            write!(Escaping(out), "{value:?}")?;
            out.write_char('"')
        });
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.member(field, |out| out.write_str(itoa::Buffer::new().format(value)));
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.member(field, |out| out.write_str(itoa::Buffer::new().format(value)));
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.member(field, |out| out.write_str(if value { "true" } else { "false" }));
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        // serde_json's own number text, `null` for what JSON cannot hold.
        self.member(field, |out| write!(out, "{}", serde_json::Value::from(value)));
    }
}

/// A `fmt::Write` that escapes what goes through it for the inside of a JSON string.
struct Escaping<'a, W>(&'a mut W);

impl<W: Write> Write for Escaping<'_, W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        write_escaped(self.0, text)
    }
}

/// `text` as the inside of a JSON string, escaped as serde_json escapes it ([`escape`]).
fn write_escaped(out: &mut impl Write, text: &str) -> fmt::Result {
    escape(text, |piece| out.write_str(piece))
}

#[cfg(test)]
mod tests {
    use std::io;
    use std::sync::{Arc, Mutex};

    use tracing_subscriber::fmt::MakeWriter;

    use super::*;

    /// Strings a client could put in a path or a request id, and worse.
    const TRICKY: [&str; 6] = [
        "plain",
        "quote \" backslash \\ slash /",
        "\u{0}\u{1}\u{8}\t\n\u{b}\u{c}\r\u{1b}\u{1f} \u{7f}",
        "é ü ß 中文 🦀 \u{2028}\u{2029} \u{feff}",
        "%22%5C%01",
        "",
    ];

    /// Every line written, in one buffer.
    #[derive(Clone, Default)]
    struct Lines(Arc<Mutex<Vec<u8>>>);

    impl io::Write for Lines {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().expect("no test thread panicked").extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl<'a> MakeWriter<'a> for Lines {
        type Writer = Lines;

        fn make_writer(&'a self) -> Lines {
            self.clone()
        }
    }

    impl Lines {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().expect("no test thread panicked").clone()).expect("lines are UTF-8")
        }
    }

    /// The lines `log` writes through a JSON subscriber using `event_format`.
    fn written(
        event_format: impl FormatEvent<tracing_subscriber::Registry, format::JsonFields> + Send + Sync + 'static,
        log: impl FnOnce(),
    ) -> String {
        let lines = Lines::default();
        let subscriber =
            tracing_subscriber::fmt().json().event_format(event_format).with_writer(lines.clone()).finish();
        tracing::subscriber::with_default(subscriber, log);
        lines.text()
    }

    /// Events of every field kind, with tricky strings everywhere a string goes.
    fn events() {
        for text in TRICKY {
            let error = io::Error::other(text);
            let tag = ['a', '"'];
            tracing::info!(request_id = text, method = "GET", status = 200u16, micros = 17u64, "answered");
            tracing::warn!(path = text, negative = -5i64, yes = true, ratio = 0.25, huge = f64::INFINITY, "{text}");
            tracing::error!(error = &error as &dyn std::error::Error, ?tag, wide = 1u128 << 100, %text);
            tracing::info!(target: "a\"target\\", "quoted \"message\" {text:?}");
        }
    }

    /// The line with its timestamp's text cut out, and that text.
    fn without_timestamp(line: &str) -> (String, &str) {
        let prefix = "{\"timestamp\":\"";
        assert!(line.starts_with(prefix), "{line}");
        let end = prefix.len() + "2026-12-02T09:20:11.641178Z".len();
        (format!("{prefix}{}", &line[end..]), &line[prefix.len()..end])
    }

    #[test]
    fn escapes_every_string_as_serde_json_does() {
        let every_ascii: String = (0..=0x7f_u8).map(char::from).collect();
        for text in TRICKY.into_iter().chain([every_ascii.as_str()]) {
            let mut ours = String::from("\"");
            write_escaped(&mut ours, text).expect("a String takes any text");
            ours.push('"');
            assert_eq!(ours, serde_json::to_string(text).expect("a str serializes"));
        }
    }

    #[test]
    fn lines_are_tracing_subscribers_json_lines_but_for_the_time() {
        let ours = written(JsonLines::default(), events);
        let stock = written(JsonLines::default().stock, events);
        assert_eq!(ours.lines().count(), 4 * TRICKY.len());
        for (line, expected) in ours.lines().zip(stock.lines()) {
            let value: serde_json::Value = serde_json::from_str(line).expect("the line is JSON");
            assert!(value["fields"].is_object() && value["level"].is_string() && value["target"].is_string());
            assert_eq!(without_timestamp(line).0, without_timestamp(expected).0);
        }
        let access = ours.lines().nth(4).expect("the second batch's access line");
        let value: serde_json::Value = serde_json::from_str(access).expect("the line is JSON");
        assert_eq!(value["fields"]["request_id"], TRICKY[1]);
        assert_eq!(value["fields"]["status"], 200);
    }

    #[test]
    fn the_timestamp_is_the_time_written_as_tracing_subscriber_writes_it() {
        let stamp = || {
            let mut text = String::new();
            fmt_time::SystemTime.format_time(&mut Writer::new(&mut text)).expect("a String takes any text");
            text
        };
        let before = stamp();
        let lines = written(JsonLines::default(), || tracing::info!("now"));
        let after = stamp();
        let (_, ours) = without_timestamp(&lines);
        assert!(before.as_str() <= ours && ours <= after.as_str(), "{before} <= {ours} <= {after}");
    }

    #[test]
    fn whole_seconds_are_written_as_calendar_dates() {
        for (seconds, expected) in [
            (0, "1970-01-01T00:00:00."),
            (951_782_400, "2000-02-29T00:00:00."),
            (4_102_444_799, "2099-12-31T23:59:59."),
            (253_402_300_799, "9999-12-31T23:59:59."),
        ] {
            let mut text = String::new();
            assert!(second_text(Duration::from_secs(seconds), &mut text));
            assert_eq!(text, expected);
        }
        assert!(!second_text(Duration::from_secs(253_402_300_800), &mut String::new()));
    }

    #[test]
    fn events_in_a_span_keep_the_span() {
        let log = || tracing::info_span!("game", id = "a\"b").in_scope(|| tracing::info!(moves = 3u64, "replayed"));
        let ours = written(JsonLines::default(), log);
        let stock = written(JsonLines::default().stock, log);
        let value: serde_json::Value = serde_json::from_str(&ours).expect("the line is JSON");
        assert_eq!(value["span"]["id"], "a\"b");
        assert_eq!(without_timestamp(&ours).0, without_timestamp(&stock).0);
    }
}
