//! Pictures of positions, for pages and documentation: [`board_svg`] draws any position of
//! any variant as SVG.
//!
//! Depends on [`crate::rules`] only (geometry, square names, positions): no HTTP, no async,
//! and nothing here branches on the variant.

pub mod board_svg;
