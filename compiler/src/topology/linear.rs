//! Integer linear algebra on lattice vectors: the matrices that express a
//! lattice's symmetries and a player's frame.

/// A displacement between cells, in the lattice's coordinates.
pub type Vector = (i32, i32);

/// A 2x2 integer matrix acting on lattice vectors.
pub type Mat = [[i32; 2]; 2];

pub const IDENTITY: Mat = [[1, 0], [0, 1]];

/// The image of `v` under `m`.
pub fn apply(m: &Mat, v: Vector) -> Vector {
    (m[0][0] * v.0 + m[0][1] * v.1, m[1][0] * v.0 + m[1][1] * v.1)
}

pub fn mul(a: &Mat, b: &Mat) -> Mat {
    let mut r = [[0; 2]; 2];
    for i in 0..2 {
        for j in 0..2 {
            r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j];
        }
    }
    r
}

/// The group the matrices generate, the identity first and each
/// generator's product with earlier elements in the order found.
pub fn group(generators: &[Mat]) -> Vec<Mat> {
    let mut out = vec![IDENTITY];
    let mut i = 0;
    while i < out.len() {
        for g in generators {
            let m = mul(g, &out[i]);
            if !out.contains(&m) {
                out.push(m);
            }
        }
        i += 1;
    }
    out
}

pub fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// `v` divided by the gcd of its components, and that gcd (0 for the zero vector).
pub fn unit_and_count(v: Vector) -> (Vector, i32) {
    let n = gcd(v.0.abs(), v.1.abs());
    if n == 0 {
        ((0, 0), 0)
    } else {
        ((v.0 / n, v.1 / n), n)
    }
}
