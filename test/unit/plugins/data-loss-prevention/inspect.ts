/** Test helpers: build data_loss_prevention with settings and read back what it masks. */
import detector, { type DataLossPreventionSettings } from '../../../../plugins/data-loss-prevention/index.js';
import type { Detector, DetectorHit, InspectSegment } from '../../../../core/guardrail/detector.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import { ALL_ENTITIES } from '../../../../plugins/data-loss-prevention/entity-types.js';

/**
 * The detector with `settings` validated and defaults applied, every entity type on unless
 * `settings.entities` says otherwise (the tests of each type name them all; the schema's
 * default set is proven in defaults.test.ts).
 */
export function dlp(settings: Partial<DataLossPreventionSettings> = {}): Detector {
  const s: Record<string, unknown> = { entities: [...ALL_ENTITIES], ...structuredClone(settings) };
  if (!validatorFor(detector.schemaId)(s)) throw new Error('invalid settings in test');
  return detector.create(s as unknown as DataLossPreventionSettings);
}

const shared = dlp();

/** Hits for texts given as prompt segments 0, 1, ... */
export function hitsOf(texts: string[], d: Detector = shared): DetectorHit[] {
  const segments: InspectSegment[] = texts.map((text, id) => ({ id, text, source: 'prompt' }));
  return d.inspect({ direction: 'input', segments, attachments: [], attributes: {} }) as DetectorHit[];
}

/** `LABEL:value` for every masked span of one text, in order. */
export function masked(text: string, d: Detector = shared): string[] {
  return hitsOf([text], d)
    .flatMap((h) => h.redactions ?? [])
    .sort((a, b) => a.start - b.start)
    .map((r) => `${r.replacement.replace(/^\[|_\d+\]$/g, '')}:${text.slice(r.start, r.end)}`);
}

/** The segments' texts with every redaction applied. */
export function redacted(texts: string[], d: Detector = shared): string[] {
  const out = [...texts];
  const rs = hitsOf(texts, d).flatMap((h) => h.redactions ?? []).sort((a, b) => b.start - a.start);
  for (const r of rs) out[r.segment] = out[r.segment].slice(0, r.start) + r.replacement + out[r.segment].slice(r.end);
  return out;
}
