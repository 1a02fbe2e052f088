/**
 * Elo ratings from a table of games: a Bradley–Terry model on the Elo scale (expected score of i
 * against j is 1 / (1 + 10^((r_j - r_i) / 400))), fitted by maximum likelihood with Newton's method,
 * draws counted as half a win for each side. Player 0 is the anchor (rating 0). The 95% intervals are
 * the normal approximation: ±1.96 standard errors from the inverse of the Fisher information with the
 * anchor fixed. Counting a draw as half a win and half a loss overstates the variance a little when
 * there are draws, so the intervals err on the wide side.
 *
 * One virtual draw is added to every pairing that played: without it a pairing won 8–0 would push its
 * ratings to infinity. It pulls ratings slightly towards each other, by less than a game's worth.
 * Written out here (a few dozen lines) rather than taken from a library: none is installed, and the
 * method is short enough to check by reading.
 */

export interface EloFit {
  /** Ratings relative to player 0. */
  elo: number[];
  /** Half-widths of the 95% intervals (0 for the anchor; Infinity for a player with no games). */
  ci95: number[];
}

const K = Math.LN10 / 400;

function expected(ri: number, rj: number): number {
  return 1 / (1 + Math.pow(10, (rj - ri) / 400));
}

/** `points[i][j]`: i's points against j; `games[i][j]`: games between them (symmetric). */
export function fitElo(points: number[][], games: number[][]): EloFit {
  const n = points.length;
  const r = new Array<number>(n).fill(0);
  const s = points.map((row, i) => row.map((p, j) => (games[i][j] > 0 ? p + 0.5 : 0)));
  const g = games.map((row) => row.map((x) => (x > 0 ? x + 1 : 0)));
  let info: number[][] = [];
  for (let iter = 0; iter < 100; iter++) {
    // Gradient of the log-likelihood and the Fisher information, both for players 1..n-1.
    const grad = new Array<number>(n - 1).fill(0);
    info = Array.from({ length: n - 1 }, () => new Array<number>(n - 1).fill(0));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j || g[i][j] === 0) continue;
        const e = expected(r[i], r[j]);
        const w = K * K * g[i][j] * e * (1 - e);
        if (i > 0) {
          grad[i - 1] += K * (s[i][j] - g[i][j] * e);
          info[i - 1][i - 1] += w;
          if (j > 0) info[i - 1][j - 1] -= w;
        }
      }
    }
    const step = solve(info, grad);
    let biggest = 0;
    for (let i = 1; i < n; i++) {
      // Damped: a step of more than 400 points at once is cut, so a lopsided table still converges.
      const d = Number.isNaN(step[i - 1]) ? 0 : Math.max(-400, Math.min(400, step[i - 1]));
      r[i] += d;
      biggest = Math.max(biggest, Math.abs(d));
    }
    if (biggest < 1e-6) break;
  }
  const cov = inverse(info);
  return {
    elo: r,
    ci95: r.map((_, i) => (i === 0 ? 0 : Number.isFinite(cov[i - 1][i - 1]) ? 1.96 * Math.sqrt(cov[i - 1][i - 1]) : Infinity)),
  };
}

/** Solves a x = b by Gaussian elimination with partial pivoting (a is small and symmetric positive). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let i = c + 1; i < n; i++) if (Math.abs(m[i][c]) > Math.abs(m[p][c])) p = i;
    [m[c], m[p]] = [m[p], m[c]];
    if (Math.abs(m[c][c]) < 1e-15) return new Array<number>(n).fill(NaN); // a player with no games
    for (let i = 0; i < n; i++) {
      if (i === c) continue;
      const f = m[i][c] / m[c][c];
      for (let k = c; k <= n; k++) m[i][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

function inverse(a: number[][]): number[][] {
  const n = a.length;
  return Array.from({ length: n }, (_, j) => {
    const e = new Array<number>(n).fill(0);
    e[j] = 1;
    return solve(a, e);
  }).map((col, j, cols) => cols.map((c) => c[j]));
}
