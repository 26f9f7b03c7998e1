//! The fit behind `variant values`: a conditional logit of game results on
//! material, with intervals by a bootstrap over games.
//!
//! Each sampled position is a *group*: one row per player in play, the row
//! holding that player's count of every fitted kind and the player's share
//! of the game's points. The model gives player `p` of a group the share
//!
//! ```text
//! pi_p = exp(u_p) / sum over the group's players q of exp(u_q),
//! u_p  = sum over kinds k of beta_k * count_pk  +  alpha_seat(p)
//! ```
//!
//! With two players this is Texel's logistic model, the result from one
//! side's view being `sigmoid(sum_k beta_k * (count_k - other count_k) +
//! alpha)`; with more it is its natural extension (each player against all
//! the others at once). `alpha` is each seat's own edge (the first seat's
//! is 0), `beta_k` a kind's worth in logits. The fit maximises the
//! log-likelihood of the shares (a draw is a share of one half each), with
//! a tiny ridge (`RIDGE`) so that a kind whose every imbalance went one
//! way cannot run off to infinity, by Newton's method with step halving.
//!
//! Positions of one game share its result, so they are far from
//! independent: the intervals come from a bootstrap that draws whole games
//! with replacement (`bootstrap`). The model's own standard errors
//! (`standard_errors`, from the Fisher information) treat every position as
//! independent and are reported for comparison only.
//!
//! This file is plain arithmetic on numbers (it names no game and uses no
//! other module), so `tests/cli.rs` includes it for its unit tests.

/// The ridge on every parameter: a prior of mean 0 and variance 1 (logits)
/// per unit, negligible against the thousands of positions a fit sees.
pub const RIDGE: f64 = 1.0;
/// Newton iterations at most per fit.
const MAX_ITERATIONS: usize = 100;

/// One player's row of a sampled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The player's seat (0 = the first to move).
    pub seat: usize,
    /// The player's share of the game's points (the group's shares add up to 1).
    pub share: f64,
    /// The player's count of each fitted kind.
    pub counts: Vec<f64>,
}

/// Positions with the same rows in one game, counted once with a weight.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The game's index in `Data::games` order (0-based).
    pub game: usize,
    /// How many sampled positions had these rows.
    pub weight: f64,
    pub rows: Vec<Row>,
}

/// What a fit reads.
#[derive(Clone, Debug, PartialEq)]
pub struct Data {
    /// Fitted kinds (the length of every row's `counts`).
    pub kinds: usize,
    /// Seats of the game.
    pub seats: usize,
    /// Games the groups come from (`Group::game` is below this).
    pub games: usize,
    pub groups: Vec<Group>,
}

impl Data {
    /// Parameters: a logit per kind, then an edge per seat but the first.
    pub fn parameters(&self) -> usize {
        self.kinds + self.seats.saturating_sub(1)
    }

    /// A row's feature vector: its counts, then its seat's indicator.
    fn features(&self, row: &Row, z: &mut [f64]) {
        z.iter_mut().for_each(|v| *v = 0.0);
        z[..self.kinds].copy_from_slice(&row.counts);
        if row.seat > 0 {
            z[self.kinds + row.seat - 1] = 1.0;
        }
    }
}

/// A fit's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// `beta` (per kind), then `alpha` (per seat but the first).
    pub theta: Vec<f64>,
    /// Newton's iterations taken, and whether the last step was negligible.
    pub iterations: usize,
    pub converged: bool,
}

/// The penalised log-likelihood at `theta`, its gradient and the
/// information matrix (minus the Hessian, row-major), each group weighted
/// by its weight times `game_weight[group.game]`.
fn evaluate(data: &Data, game_weight: &[f64], theta: &[f64]) -> (f64, Vec<f64>, Vec<f64>) {
    let d = data.parameters();
    let mut loglik = -0.5 * RIDGE * theta.iter().map(|t| t * t).sum::<f64>();
    let mut grad: Vec<f64> = theta.iter().map(|t| -RIDGE * t).collect();
    let mut info = vec![0.0; d * d];
    for i in 0..d {
        info[i * d + i] = RIDGE;
    }
    let mut z = vec![0.0; d];
    let mut zs: Vec<Vec<f64>> = Vec::new();
    let mut u = Vec::new();
    for g in &data.groups {
        let w = g.weight * game_weight[g.game];
        if w == 0.0 || g.rows.len() < 2 {
            continue;
        }
        zs.clear();
        u.clear();
        for row in &g.rows {
            data.features(row, &mut z);
            u.push(z.iter().zip(theta).map(|(a, b)| a * b).sum::<f64>());
            zs.push(z.clone());
        }
        let top = u.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let norm: f64 = u.iter().map(|v| (v - top).exp()).sum();
        let pi: Vec<f64> = u.iter().map(|v| (v - top).exp() / norm).collect();
        let mut mean = vec![0.0; d];
        for (row, (zr, &p)) in g.rows.iter().zip(zs.iter().zip(&pi)) {
            loglik += w * row.share * p.max(1e-300).ln();
            for i in 0..d {
                grad[i] += w * (row.share - p) * zr[i];
                mean[i] += p * zr[i];
            }
        }
        for (zr, &p) in zs.iter().zip(&pi) {
            for i in 0..d {
                if zr[i] == 0.0 {
                    continue;
                }
                for j in 0..d {
                    info[i * d + j] += w * p * zr[i] * zr[j];
                }
            }
        }
        for i in 0..d {
            if mean[i] == 0.0 {
                continue;
            }
            for j in 0..d {
                info[i * d + j] -= w * mean[i] * mean[j];
            }
        }
    }
    (loglik, grad, info)
}

