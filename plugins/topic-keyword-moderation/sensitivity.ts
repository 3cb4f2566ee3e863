/**
 * topic_keyword_moderation's operating points. A denied topic's score is the noisy-or of the
 * weights of its terms found (strong 0.6, medium 0.35, weak 0.2; see topic-lexicons.ts), and the
 * rule's threshold is 0.5 by default:
 * - `low` takes 0.15 off a denied topic's score, so one strong term alone (0.6) no longer fires:
 *   it takes a strong term and another (0.68 and up), or three medium ones.
 * - `high` adds 0.1, so a medium and a weak term together (0.48) fire.
 * Off topic: `topic.off_allowed` has confidence 0.9 * (1 - best * 0.5 / allowedMatch), `best` the
 * best allowed topic's score, so it reaches 0.5 while `best` stays under 0.44 at balanced (two
 * medium terms, or a medium and a weak one, are on topic), 0.31 at `low` (one medium term is on
 * topic) and 0.53 at `high` (a medium and a weak term are not enough; one strong term is).
 * Keywords and patterns are exact matches: the same at every sensitivity. The points measured
 * with them are in docs/detectors/topic-keyword-moderation.md.
 */
import type { TopicKeywordModerationSettings } from './settings.js';

/** What the sensitivity changes. */
export interface TopicStrictness {
  /** Added to a denied topic's score (then kept within 0..1). */
  deniedShift: number;
  /** Scales the allowed topics' score in the off-topic confidence (0.5 at balanced: see above). */
  allowedMatch: number;
}

/** The strictness of each sensitivity. */
export const TOPIC_STRICTNESS: Readonly<Record<TopicKeywordModerationSettings['sensitivity'], TopicStrictness>> = {
  low: { deniedShift: -0.15, allowedMatch: 0.35 },
  balanced: { deniedShift: 0, allowedMatch: 0.5 },
  high: { deniedShift: 0.1, allowedMatch: 0.6 },
};
