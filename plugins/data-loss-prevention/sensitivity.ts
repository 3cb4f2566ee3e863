/**
 * The `sensitivity` setting: which point of the measured precision/recall curve a rule runs at
 * (the points are published in docs/detectors/data-loss-prevention.md).
 */
import type { EntityType } from './entity-types.js';
import { OPT_IN_ENTITIES } from './entity-types.js';
import type { Span } from './span.js';

/** `low`: fewest false positives; `balanced` (default); `high`: most recall. */
export type Sensitivity = 'low' | 'balanced' | 'high';

/**
 * The least score a span of a contextual type (names, addresses, places, the other opt-in
 * types) needs at each point. Scores from 0.55 to 0.8 are the recognizers' guesses without a
 * cue (a given name alone, a surname listed beside a found name, two unknown capitalised
 * words): `low` drops them. Scores under 0.55 are weak candidates only `high` keeps (a bare
 * number closing `when he was 78.`).
 */
const MIN_CONTEXTUAL_SCORE: Record<Sensitivity, number> = { low: 0.8, balanced: 0.55, high: 0 };

const CONTEXTUAL: ReadonlySet<EntityType> = new Set(OPT_IN_ENTITIES);

/** A span filter for one sensitivity, or undefined when every span is kept. */
export function spanFilter(sensitivity: Sensitivity): ((s: Span) => boolean) | undefined {
  const min = MIN_CONTEXTUAL_SCORE[sensitivity];
  if (min === 0) return undefined;
  return (s) => s.score >= min || !CONTEXTUAL.has(s.entity);
}
