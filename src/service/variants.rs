//! `VariantView`: a variant and a summary of its rules, as clients choosing a variant see it.
//!
//! The view is the rules' own summary ([`VariantSummary`]), serialised as it is: every field is
//! a registry entry or a rule constant, and the service copies none of them.

use crate::rules::summary::VariantSummary;

/// A variant and a summary of its rules: [`VariantSummary`], whose OpenAPI schema is named
/// `VariantView` (with `RulesSummary` and `DrawSummary`).
pub type VariantView = VariantSummary;
