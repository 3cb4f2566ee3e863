/**
 * Development aid: what data_loss_prevention masks in benign prompts without PII labels
 * (shared/datasets/direct-injection, label 0), to spot false alarms outside the tuning data.
 * `npx tsx tools/training/data-loss-prevention/benign-scan.ts clinc150.jsonl [N] [all]`: on the
 * default entity types, or with `all` on every type (names, addresses, places, dates of birth).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allEntitiesDetector, defaultDetector, inspectText } from '../../../test/eval/detectors/data-loss-prevention/inspect-text.js';
import { DATASETS_DIR } from '../../../test/eval/datasets/datasets-dir.js';

const datasets = DATASETS_DIR;
const [file, limit, which] = process.argv.slice(2);
const d = which === 'all' ? allEntitiesDetector() : defaultDetector();
const counts = new Map<string, number>();
let n = 0;
for (const line of readFileSync(join(datasets, 'direct-injection', file), 'utf8').split('\n').filter(Boolean).slice(0, Number(limit ?? 1e9))) {
  const r = JSON.parse(line) as { text: string; label: number };
  if (r.label !== 0) continue;
  n++;
  const { spans } = inspectText(d, r.text);
  for (const s of spans) {
    counts.set(s.label, (counts.get(s.label) ?? 0) + 1);
    console.log(s.label, JSON.stringify(r.text.slice(s.start, s.end)), '|', JSON.stringify(r.text.slice(0, 100)));
  }
}
console.log(n, 'texts', JSON.stringify([...counts]));
