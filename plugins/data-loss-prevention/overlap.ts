/** Resolves overlapping spans: the surest span wins, then the more specific type, then the longer. */
import { ALL_ENTITIES, type EntityType } from './entity-types.js';
import type { Span } from './span.js';

// Validated and secret types outrank the contextual ones (names, places) on a tie.
const SPECIFICITY: ReadonlyMap<EntityType, number> = new Map(
  (
    [
      ...ALL_ENTITIES.filter((e) => !['PERSON', 'STREET_ADDRESS', 'LOCATION', 'DATE_OF_BIRTH', 'PHONE_NUMBER', 'GENERIC_SECRET'].includes(e)),
      'GENERIC_SECRET',
      'PHONE_NUMBER',
      'DATE_OF_BIRTH',
      'STREET_ADDRESS',
      'PERSON',
      'LOCATION',
    ] as EntityType[]
  ).map((e, i) => [e, i]),
);

function better(a: Span, b: Span): number {
  return b.score - a.score || (SPECIFICITY.get(a.entity) ?? 99) - (SPECIFICITY.get(b.entity) ?? 99) || b.end - b.start - (a.end - a.start);
}

/** Keeps a set of non-overlapping spans, sorted by start. */
export function resolveOverlaps(spans: Span[]): Span[] {
  if (spans.length < 2) return spans;
  const ranked = [...spans].sort(better);
  const kept: Span[] = [];
  for (const s of ranked) {
    if (kept.every((k) => s.end <= k.start || s.start >= k.end)) kept.push(s);
  }
  return kept.sort((a, b) => a.start - b.start);
}
