/** Runs data_loss_prevention on one text and returns the typed spans it would mask. */
import detector from '../../../../plugins/data-loss-prevention/index.js';
import type { DataLossPreventionSettings } from '../../../../plugins/data-loss-prevention/index.js';
import type { Detector, DetectorHit } from '../../../../core/guardrail/detector.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import { ALL_ENTITIES } from '../../../../plugins/data-loss-prevention/entity-types.js';

/** A masked span with the entity type read back from its token. */
export interface FoundSpan {
  label: string;
  start: number;
  end: number;
}

/** The detector with its default settings (as the schema fills them in). */
export function defaultDetector(overrides: Partial<DataLossPreventionSettings> = {}): Detector {
  const settings: Record<string, unknown> = { ...overrides };
  if (!validatorFor(detector.schemaId)(settings)) throw new Error('invalid settings');
  return detector.create(settings as unknown as DataLossPreventionSettings);
}

/**
 * The detector with every entity type on (the opt-in names, addresses, places and dates of
 * birth included), so each type's recall and precision are measured whatever the default set.
 */
export function allEntitiesDetector(overrides: Partial<DataLossPreventionSettings> = {}): Detector {
  return defaultDetector({ entities: [...ALL_ENTITIES], ...overrides });
}

/** Hits and spans of one text, inspected as a single prompt segment. */
export function inspectText(d: Detector, text: string): { hits: DetectorHit[]; spans: FoundSpan[] } {
  const hits = d.inspect({ direction: 'input', segments: [{ id: 0, text, source: 'prompt' }], attachments: [], attributes: {} }) as DetectorHit[];
  const spans = hits.flatMap((h) =>
    (h.redactions ?? []).map((r) => ({ label: r.replacement.replace(/^\[|_\d+\]$/g, ''), start: r.start, end: r.end })),
  );
  return { hits, spans };
}

/** The text with every redaction applied. */
export function applyRedactions(text: string, hits: DetectorHit[]): string {
  const rs = hits.flatMap((h) => h.redactions ?? []).sort((a, b) => b.start - a.start);
  let out = text;
  for (const r of rs) out = out.slice(0, r.start) + r.replacement + out.slice(r.end);
  return out;
}
