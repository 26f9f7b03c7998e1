//! The variant runtime: the IR the compiler emits (`ir`), its validating
//! loader (`game`), positions with strictly legal move generation
//! (`position`), perft (`perft`), how games end (`outcome`), whose turn it
//! is (`turn`), text notations for positions and moves (`notation`), the
//! limits the checker and the loader share (`limits`), and
//! endgame analysis (`endgame`: mate search, retrograde analysis), a search
//! for the best move (`search`: alpha-beta, Paranoid for more players), where
//! cells are drawn (`layout`) and pictures of positions as SVG (`picture`);
//! beneath them, sets of cells (`bitset`), piece codes and sets of codes
//! (`codes`), text safe to print (`text`), and counts of game files read
//! and games loaded (`load_count`).
//!
//! The compiler depends on this crate, never the reverse. Every `unsafe`
//! block is in `unchecked.rs`.
//!
//! What the hot loop trusts cannot be changed from outside this crate: the
//! loaded tables and a position's board are private, and read accessors
//! hand out copies or shared slices. These do not compile (E0616: private
//! field), while the accessor beside them does:
//!
//! ```compile_fail,E0616
//! fn shrink(game: &mut runtime::Game) {
//!     game.moves.movesets.truncate(0);
//! }
//! ```
//!
//! ```compile_fail,E0616
//! fn clear(pos: &mut runtime::Position) {
//!     pos.board.clear();
//! }
//! ```
//!
//! ```
//! fn cells(pos: &runtime::Position) -> usize {
//!     pos.board().len()
//! }
//! ```

#![deny(unsafe_code)]

pub mod bitset;
pub mod codes;
pub mod endgame;
pub mod game;
pub mod ir;
pub mod layout;
pub mod limits;
pub mod load_count;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod picture;
pub mod position;
pub mod search;
pub mod text;
pub mod turn;
mod unchecked;

pub use game::Game;
pub use notation::{DeclareError, MoveError, PositionError, RecordError};
pub use outcome::{GameEnd, GameResult};
pub use position::{Move, MoveKind, Position};
