/** Development aid: `npx tsx tools/training/toxicity/probe.ts "text" ...` prints the hits. */
import detector from '../../../plugins/toxicity/index.js';
import type { ToxicitySettings } from '../../../plugins/toxicity/index.js';
import type { DetectorHit } from '../../../core/guardrail/detector.js';
import { validatorFor } from '../../../core/schema/ajv.js';
import { normalizeText } from '../../../plugins/toxicity/normalize.js';

const settings: Record<string, unknown> = {};
validatorFor(detector.schemaId)(settings);
const d = detector.create(settings as unknown as ToxicitySettings);
for (const text of process.argv.slice(2)) {
  const hits = d.inspect({ direction: 'input', segments: [{ id: 0, text, source: 'prompt' }], attachments: [], attributes: {} }) as Array<DetectorHit & { severity: string }>;
  console.log(JSON.stringify(text), '=>', JSON.stringify(normalizeText(text)), hits.map((h) => `${h.type}:${h.severity}:${h.confidence.toFixed(2)}`).join(' '));
}
