//! Test support for the text readers ([`super::fen`], [`super::move_text`]): checks that a
//! reader finds the form of a text right exactly when its published pattern matches the text.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use regex::Regex;

use crate::rules::naming::Naming;
use crate::rules::ruleset::{English, Russian};
use crate::rules::Rules;

/// Texts each property is tried on.
const CASES: u32 = 4000;

/// A text reader under test: its pattern, its length limit, whether it finds the form of a text
/// right on a board (an error that is not of form counts as right), and example texts.
pub struct FormCheck {
    /// Texts of the right form, nearly wrong.
    pub well_formed: &'static [&'static str],
    /// Texts of the wrong form, nearly right.
    pub ill_formed: &'static [&'static str],
    /// The regular expression the reader publishes for its form.
    pub pattern: &'static str,
    /// The most characters the reader reads.
    pub max_chars: usize,
    /// Whether the reader finds the form of the text right on the board with these names.
    pub reads_form: fn(&str, &Naming) -> bool,
}

impl FormCheck {
    /// Whether the reader finds the form of `text` right, on a numbered and an algebraic board
    /// (the form does not depend on the board).
    pub fn is_well_formed(&self, text: &str) -> bool {
        let english = (self.reads_form)(text, &English::NAMING);
        let russian = (self.reads_form)(text, &Russian::NAMING);
        assert_eq!(english, russian, "{text:?}");
        english
    }

    fn regex(&self) -> Regex {
        Regex::new(self.pattern).expect("the pattern is a regular expression")
    }

    /// Asserts that the pattern and the reader agree on the form: both accept the well-formed
    /// examples and refuse the ill-formed ones; the pattern matches exactly the texts of
    /// `nearly_right` the reader finds well formed; and the reader finds well formed every text
    /// made from the pattern that is short enough to read.
    pub fn assert_agreement(&self, nearly_right: impl Strategy<Value = String>) {
        let regex = self.regex();
        for text in self.well_formed {
            assert!(regex.is_match(text), "{text:?}");
            assert!(self.is_well_formed(text), "{text:?}");
        }
        for text in self.ill_formed {
            assert!(!regex.is_match(text), "{text:?}");
            assert!(!self.is_well_formed(text), "{text:?}");
        }
        TestRunner::new(Config::with_cases(CASES))
            .run(&nearly_right, |text| {
                prop_assert_eq!(regex.is_match(&text), self.is_well_formed(&text), "{:?}", text);
                Ok(())
            })
            .unwrap();
        TestRunner::new(Config::with_cases(CASES))
            .run(&self.short_texts_of_the_pattern(), |text| {
                prop_assume!(text.chars().count() <= self.max_chars);
                prop_assert!(self.is_well_formed(&text), "{:?}", text);
                Ok(())
            })
            .unwrap();
    }

    /// Asserts that `longest`, a text as long as the reader reads, has the right form on both
    /// boards, and that one more character (whitespace, which is allowed) makes the form wrong:
    /// returns that text, one too long.
    pub fn assert_limit(&self, longest: &str) -> String {
        assert_eq!(longest.chars().count(), self.max_chars);
        assert!(self.is_well_formed(longest), "{longest:?}");
        let longer = format!(" {longest}");
        assert!(!self.is_well_formed(&longer), "{longer:?}");
        longer
    }

    /// Texts the pattern matches, with few repetitions of each part so that most are short
    /// enough.
    fn short_texts_of_the_pattern(&self) -> impl Strategy<Value = String> {
        let unanchored = self.pattern.trim_start_matches('^').trim_end_matches('$');
        let few = unanchored.replace('*', "{0,2}").replace(")+", "){1,3}");
        proptest::string::string_regex(&few).expect("a pattern proptest can follow")
    }
}
