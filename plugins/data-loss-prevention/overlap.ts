/** Resolves overlapping spans: the surest span wins, then the more specific type, then the longer. */
import { ALL_ENTITIES, type EntityType } from './entity-types.js';
import type { Span } from './span.js';

// Validated and secret types outrank the contextual ones (names, places) on a tie; among the
// contextual ones an address outranks the ZIP code inside it, an e-mail the domain inside it.
const CONTEXTUAL_TAIL: readonly EntityType[] = ['GENERIC_SECRET', 'PHONE_NUMBER', 'DATE_OF_BIRTH', 'STREET_ADDRESS', 'ORGANIZATION', 'PERSON', 'LOCATION', 'ZIP_CODE', 'AGE', 'DOMAIN_NAME', 'NRP'];
const SPECIFICITY: ReadonlyMap<EntityType, number> = new Map(
  (
    [
      ...ALL_ENTITIES.filter((e) => !CONTEXTUAL_TAIL.includes(e)),
      ...CONTEXTUAL_TAIL,
    ] as EntityType[]
  ).map((e, i) => [e, i]),
);

function better(a: Span, b: Span): number {
  return b.score - a.score || (SPECIFICITY.get(a.entity) ?? 99) - (SPECIFICITY.get(b.entity) ?? 99) || b.end - b.start - (a.end - a.start);
}

/** Greedy by rank inside one cluster of mutually reachable overlapping spans. */
function resolveCluster(cluster: Span[], kept: Span[]): void {
  if (cluster.length === 1) {
    kept.push(cluster[0]);
    return;
  }
  const chosen: Span[] = [];
  for (const s of [...cluster].sort(better)) {
    if (chosen.every((k) => s.end <= k.start || s.start >= k.end)) chosen.push(s);
  }
  for (const s of chosen) kept.push(s); // not push(...chosen): a cluster may be large
}

/** Keeps a set of non-overlapping spans, sorted by start. Linear in the spans outside overlaps. */
export function resolveOverlaps(spans: Span[]): Span[] {
  if (spans.length < 2) return spans;
  const byStart = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Span[] = [];
  let cluster: Span[] = [byStart[0]];
  let clusterEnd = byStart[0].end;
  for (let i = 1; i < byStart.length; i++) {
    const s = byStart[i];
    if (s.start < clusterEnd) {
      cluster.push(s);
      clusterEnd = Math.max(clusterEnd, s.end);
    } else {
      resolveCluster(cluster, kept);
      cluster = [s];
      clusterEnd = s.end;
    }
  }
  resolveCluster(cluster, kept);
  return kept.sort((a, b) => a.start - b.start);
}