/// The Cholesky factor `L` (row-major, lower) of a symmetric positive
/// definite `d x d` matrix, or None if it is not positive definite.
fn cholesky(a: &[f64], d: usize) -> Option<Vec<f64>> {
    let mut l = vec![0.0; d * d];
    for i in 0..d {
        for j in 0..=i {
            let mut s = a[i * d + j];
            for k in 0..j {
                s -= l[i * d + k] * l[j * d + k];
            }
            if i == j {
                if s.is_nan() || s <= 0.0 || !s.is_finite() {
                    return None;
                }
                l[i * d + i] = s.sqrt();
            } else {
                l[i * d + j] = s / l[j * d + j];
            }
        }
    }
    Some(l)
}

/// Solves `L L^T x = b`.
fn cholesky_solve(l: &[f64], d: usize, b: &[f64]) -> Vec<f64> {
    let mut y = vec![0.0; d];
    for i in 0..d {
        let s: f64 = (0..i).map(|k| l[i * d + k] * y[k]).sum();
        y[i] = (b[i] - s) / l[i * d + i];
    }
    let mut x = vec![0.0; d];
    for i in (0..d).rev() {
        let s: f64 = (i + 1..d).map(|k| l[k * d + i] * x[k]).sum();
        x[i] = (y[i] - s) / l[i * d + i];
    }
    x
}

/// Fits the model with each game weighted by `game_weight` (1 for every
/// game in the fit itself; a bootstrap's draw counts), from `start`.
pub fn fit_weighted(data: &Data, game_weight: &[f64], start: Option<&[f64]>) -> Fit {
    let d = data.parameters();
    let mut theta = start.map_or_else(|| vec![0.0; d], <[f64]>::to_vec);
    let (mut loglik, mut grad, mut info) = evaluate(data, game_weight, &theta);
    for iteration in 1..=MAX_ITERATIONS {
        // The information plus the ridge is positive definite; a matrix
        // that is not (rounding) ends the fit where it is.
        let Some(l) = cholesky(&info, d) else {
            return Fit {
                theta,
                iterations: iteration,
                converged: false,
            };
        };
        let step = cholesky_solve(&l, d, &grad);
        let mut scale = 1.0;
        let mut next;
        loop {
            let trial: Vec<f64> = theta
                .iter()
                .zip(&step)
                .map(|(t, s)| t + scale * s)
                .collect();
            next = evaluate(data, game_weight, &trial);
            if next.0 >= loglik - 1e-9 * loglik.abs().max(1.0) || scale < 1e-6 {
                theta = trial;
                break;
            }
            scale *= 0.5;
        }
        let size = step.iter().map(|s| (s * scale).abs()).fold(0.0, f64::max);
        (loglik, grad, info) = next;
        if size < 1e-9 {
            return Fit {
                theta,
                iterations: iteration,
                converged: true,
            };
        }
    }
    Fit {
        theta,
        iterations: MAX_ITERATIONS,
        converged: false,
    }
}

/// Fits the model to every game once.
pub fn fit(data: &Data) -> Fit {
    fit_weighted(data, &vec![1.0; data.games], None)
}

/// The model's standard errors at `theta` (the inverse information's
/// diagonal): as if every position were an independent game, so too
/// narrow for positions sampled along games.
pub fn standard_errors(data: &Data, theta: &[f64]) -> Vec<f64> {
    let d = data.parameters();
    let (_, _, info) = evaluate(data, &vec![1.0; data.games], theta);
    let Some(l) = cholesky(&info, d) else {
        return vec![f64::INFINITY; d];
    };
    (0..d)
        .map(|i| {
            let mut e = vec![0.0; d];
            e[i] = 1.0;
            cholesky_solve(&l, d, &e)[i].max(0.0).sqrt()
        })
        .collect()
}

