//! The variant runtime: the IR the compiler emits (`ir`), its validating
//! loader (`game`), positions with strictly legal move generation
//! (`position`), perft (`perft`), how games end (`outcome`), whose turn it
//! is (`turn`), and text notations for positions and moves (`notation`).
//!
//! The compiler depends on this crate, never the reverse. Every `unsafe`
//! block is in `unchecked.rs`.

#![deny(unsafe_code)]

pub mod bitset;
pub mod codes;
pub mod game;
pub mod ir;
pub mod layout;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod turn;
mod unchecked;

pub use game::Game;
pub use notation::{DeclareError, MoveError, PositionError, RecordError};
pub use outcome::{GameEnd, GameResult};
pub use position::{Move, MoveKind, Position};
