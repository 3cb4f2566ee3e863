/**
 * Labelled JSONL rows kept in the repository for prompt_guard and indirect_prompt_injection
 * (`test/eval/held-out/<detector>/` and `test/eval/tuning/<detector>/`, see their MANIFEST.md),
 * and the rows and operating-point table the evaluation prints from their scores. They need no
 * shared datasets, so the held-out part runs in any clone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../core/paths/project-root.js';
import { emptyCounts, recallAtFpr, rowFromCounts, tally, type MetricsRow } from '../metrics.js';
import type { OperatingPoints, Sensitivity } from '../../../plugins/shared/prompt-features/operating-points.js';

/** One labelled text. */
export interface LabelledRow {
  id: string;
  text: string;
  label: 0 | 1;
  category: string;
}

/** A labelled row with the detector's calibrated score. */
export interface ScoredRow {
  row: LabelledRow;
  score: number;
}

/** Every row of every `.jsonl` file in `test/eval/<kind>/<detector>/`, file names in order. */
export function loadLabelledRows(kind: 'held-out' | 'tuning', detector: string): LabelledRow[] {
  const dir = join(PROJECT_ROOT, 'test/eval', kind, detector);
  if (!existsSync(dir)) return [];
  const rows: LabelledRow[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) if (line.trim()) rows.push(JSON.parse(line) as LabelledRow);
  }
  return rows;
}

/** One row of metrics for `scored` at `threshold`, recall at fixed FPR against `negatives`. */
function metricsRow(detector: string, slice: string, scored: ScoredRow[], negatives: number[], threshold: number, note: string): MetricsRow {
  const counts = emptyCounts();
  for (const s of scored) tally(counts, s.score >= threshold, s.row.label === 1);
  const row: MetricsRow = { ...rowFromCounts(detector, slice, counts, note), split: 'held-out' };
  const positives = scored.filter((s) => s.row.label === 1).map((s) => ({ score: s.score, label: true }));
  if (positives.length && negatives.length) {
    const pool = [...positives, ...negatives.map((score) => ({ score, label: false }))];
    row.recall_at_fpr1 = recallAtFpr(pool, 0.01);
    row.recall_at_fpr2 = recallAtFpr(pool, 0.02);
  }
  return row;
}

/**
 * Held-out rows: one per category (positives measured against every held-out negative for
 * recall at fixed FPR), then all attacks against all negatives.
 */
export function heldOutRows(detector: string, scored: ScoredRow[], threshold: number): MetricsRow[] {
  const note = `held-out; threshold ${threshold}`;
  const negatives = scored.filter((s) => s.row.label === 0).map((s) => s.score);
  const categories = [...new Set(scored.map((s) => s.row.category))].sort();
  const rows = categories.map((c) => metricsRow(detector, `held-out/${c}`, scored.filter((s) => s.row.category === c), negatives, threshold, note));
  rows.push(metricsRow(detector, 'held-out/overall', scored, negatives, threshold, note));
  return rows;
}

/** Precision, recall and FPR of `scored` at one threshold. */
function point(scored: Array<{ score: number; label: boolean }>, threshold: number): { p: number; r: number; fpr: number } {
  const counts = emptyCounts();
  for (const s of scored) tally(counts, s.score >= threshold, s.label);
  const row = rowFromCounts('', '', counts);
  return { p: row.precision, r: row.recall, fpr: row.fpr };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * The "Measured operating points" table of docs/detectors/<detector>.md, as Markdown: each
 * sensitivity's threshold with precision, recall and FPR on the held-out rows and on the
 * development rows (left out when there are none).
 */
export function operatingPointsTable(
  points: OperatingPoints,
  heldOut: Array<{ score: number; label: boolean }>,
  development: Array<{ score: number; label: boolean }>,
): string {
  const lines = [
    '| sensitivity | threshold | held-out precision | held-out recall | held-out FPR | development precision | development recall | development FPR |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const s of ['low', 'balanced', 'high'] as Sensitivity[]) {
    const h = point(heldOut, points[s]);
    const d = development.length ? point(development, points[s]) : undefined;
    lines.push(`| \`${s}\` | ${points[s]} | ${pct(h.p)} | ${pct(h.r)} | ${pct(h.fpr)} | ${d ? pct(d.p) : '–'} | ${d ? pct(d.r) : '–'} | ${d ? pct(d.fpr) : '–'} |`);
  }
  return lines.join('\n');
}