/// SplitMix64, the generator of the bootstrap's draws.
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), without modulo bias worth the name for
    /// the game counts a fit sees.
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// `replicates` bootstrap fits: each draws `data.games` games with
/// replacement (a game drawn twice counts twice) and refits from `start`.
/// Replicate `b` draws from a generator seeded by `seed` and `b` alone, so
/// the same seed gives the same fits however many threads compute them.
pub fn bootstrap(data: &Data, start: &[f64], replicates: usize, seed: u64) -> Vec<Fit> {
    use rayon::prelude::*;
    (0..replicates)
        .into_par_iter()
        .map(|b| {
            let mut rng = SplitMix::new(seed ^ 0x5EED_B007_5712_A9C3);
            let mut rng =
                SplitMix::new(rng.next_u64() ^ (b as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
            let mut weight = vec![0.0; data.games];
            for _ in 0..data.games {
                weight[rng.below(data.games)] += 1.0;
            }
            fit_weighted(data, &weight, Some(start))
        })
        .collect()
}

/// The `q` quantile (0..=1) of `values` (sorted here), by linear
/// interpolation between order statistics; NaN for none.
pub fn quantile(values: &mut [f64], q: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(|a, b| a.total_cmp(b));
    let at = q.clamp(0.0, 1.0) * (values.len() - 1) as f64;
    let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
    values[lo] + (values[hi] - values[lo]) * (at - lo as f64)
}

/// The central 95% of `values` (percentile interval).
pub fn interval95(values: &[f64]) -> (f64, f64) {
    let mut v: Vec<f64> = values.iter().copied().filter(|x| !x.is_nan()).collect();
    (quantile(&mut v, 0.025), quantile(&mut v, 0.975))
}

// Run by `cargo test --test cli` (tests/cli.rs includes this file).
#[cfg(test)]
mod fit_tests {
    use super::*;

    /// Draws an index with probabilities `pi`.
    fn draw(rng: &mut SplitMix, pi: &[f64]) -> usize {
        let r = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let mut acc = 0.0;
        for (i, p) in pi.iter().enumerate() {
            acc += p;
            if r < acc {
                return i;
            }
        }
        pi.len() - 1
    }

    /// `games` synthetic games of `seats` players, one position each, the
    /// winner drawn from the model with `beta` and `alpha`: counts 0..=4
    /// of each kind per player, independent.
    fn synthetic(beta: &[f64], alpha: &[f64], seats: usize, games: usize, seed: u64) -> Data {
        let mut rng = SplitMix::new(seed);
        let mut groups = Vec::new();
        for game in 0..games {
            let counts: Vec<Vec<f64>> = (0..seats)
                .map(|_| beta.iter().map(|_| rng.below(5) as f64).collect())
                .collect();
            let u: Vec<f64> = (0..seats)
                .map(|s| {
                    let a = if s == 0 { 0.0 } else { alpha[s - 1] };
                    a + counts[s].iter().zip(beta).map(|(c, b)| c * b).sum::<f64>()
                })
                .collect();
            let top = u.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = u.iter().map(|v| (v - top).exp()).collect();
            let sum: f64 = e.iter().sum();
            let pi: Vec<f64> = e.iter().map(|v| v / sum).collect();
            let winner = draw(&mut rng, &pi);
            let rows = (0..seats)
                .map(|s| Row {
                    seat: s,
                    share: if s == winner { 1.0 } else { 0.0 },
                    counts: counts[s].clone(),
                })
                .collect();
            groups.push(Group {
                game,
                weight: 1.0,
                rows,
            });
        }
        Data {
            kinds: beta.len(),
            seats,
            games,
            groups,
        }
    }

    /// The model's 95% intervals cover the truth about 95% of the time:
    /// 40 synthetic runs of 800 games, 4 parameters each.
    #[test]
    fn model_intervals_cover_the_truth() {
        let (beta, alpha) = ([0.3, 0.9, 1.5], [-0.2]);
        let truth: Vec<f64> = beta.iter().chain(&alpha).copied().collect();
        let (mut covered, mut checks, mut ratio) = (0, 0, 0.0);
        for run in 0..40 {
            let data = synthetic(&beta, &alpha, 2, 800, 100 + run);
            let fit = fit(&data);
            assert!(fit.converged, "{fit:?}");
            let se = standard_errors(&data, &fit.theta);
            for (i, t) in truth.iter().enumerate() {
                checks += 1;
                covered += ((fit.theta[i] - t).abs() < 1.96 * se[i]) as usize;
            }
            ratio += fit.theta[2] / fit.theta[0] / 40.0;
        }
        let coverage = covered as f64 / checks as f64;
        assert!((0.88..=0.995).contains(&coverage), "coverage {coverage}");
        // The third kind is worth five of the first: on average, so it is.
        assert!((ratio - 5.0).abs() < 0.4, "mean ratio {ratio}");
    }

    /// On independent games the bootstrap over games agrees with the model:
    /// intervals of about the same width, each around the truth; and the
    /// values relative to the first kind come back.
    fn bootstrap_agrees(beta: &[f64], alpha: &[f64], seats: usize, seed: u64) {
        let data = synthetic(beta, alpha, seats, 3000, seed);
        let fit = fit(&data);
        assert!(fit.converged, "{fit:?}");
        let se = standard_errors(&data, &fit.theta);
        let boot = bootstrap(&data, &fit.theta, 200, seed);
        let truth: Vec<f64> = beta.iter().chain(alpha).copied().collect();
        for (i, t) in truth.iter().enumerate() {
            let (lo, hi) = interval95(&boot.iter().map(|f| f.theta[i]).collect::<Vec<_>>());
            let width = (hi - lo) / (2.0 * 1.96 * se[i]);
            assert!(
                (0.75..=1.33).contains(&width),
                "parameter {i}: {lo}..{hi}, s.e. {}",
                se[i]
            );
            // Within 1.5 half widths: a 99.7% interval.
            let half = 1.5 * (hi - lo) / 2.0;
            assert!(
                (fit.theta[i] - t).abs() < half,
                "parameter {i}: {} vs {t}",
                fit.theta[i]
            );
        }
        for k in 1..beta.len() {
            let ratios: Vec<f64> = boot.iter().map(|f| f.theta[k] / f.theta[0]).collect();
            let (lo, hi) = interval95(&ratios);
            let (est, truth) = (fit.theta[k] / fit.theta[0], beta[k] / beta[0]);
            assert!(
                (est - truth).abs() < 1.5 * (hi - lo) / 2.0,
                "ratio {k}: {lo}..{hi}, {truth}"
            );
        }
    }

    #[test]
    fn two_player_values_are_recovered() {
        bootstrap_agrees(&[0.3, 0.9, 1.5], &[-0.2], 2, 11);
    }

    /// Three players, one against the rest at once.
    #[test]
    fn three_player_values_are_recovered() {
        bootstrap_agrees(&[0.4, 1.0], &[0.1, -0.3], 3, 12);
    }

    /// A draw is half a point each: games drawn when the material is
    /// level and won by the side ahead otherwise give a positive value,
    /// and weights count positions.
    #[test]
    fn draws_and_weights_count() {
        let row = |seat, share, c: f64| Row {
            seat,
            share,
            counts: vec![c],
        };
        let mut groups = Vec::new();
        for game in 0..80 {
            // Seat 0 ahead in games 0..30, seat 1 in 30..60, each side
            // ahead winning two games of three; level and drawn after.
            let (a, b, s) = match game {
                0..=29 if game % 3 == 0 => (1.0, 0.0, 0.0),
                0..=29 => (1.0, 0.0, 1.0),
                30..=59 if game % 3 == 0 => (0.0, 1.0, 1.0),
                30..=59 => (0.0, 1.0, 0.0),
                _ => (1.0, 1.0, 0.5),
            };
            groups.push(Group {
                game,
                weight: 3.0,
                rows: vec![row(0, s, a), row(1, 1.0 - s, b)],
            });
        }
        let data = Data {
            kinds: 1,
            seats: 2,
            games: 80,
            groups,
        };
        let f = fit(&data);
        assert!(f.converged);
        // The side ahead wins 40 of 60 games: a logit of ln 2 (a little
        // less, by the ridge), and no seat's edge.
        assert!((f.theta[0] - 2f64.ln()).abs() < 0.05, "{f:?}");
        assert!(f.theta[1].abs() < 0.01, "{f:?}");
    }

    /// The same seed gives the same bootstrap, another seed another.
    #[test]
    fn bootstrap_is_reproducible_from_its_seed() {
        let data = synthetic(&[0.5, 1.0], &[0.0], 2, 300, 5);
        let f = fit(&data);
        let a = bootstrap(&data, &f.theta, 5, 9);
        let b = bootstrap(&data, &f.theta, 5, 9);
        let c = bootstrap(&data, &f.theta, 5, 10);
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn quantiles_interpolate() {
        let mut v = vec![3.0, 1.0, 2.0, 4.0, 5.0];
        assert_eq!(quantile(&mut v, 0.5), 3.0);
        assert_eq!(quantile(&mut v, 0.0), 1.0);
        assert_eq!(quantile(&mut v, 1.0), 5.0);
        assert_eq!(quantile(&mut v, 0.125), 1.5);
        assert!(quantile(&mut [], 0.5).is_nan());
    }
}
