//! The board's lattice and its geometry algebra: symmetries as integer
//! matrices acting on lattice vectors.

use crate::ast::Orientation;
use serde::Serialize;

/// A 2x2 integer matrix acting on lattice vectors.
pub type Mat = [[i32; 2]; 2];
pub const IDENTITY: Mat = [[1, 0], [0, 1]];

pub fn apply(m: &Mat, v: (i32, i32)) -> (i32, i32) {
    (m[0][0] * v.0 + m[0][1] * v.1, m[1][0] * v.0 + m[1][1] * v.1)
}

fn mul(a: &Mat, b: &Mat) -> Mat {
    let mut r = [[0; 2]; 2];
    for i in 0..2 {
        for j in 0..2 {
            r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j];
        }
    }
    r
}

/// The lattice a board's cells sit on, with its symmetries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Lattice {
    /// `(file, rank)` coordinates.
    Square,
    /// Axial `(q, r)` coordinates; `(0, 1)` is straight forward for the first player.
    Hex,
}

impl Lattice {
    fn generators(self) -> (Mat, Mat) {
        match self {
            // Quarter turn and a left-right reflection.
            Lattice::Square => ([[0, -1], [1, 0]], [[-1, 0], [0, 1]]),
            // Sixth turn and a left-right reflection.
            Lattice::Hex => ([[0, -1], [1, 1]], [[-1, 0], [1, 1]]),
        }
    }

    /// Every symmetry of the lattice that fixes the origin.
    pub fn symmetries(self) -> Vec<Mat> {
        let (rot, refl) = self.generators();
        let mut out = vec![IDENTITY];
        let mut i = 0;
        while i < out.len() {
            for g in [rot, refl] {
                let m = mul(&g, &out[i]);
                if !out.contains(&m) {
                    out.push(m);
                }
            }
            i += 1;
        }
        out
    }

    /// How far a vector goes forward (> 0), backward (< 0) or sideways (0).
    pub fn forward(self, v: (i32, i32)) -> i32 {
        match self {
            Lattice::Square => v.1,
            Lattice::Hex => 2 * v.1 + v.0,
        }
    }

    /// How far a vector goes to the right.
    pub fn lateral(self, v: (i32, i32)) -> i32 {
        v.0
    }

    pub fn orientation(self, o: &Orientation) -> Option<Mat> {
        let (rot, refl) = self.generators();
        Some(match o {
            Orientation::Identity => IDENTITY,
            Orientation::Mirror => refl,
            Orientation::Flip => match self {
                Lattice::Square => [[1, 0], [0, -1]],
                Lattice::Hex => [[1, 0], [-1, -1]],
            },
            Orientation::Rotate(deg) => {
                let unit = if self == Lattice::Square { 90 } else { 60 };
                if deg % unit != 0 {
                    return None;
                }
                let mut m = IDENTITY;
                for _ in 0..(deg.rem_euclid(360) / unit) {
                    m = mul(&rot, &m);
                }
                m
            }
        })
    }
}

/// The images of `v` under the lattice's symmetries (just `v` with
/// `exact`) that pass every filter, in the player's frame.
pub fn orientations(lat: Lattice, v: (i32, i32), filters: &[&str]) -> Vec<(i32, i32)> {
    let mut base: Vec<(i32, i32)> = if filters.contains(&"exact") {
        vec![v]
    } else {
        let mut o: Vec<(i32, i32)> = lat.symmetries().iter().map(|s| apply(s, v)).collect();
        o.sort();
        o.dedup();
        o
    };
    // Filters intersect; unions (Betza `v`) come as separate atoms.
    base.retain(|&w| {
        filters.iter().all(|f| match *f {
            "forward" => lat.forward(w) > 0,
            "backward" => lat.forward(w) < 0,
            "sideways" => lat.forward(w) == 0,
            "straight" => lat.lateral(w) == 0,
            "oblique" => lat.lateral(w) != 0,
            "forward|backward" => lat.forward(w) != 0,
            _ => true,
        })
    });
    base
}

pub fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
