/**
 * The toxicity detector's operating points. A sensitivity moves the model's confidence along
 * the logit axis before the lexicon floors apply, so the rule's threshold (0.5 by default) falls
 * on another point of the precision/recall curve while texts keep their order, and a slur, a
 * threat or a self-harm phrase (a high-severity floor) is reported at every sensitivity. The
 * shifts were chosen on the tune part of the Davidson tweets (FNV-1a(row id) % 20 in 12..14,
 * never the part the eval reports): `low` puts 0.5 where the balanced confidence is 0.95 (false
 * positives 7 -> 4 of 150 "neither" tweets; the other 4 are quoted slurs, held by the floor),
 * `high` where it is 0.35 (the most recall before false positives climb). The points measured
 * with them are in docs/detectors/toxicity.md.
 */
import type { Sensitivity } from './settings.js';

const logit = (p: number) => Math.log(p / (1 - p));

/** Added to a confidence's logit, per sensitivity. */
export const CONFIDENCE_SHIFT: Readonly<Record<Sensitivity, number>> = {
  low: -logit(0.95),
  balanced: 0,
  high: -logit(0.35),
};

/** `confidence` moved by `shift` logits (0 leaves it exactly as it is). */
export function shiftConfidence(confidence: number, shift: number): number {
  if (shift === 0 || confidence <= 0 || confidence >= 1) return confidence;
  return 1 / (1 + Math.exp(-(logit(confidence) + shift)));
}
