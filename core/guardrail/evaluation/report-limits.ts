/**
 * How much one rule may report per evaluation. A crafted request can make a detector find
 * millions of things; the answer and the Activity record keep a bounded number of them and say
 * how many were left out (`evidence.truncated`). The limits bound the report only: every hit
 * still counts toward the status, and a Transform masks every value a detector found.
 */
import type { DetectorHit } from '../detector.js';

/** Findings one rule adds to an evaluation; further hits are counted on its last finding. */
export const MAX_FINDINGS_PER_RULE = 32;
/** Entity or category names one finding lists. */
export const MAX_ENTITIES_PER_FINDING = 32;
/** Characters of one entity name (a configured keyword, a host). */
export const MAX_ENTITY_LENGTH = 200;

/** The distinct entity names of a hit, at most MAX_ENTITIES_PER_FINDING, and how many were left out. */
export function boundedEntities(hit: DetectorHit): { entities: string[]; leftOut: number } {
  const seen = new Set<string>();
  let leftOut = 0;
  const all = Array.isArray(hit.entities) ? hit.entities : [];
  for (const entity of all) {
    const name = String(entity).slice(0, MAX_ENTITY_LENGTH);
    if (seen.has(name)) continue;
    if (seen.size < MAX_ENTITIES_PER_FINDING) seen.add(name);
    else leftOut++;
  }
  // What the detector itself left out of its list (it may cap before us).
  const reported = Number.isSafeInteger(hit.truncated) && hit.truncated! > 0 ? hit.truncated! : 0;
  return { entities: [...seen], leftOut: leftOut + reported };
}
