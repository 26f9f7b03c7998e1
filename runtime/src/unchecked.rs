//! The one place the runtime reads tables without bounds checks.
//!
//! `Game::load` checks every index stored in the IR (every cell, range and
//! code) once, and the tables it builds are private to this crate, as is a
//! position's board. The hot loop then indexes them with values that came out
//! of those tables, so a bounds check there could never fail; these two
//! helpers skip it. They are crate-private: no code outside the runtime can
//! pass them an index, and code inside passes only loaded, checked indices.
//! Debug builds still check.

/// `slice[index]`, unchecked in release builds.
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn get<T>(slice: &[T], index: usize) -> &T {
    debug_assert!(index < slice.len(), "{index} >= {}", slice.len());
    // SAFETY: callers pass indices that `Game::load` checked against the
    // table they index (see the module documentation).
    unsafe { slice.get_unchecked(index) }
}

/// `&slice[start..start + len]`, unchecked in release builds.
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn range<T>(slice: &[T], start: usize, len: usize) -> &[T] {
    debug_assert!(
        start + len <= slice.len(),
        "{start}+{len} > {}",
        slice.len()
    );
    // SAFETY: callers pass ranges that `Game::load` checked against the
    // table they index (see the module documentation).
    unsafe { slice.get_unchecked(start..start + len) }
}
