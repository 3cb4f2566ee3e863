/**
 * A logistic model over the dense and hashed features of features.ts, loaded from a JSON weights
 * file written by the training script, and Platt-calibrated so its output reads as a probability.
 */
import { readFileSync } from 'node:fs';
import { DENSE_NAMES } from './features.js';
import type { OperatingPoints } from './operating-points.js';

/** The weights file (plugins/<detector>/model.json). */
export interface LinearModelFile {
  /** What the weights were fitted on, for people reading the file. */
  trainedOn: string;
  hashBits: number;
  bias: number;
  /** Dense weights by feature name (features.ts DENSE_NAMES). */
  dense: Record<string, number>;
  /** Hashed weights: bucket indices and their weights, nonzero ones only. */
  hashed: { index: number[]; weight: number[] };
  /** Platt scaling of the raw logit: p = sigmoid(scale * logit + offset). */
  calibration: { scale: number; offset: number };
  /** Threshold chosen on the tuning split; the detector's default. */
  threshold: number;
  /**
   * Thresholds of the `low` and `high` sensitivities, measured on the tuning data (see
   * operating-points.ts); both default to `threshold` in files written before they existed.
   */
  operatingPoints?: { low: number; high: number };
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** A loaded model: one flat weight array, indexed as features.ts emits. */
export class LinearModel {
  readonly hashBits: number;
  readonly threshold: number;
  /** Thresholds per sensitivity (`balanced` is `threshold`). */
  readonly operatingPoints: OperatingPoints;
  /** Index of the first hashed weight. */
  readonly hashBase: number;
  private readonly weights: Float32Array;
  private readonly bias: number;
  private readonly scale: number;
  private readonly offset: number;
  private acc = 0;
  /** Sink for emitFeatures that accumulates the logit (bound once, so no closure per call). */
  readonly sink = (index: number, value: number): void => {
    this.acc += this.weights[index] * value;
  };

  /** `denseNames` lists the model's dense features in index order; hashed weights follow them. */
  constructor(file: LinearModelFile, denseNames: readonly string[] = DENSE_NAMES) {
    this.hashBits = file.hashBits;
    this.threshold = file.threshold;
    this.operatingPoints = Object.freeze({
      low: file.operatingPoints?.low ?? file.threshold,
      balanced: file.threshold,
      high: file.operatingPoints?.high ?? file.threshold,
    });
    this.bias = file.bias;
    this.scale = file.calibration.scale;
    this.offset = file.calibration.offset;
    this.hashBase = denseNames.length;
    this.weights = new Float32Array(denseNames.length + (1 << file.hashBits));
    denseNames.forEach((name, i) => {
      this.weights[i] = file.dense[name] ?? 0;
    });
    const { index, weight } = file.hashed;
    for (let i = 0; i < index.length; i++) this.weights[this.hashBase + index[i]] = weight[i];
  }

  /** The weight of feature `index` (for precomputing the weights of features many views share). */
  readonly weightOf = (index: number): number => this.weights[index];

  /** Adds `weights[from..to)`, each times `scale`, in order: the same sum as streaming those features into `sink`. */
  readonly sinkEach = (weights: Float64Array, from: number, to: number, scale: number): void => {
    let acc = this.acc;
    for (let i = from; i < to; i++) acc += weights[i] * scale;
    this.acc = acc;
  };

  /** Starts a new logit; call before streaming features into `sink`. */
  begin(): void {
    this.acc = this.bias;
  }

  /** The raw logit of the features streamed since `begin()`. */
  logit(): number {
    return this.acc;
  }

  /** Calibrated probability of a raw logit. */
  probability(logit: number): number {
    return sigmoid(this.scale * logit + this.offset);
  }

  /** Loads a weights file from disk. */
  static load(path: string, denseNames: readonly string[] = DENSE_NAMES): LinearModel {
    return new LinearModel(JSON.parse(readFileSync(path, 'utf8')) as LinearModelFile, denseNames);
  }
}
