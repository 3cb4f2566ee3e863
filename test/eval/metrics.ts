/** Binary classification metrics for the detector evaluation (`npm run eval:detectors`). */

export interface Counts {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export interface MetricsRow {
  detector: string;
  /** Data source or entity type this row is about. */
  slice: string;
  /**
   * `development`: measured on data the detector was tuned on (the shared development splits);
   * `held-out`: measured on data kept under test/eval/held-out/ that no tuning ever read.
   */
  split?: 'development' | 'held-out';
  samples: number;
  positives: number;
  precision: number;
  recall: number;
  f1: number;
  fpr: number;
  /** Scored detectors: recall at the highest threshold giving at most 1% / 2% false positives. */
  recall_at_fpr1?: number;
  recall_at_fpr2?: number;
  note?: string;
}

export function emptyCounts(): Counts {
  return { tp: 0, fp: 0, tn: 0, fn: 0 };
}

export function tally(counts: Counts, predicted: boolean, actual: boolean): void {
  if (predicted && actual) counts.tp++;
  else if (predicted && !actual) counts.fp++;
  else if (!predicted && actual) counts.fn++;
  else counts.tn++;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export function rowFromCounts(detector: string, slice: string, c: Counts, note?: string): MetricsRow {
  const precision = ratio(c.tp, c.tp + c.fp);
  const recall = ratio(c.tp, c.tp + c.fn);
  return {
    detector,
    slice,
    samples: c.tp + c.fp + c.tn + c.fn,
    positives: c.tp + c.fn,
    precision,
    recall,
    f1: ratio(2 * precision * recall, precision + recall),
    fpr: ratio(c.fp, c.fp + c.tn),
    note,
  };
}

/** Recall at the lowest threshold whose false-positive rate stays at or under `maxFpr`. */
export function recallAtFpr(scored: Array<{ score: number; label: boolean }>, maxFpr: number): number {
  const negatives = scored.filter((s) => !s.label).map((s) => s.score).sort((a, b) => b - a);
  const positives = scored.filter((s) => s.label).map((s) => s.score);
  if (positives.length === 0) return 0;
  const allowed = Math.floor(negatives.length * maxFpr);
  // Threshold strictly above the (allowed+1)-th highest negative score.
  const threshold = negatives.length > allowed ? negatives[allowed] : -Infinity;
  return positives.filter((s) => s > threshold).length / positives.length;
}

/** A module under test/eval/detectors/ exports `evaluate()` returning its rows. */
export interface DetectorEvaluation {
  name: string;
  evaluate(sharedDatasets: string): Promise<MetricsRow[]>;
}
