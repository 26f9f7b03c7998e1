//! The variant runtime: the IR the compiler emits (`ir`), its validating
//! loader (`game`), positions with strictly legal move generation and perft
//! (`position`), and text notations for positions and moves (`notation`).
//!
//! The compiler depends on this crate, never the reverse.

pub mod bitset;
pub mod game;
pub mod ir;
pub mod notation;
pub mod position;

pub use game::Game;
pub use position::{GameEnd, GameResult, Move, MoveKind, Position};
