/**
 * Development aid: `npx tsx tools/training/toxicity/inspect-tune.ts` lists the tune-part
 * "neither" tweets the detector flags, with the hits, to see what drives false positives.
 * `SENSITIVITY=low|high` reads the tune part at that operating point (how sensitivity.ts's shifts were chosen).
 */
import { join } from 'node:path';
import detector from '../../../plugins/toxicity/index.js';
import type { ToxicitySettings } from '../../../plugins/toxicity/index.js';
import type { DetectorHit } from '../../../core/guardrail/detector.js';
import { validatorFor } from '../../../core/schema/ajv.js';
import { davidsonRows } from '../../../test/eval/datasets/davidson.js';
import { DATASETS_DIR } from '../../../test/eval/datasets/datasets-dir.js';

const datasets = DATASETS_DIR;
const settings: Record<string, unknown> = process.env.SENSITIVITY ? { sensitivity: process.env.SENSITIVITY } : {};
validatorFor(detector.schemaId)(settings);
const d = detector.create(settings as unknown as ToxicitySettings);
let fp = 0;
let neg = 0;
let tp = 0;
let pos = 0;
for (const r of davidsonRows(datasets, 'tune')) {
  const hits = d.inspect({ direction: 'input', segments: [{ id: 0, text: r.text, source: 'prompt' }], attachments: [], attributes: {} }) as DetectorHit[];
  const score = Math.max(0, ...hits.map((h) => h.confidence));
  if (r.label === 2) {
    neg++;
    if (score >= 0.5) {
      fp++;
      console.log('FP', hits.map((h) => `${h.type}:${h.confidence.toFixed(2)}`).join(','), '|', JSON.stringify(r.text.slice(0, 120)));
    }
  } else {
    pos++;
    if (score >= 0.5) tp++;
    else if (process.argv[2] === 'fn') console.log('FN', JSON.stringify(r.text.slice(0, 120)));
  }
}
console.log(`tune: FPR ${(fp / neg).toFixed(3)} (${fp}/${neg}) recall ${(tp / pos).toFixed(3)}`);
