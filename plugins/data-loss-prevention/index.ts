/**
 * data_loss_prevention: finds PII (emails, phone numbers, payment cards, IBANs, US SSNs, IP
 * addresses, dates of birth, person names, street addresses, locations) and secrets (provider
 * API keys, private keys, JWTs, credentialed database URLs, high-entropy assignments), and
 * returns one hit per family with redactions that replace each value by a typed masked token.
 */
import { compileLinearRegex, defineDetector, SegmentMemo, type Detector, type DetectorHit, type InspectionRequest, type Redaction } from '../../core/plugin/index.js';
import { familyOf, type EntityFamily, type EntityType } from './entity-types.js';
import { resolveOverlaps } from './overlap.js';
import { TokenBook } from './redaction.js';
import { buildRecognizers } from './recognizers.js';
import { SCHEMA_ID, type DataLossPreventionSettings } from './settings.js';
import { spanFilter } from './sensitivity.js';
import type { Span } from './span.js';

export type { DataLossPreventionSettings } from './settings.js';

/** Builds the allow-list check once: exact values (case-insensitive) and full-match patterns. */
function allowCheck(settings: DataLossPreventionSettings): (value: string) => boolean {
  const values = new Set(settings.allow_list.map((v) => v.trim().toLowerCase()));
  // Tenant patterns run on the linear-time engine: a found value cannot stall the service.
  const patterns = settings.allow_patterns.map((p) => compileLinearRegex(`^(?:${p})$`));
  if (values.size === 0 && patterns.length === 0) return () => false;
  return (value) => values.has(value.trim().toLowerCase()) || patterns.some((p) => p.test(value));
}

function create(settings: DataLossPreventionSettings): Detector {
  const enabled = new Set<EntityType>(settings.entities);
  const recognizers = buildRecognizers(settings).filter((r) => r.entities.some((e) => enabled.has(e)));
  const allowed = allowCheck(settings);
  const atSensitivity = spanFilter(settings.sensitivity);
  // The spans of one text depend on nothing else: a text seen before is not searched again.
  const spansOf = new SegmentMemo<Span[]>();
  const findSpans = (text: string) => {
    const found: Span[] = [];
    for (const r of recognizers) r.find(text, found);
    const kept = found.filter((s) => enabled.has(s.entity) && (!atSensitivity || atSensitivity(s)));
    return resolveOverlaps(kept);
  };
  return {
    inspect(request: InspectionRequest): DetectorHit[] {
      const book = new TokenBook();
      const families = new Map<EntityFamily, { entities: Set<EntityType>; redactions: Redaction[]; confidence: number }>();
      for (const segment of request.segments) {
        const text = segment.text;
        if (!text) continue;
        for (const s of spansOf.getFor(request, segment, findSpans)) {
          const value = text.slice(s.start, s.end);
          if (allowed(value)) continue;
          const family = familyOf(s.entity);
          let f = families.get(family);
          if (!f) families.set(family, (f = { entities: new Set(), redactions: [], confidence: 0 }));
          f.entities.add(s.entity);
          f.confidence = Math.max(f.confidence, s.score);
          f.redactions.push({ segment: segment.id, start: s.start, end: s.end, replacement: book.tokenFor(s.entity, value) });
        }
      }
      const hits: DetectorHit[] = [];
      for (const family of ['pii', 'secret'] as const) {
        const f = families.get(family);
        if (!f) continue;
        hits.push({ type: family, confidence: f.confidence, entities: [...f.entities], masked: f.redactions.length, redactions: f.redactions });
      }
      return hits;
    },
  };
}

export default defineDetector<DataLossPreventionSettings>({
  kind: 'detector',
  name: 'data_loss_prevention',
  version: '1.0.0',
  schemaId: SCHEMA_ID,
  description: 'PII and secrets: finds them, and masks each value with a typed token for a Transform rule.',
  canTransform: true,
  defaultThreshold: 0.5,
  create,
});
