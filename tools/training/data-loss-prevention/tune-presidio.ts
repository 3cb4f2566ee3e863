/**
 * Development aid: `npx tsx tools/training/data-loss-prevention/tune-presidio.ts [TYPE]`
 * prints the tuning-part scores and the misses and false alarms of one type.
 */
import { presidioSamples } from '../../../test/eval/detectors/data-loss-prevention/presidio.js';
import { SpanTally, GOLD_TO_ROW, COMPATIBLE } from '../../../test/eval/detectors/data-loss-prevention/span-scoring.js';
import { allEntitiesDetector, applyRedactions, inspectText } from '../../../test/eval/detectors/data-loss-prevention/inspect-text.js';
import { DATASETS_DIR } from '../../../test/eval/datasets/datasets-dir.js';

const datasets = DATASETS_DIR;
const focus = process.argv[2];
const part = (process.argv[3] ?? 'tuning') as 'tuning' | 'held-out' | 'all';
const d = allEntitiesDetector();
const tally = new SpanTally();
for (const s of presidioSamples(datasets, part)) {
  const { hits, spans } = inspectText(d, s.text);
  tally.add(s.spans, spans, applyRedactions(s.text, hits));
  if (!focus) continue;
  for (const g of s.spans) {
    if (GOLD_TO_ROW[g.type] !== focus) continue;
    if (!spans.some((f) => f.start < g.end && g.start < f.end && (COMPATIBLE[f.label] ?? []).includes(g.type)))
      console.log('MISS', JSON.stringify(g.value), '|', JSON.stringify(s.text.slice(Math.max(0, g.start - 50), g.end + 20)));
  }
  for (const f of spans) {
    if (!(COMPATIBLE[f.label] ?? []).some((t) => GOLD_TO_ROW[t] === focus || t === focus) && f.label !== focus) continue;
    if (!s.spans.some((g) => f.start < g.end && g.start < f.end && (COMPATIBLE[f.label] ?? []).includes(g.type)))
      console.log('FALSE', f.label, JSON.stringify(s.text.slice(f.start, f.end)), '|', JSON.stringify(s.text.slice(Math.max(0, f.start - 50), f.end + 20)));
  }
}
for (const r of tally.rows('dlp', part)) console.log(r.slice.padEnd(40), String(r.samples).padStart(5), (100 * r.precision).toFixed(1).padStart(6), (100 * r.recall).toFixed(1).padStart(6), r.note ?? '');
