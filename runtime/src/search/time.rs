//! Time use: when the search stops (a hard limit checked every 1024
//! nodes, the stop flag, the node budget) and when it starts no new
//! iteration (a soft limit), and the share of a game clock one move may
//! take.
//!
//! An iteration cut short is not lost: its root moves are searched best
//! first and the best whose search finished is played (`Engine::iterate`),
//! so a fixed move time is used to its end. With a clock the soft limit is
//! the move's share and the hard one a few shares, never more than a
//! fraction of what is left: an iteration started late may finish (its
//! move is then better founded) without putting the clock at risk.

use super::{Engine, Limits};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Moves a clock is shared over when the GUI does not say (sudden death).
const MOVES_TO_GO: u64 = 40;
/// Kept back from every move for the time the answer takes to arrive.
const OVERHEAD_MS: u64 = 20;

impl Limits {
    /// The limits of one move with `left` ms on the clock, `increment` ms
    /// added after each move, and `moves_to_go` moves to the next control
    /// (`None`: sudden death).
    pub fn from_clock(left: u64, increment: u64, moves_to_go: Option<u64>) -> Limits {
        let to_go = moves_to_go.unwrap_or(MOVES_TO_GO).clamp(1, MOVES_TO_GO);
        let usable = left.saturating_sub(OVERHEAD_MS).max(1);
        // Never more than a third of what is left (a half with one move
        // to go), whatever the increment: the answer must still arrive.
        let cap = (if to_go == 1 { usable / 2 } else { usable / 3 }).max(1);
        // Saturating: a GUI may send any number (`winc 18446744073709551615`).
        let share = (usable / to_go).saturating_add(increment / 4 * 3).min(cap);
        let hard = share.saturating_mul(4).min(cap).max(share).max(1);
        Limits {
            time: Some(Duration::from_millis(hard)),
            soft_time: Some(Duration::from_millis(share.max(1))),
            ..Limits::default()
        }
    }
}

impl<'g> Engine<'g> {
    /// Past the soft limit: no new iteration starts.
    pub(super) fn out_of_time_soon(&self) -> bool {
        let soft = self.limits.soft_time.or(self.limits.time);
        soft.is_some_and(|t| self.start.elapsed() >= t)
    }

    /// Should the search stop now: the node budget spent, or (checked
    /// every 1024 nodes) the hard time limit passed or the stop flag set.
    pub(super) fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        } else if self.nodes % 1024 == 1 {
            self.published.store(self.nodes, Ordering::Relaxed);
            let late = self.limits.time.is_some_and(|t| self.start.elapsed() >= t);
            let stopped = self
                .limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed));
            self.aborted = late || stopped;
        }
        self.aborted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(d: Option<Duration>) -> u64 {
        d.unwrap().as_millis() as u64
    }

    #[test]
    fn a_clock_is_shared_over_the_moves_to_go() {
        let l = Limits::from_clock(60_000, 0, None);
        assert_eq!(ms(l.soft_time), 59_980 / 40);
        assert_eq!(ms(l.time), 4 * (59_980 / 40));
        let l = Limits::from_clock(60_000, 1_000, Some(10));
        assert_eq!(ms(l.soft_time), 5_998 + 750);
        let l = Limits::from_clock(60_000, 0, Some(u64::MAX));
        assert_eq!(ms(l.soft_time), 59_980 / 40);
    }

    #[test]
    fn a_short_clock_is_never_overspent() {
        for left in [1, 25, 100, 1_000, 5_000, u64::MAX] {
            for inc in [0, 100, 2_000, u64::MAX] {
                for to_go in [None, Some(1), Some(2)] {
                    let l = Limits::from_clock(left, inc, to_go);
                    assert!(ms(l.time) <= (left / 2).max(1), "{left} {inc} {to_go:?}");
                    assert!(ms(l.time) >= 1);
                    assert!(ms(l.soft_time) <= ms(l.time));
                }
            }
        }
    }
}
