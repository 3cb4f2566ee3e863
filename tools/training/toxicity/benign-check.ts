/**
 * Development aid: flag rate of the toxicity detector on benign prompts from
 * shared/datasets/direct-injection (label 0 rows), to see how the tweet-trained model behaves
 * on assistant traffic. `npx tsx tools/training/toxicity/benign-check.ts [file...]`
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import detector from '../../../plugins/toxicity/index.js';
import type { ToxicitySettings } from '../../../plugins/toxicity/index.js';
import type { DetectorHit } from '../../../core/guardrail/detector.js';
import { validatorFor } from '../../../core/schema/ajv.js';
import { DATASETS_DIR } from '../../../test/eval/datasets/datasets-dir.js';

const datasets = DATASETS_DIR;
const settings: Record<string, unknown> = {};
validatorFor(detector.schemaId)(settings);
const d = detector.create(settings as unknown as ToxicitySettings);
for (const file of process.argv.slice(2)) {
  const rows = readFileSync(join(datasets, 'direct-injection', file), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { text: string; label: number });
  let n = 0;
  let flagged = 0;
  for (const r of rows.filter((x) => x.label === 0)) {
    n++;
    const hits = d.inspect({ direction: 'input', segments: [{ id: 0, text: r.text, source: 'prompt' }], attachments: [], attributes: {} }) as DetectorHit[];
    const top = hits.filter((h) => h.confidence >= 0.5);
    if (top.length) {
      flagged++;
      if (process.env.SHOW) console.log(top.map((h) => `${h.type}:${h.confidence.toFixed(2)}`).join(','), JSON.stringify(r.text.slice(0, 110)));
    }
  }
  console.log(`${file}: ${flagged}/${n} flagged (${((100 * flagged) / n).toFixed(1)}%)`);
}
