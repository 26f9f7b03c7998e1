//! The triangle lattice's mapping from the cells the language writes,
//! `(x, y)`, to the lattice points the topology walks on (the centres of the
//! triangles, `compiler/src/topology/triangle.rs`), checked through the
//! compiler's public `Topology`.
//!
//! These were unit tests inside `triangle.rs`, which never ran: the compiler
//! library is built with `test = false` (a unit-test harness would compile
//! the whole compiler a second time in CI). Here they run as one small
//! integration test.
//!
//! Run with `cargo test --profile ci --test topology_triangle`.

use compiler::topology::{Cell, Topology, Vector};
use runtime::ir::Geometry;
use std::collections::HashMap;

fn triangles(written: Vec<Vector>, odd_up: bool) -> Topology {
    let geometry = Geometry::Triangle {
        odd_up,
        files: Vec::new(),
    };
    Topology::new(&geometry, written, false)
}

/// Every written cell has a lattice point of its own that leads back to it
/// (no two cells share a point), every point is a triangle's centre (a step
/// by `(1,0)` or `(0,1)` leaves the centres: it finds no cell), and up
/// triangles sit on the points 1 mod 3: only from them does the edge step
/// `(1,1)` reach the right neighbour, and only from the down triangles does
/// `(-1,-1)` reach the left one.
#[test]
fn written_cells_map_to_triangle_centres_and_back() {
    for odd_up in [false, true] {
        let written: Vec<Vector> = (-4..5).flat_map(|y| (-6..7).map(move |x| (x, y))).collect();
        let cell_of: HashMap<Vector, Cell> =
            written.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let t = triangles(written.clone(), odd_up);
        for (cell, &(x, y)) in written.iter().enumerate() {
            let at = format!("({x}, {y}), odd_up {odd_up}");
            assert_eq!(t.step(cell, (0, 0)), Some(cell), "two cells at {at}");
            assert_eq!(t.step(cell, (1, 0)), None, "{at} is not a centre");
            assert_eq!(t.step(cell, (0, 1)), None, "{at} is not a centre");
            let up = (x + y).rem_euclid(2) == odd_up as i32;
            let right = cell_of.get(&(x + 1, y)).copied();
            let left = cell_of.get(&(x - 1, y)).copied();
            if up {
                assert_eq!(t.step(cell, (1, 1)), right, "up triangle {at}");
                assert_eq!(t.step(cell, (-1, -1)), None, "up triangle {at}");
            } else {
                assert_eq!(t.step(cell, (-1, -1)), left, "down triangle {at}");
                assert_eq!(t.step(cell, (1, 1)), None, "down triangle {at}");
            }
        }
    }
}

#[test]
fn an_up_triangle_has_its_right_left_and_lower_neighbours_by_edge_steps() {
    let written = vec![(0, 0), (1, 0), (-1, 0), (0, -1), (0, 1)];
    let t = triangles(written.clone(), false);
    // The six edge steps: the images of `(1,1)` under the lattice's symmetries.
    let edge_steps = t.orientations((1, 1), &[]);
    assert_eq!(edge_steps.len(), 6, "{edge_steps:?}");
    let mut reached: Vec<Vector> = edge_steps
        .iter()
        .filter_map(|&d| t.step(0, d))
        .map(|c| written[c])
        .collect();
    reached.sort();
    // (0, 1) touches the up triangle (0, 0) only at its apex.
    assert_eq!(reached, vec![(-1, 0), (0, -1), (1, 0)]);
}
