//! One file per command: each takes its parsed arguments (`crate::cli`),
//! loads the game through `crate::load::load_game` and does its work.

pub mod bench;
pub mod check;
pub mod compile;
pub mod draw;
pub mod r#match;
pub mod moves;
pub mod perft;
pub mod play;
pub mod search;
pub mod selfplay;
pub mod serve;
pub mod uci;
pub mod values;
