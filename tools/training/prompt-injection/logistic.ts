/**
 * Training of the detectors' logistic models: FTRL-proximal (McMahan et al. 2013) over sparse
 * rows, which keeps the hashed weights sparse through its L1 term, plus Platt calibration and a
 * threshold search on a tuning set. Deterministic: a seeded shuffle, no randomness elsewhere.
 */
import { seededRandom } from '../../../test/fixtures/seeded-random.js';

/** One training example as sparse features. */
export interface SparseRow {
  index: Int32Array;
  value: Float32Array;
  label: 0 | 1;
  /** Importance weight (balances sources and classes). */
  weight: number;
}

/** FTRL-proximal hyper-parameters. */
export interface FtrlOptions {
  alpha: number;
  beta: number;
  l1: number;
  l2: number;
  epochs: number;
  seed: number;
}

/** Fitted weights: one per feature, and a bias. */
export interface FittedModel {
  weights: Float64Array;
  bias: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-Math.max(-35, Math.min(35, x))));

/** The seeded generator the training runs use (the same one the tests' generated texts use). */
export const rng = seededRandom;

/** Fits a logistic model; features with no L1-surviving weight end at exactly 0. */
export function trainFtrl(rows: SparseRow[], dim: number, o: FtrlOptions): FittedModel {
  const z = new Float64Array(dim + 1);
  const n = new Float64Array(dim + 1);
  const weightOf = (i: number): number => {
    const zi = z[i];
    // The bias (index dim) is not L1-penalised.
    const l1 = i === dim ? 0 : o.l1;
    if (Math.abs(zi) <= l1) return 0;
    return -(zi - Math.sign(zi) * l1) / ((o.beta + Math.sqrt(n[i])) / o.alpha + o.l2);
  };
  const order = rows.map((_, i) => i);
  const random = rng(o.seed);
  const w = new Float64Array(64);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const r of order) {
      const row = rows[r];
      const k = row.index.length;
      const ws = k + 1 > w.length ? new Float64Array(k + 1) : w;
      let logit = (ws[k] = weightOf(dim));
      for (let t = 0; t < k; t++) {
        ws[t] = weightOf(row.index[t]);
        logit += ws[t] * row.value[t];
      }
      const g = (sigmoid(logit) - row.label) * row.weight;
      for (let t = 0; t <= k; t++) {
        const i = t === k ? dim : row.index[t];
        const gi = t === k ? g : g * row.value[t];
        const sigma = (Math.sqrt(n[i] + gi * gi) - Math.sqrt(n[i])) / o.alpha;
        z[i] += gi - sigma * ws[t];
        n[i] += gi * gi;
      }
    }
  }
  const weights = new Float64Array(dim);
  for (let i = 0; i < dim; i++) weights[i] = weightOf(i);
  return { weights, bias: weightOf(dim) };
}

/** The raw logit of a row. */
export function logitOf(model: FittedModel, row: SparseRow): number {
  let s = model.bias;
  for (let t = 0; t < row.index.length; t++) s += model.weights[row.index[t]] * row.value[t];
  return s;
}

/** Platt scaling: fits p = sigmoid(a * logit + b) by weighted Newton steps. */
export function fitPlatt(scored: Array<{ logit: number; label: 0 | 1; weight: number }>): { scale: number; offset: number } {
  let a = 1;
  let b = 0;
  for (let iter = 0; iter < 100; iter++) {
    let ga = 0, gb = 0, haa = 1e-6, hab = 0, hbb = 1e-6;
    for (const s of scored) {
      const p = sigmoid(a * s.logit + b);
      const d = (p - s.label) * s.weight;
      const h = p * (1 - p) * s.weight;
      ga += d * s.logit;
      gb += d;
      haa += h * s.logit * s.logit;
      hab += h * s.logit;
      hbb += h;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-9) break;
  }
  return { scale: a, offset: b };
}
