/**
 * Compares two `npm run eval:detectors` result files (test/eval/results.json of two runs):
 * prints, for every row present in both, precision, recall and false-positive rate before and
 * after as a Markdown table, and marks a precision or recall that fell by more than one point.
 *
 *   npx tsx tools/eval/compare-results.ts BEFORE.json AFTER.json [--changed]
 */
import { readFileSync } from 'node:fs';
import type { MetricsRow } from '../../test/eval/metrics.js';

const [beforePath, afterPath] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const changedOnly = process.argv.includes('--changed');
if (!beforePath || !afterPath) {
  console.error('usage: tsx tools/eval/compare-results.ts BEFORE.json AFTER.json [--changed]');
  process.exit(2);
}

const read = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { rows: MetricsRow[] }).rows;
const key = (r: MetricsRow) => `${r.detector}\u0000${r.split ?? 'development'}\u0000${r.slice}`;
const before = new Map(read(beforePath).map((r) => [key(r), r]));
const pct = (x: number) => (100 * x).toFixed(1);
const ONE_POINT = 0.01;

console.log('| detector | slice | n | P before → after | R before → after | FPR before → after | |');
console.log('|---|---|---|---|---|---|---|');
let drops = 0;
for (const after of read(afterPath)) {
  const was = before.get(key(after));
  if (!was) continue;
  const changed = was.precision !== after.precision || was.recall !== after.recall || was.fpr !== after.fpr;
  if (changedOnly && !changed) continue;
  // Precision is meaningless on a slice with no positives found in either run.
  const hasPositives = after.positives > 0;
  const fell = hasPositives && (was.precision - after.precision > ONE_POINT || was.recall - after.recall > ONE_POINT);
  if (fell) drops++;
  console.log(`| ${after.detector} | ${after.slice} | ${after.samples} | ${pct(was.precision)} → ${pct(after.precision)} | ${pct(was.recall)} → ${pct(after.recall)} | ${pct(was.fpr)} → ${pct(after.fpr)} | ${fell ? 'fell > 1 point' : ''} |`);
}
console.log(`\n${drops} row(s) fell by more than one point of precision or recall.`);
