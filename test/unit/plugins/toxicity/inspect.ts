/** Test helpers: build the toxicity detector with settings and read its hits. */
import detector, { type ToxicityHit, type ToxicitySettings } from '../../../../plugins/toxicity/index.js';
import type { Detector } from '../../../../core/guardrail/detector.js';
import { validatorFor } from '../../../../core/schema/ajv.js';

/** The detector with `settings` validated and defaults applied. */
export function toxicity(settings: Record<string, unknown> = {}): Detector {
  const s = structuredClone(settings);
  if (!validatorFor(detector.schemaId)(s)) throw new Error('invalid settings in test');
  return detector.create(s as unknown as ToxicitySettings);
}

const shared = toxicity();

/** Hits of one text as a prompt segment. */
export function hitsOf(text: string, d: Detector = shared): ToxicityHit[] {
  return d.inspect({ direction: 'input', segments: [{ id: 0, text, source: 'prompt' }], attachments: [], attributes: {} }) as ToxicityHit[];
}

/** Categories whose hit reaches the detector's default threshold. */
export function firing(text: string, d: Detector = shared): string[] {
  return hitsOf(text, d)
    .filter((h) => h.confidence >= detector.defaultThreshold)
    .map((h) => h.entities[0]);
}
