/**
 * Sensitivity: the operator's pick of an operating point on a detector's measured
 * precision/recall curve. The training script measures one threshold per sensitivity and stores
 * them in the model file; the detector then maps its calibrated score so that the chosen point's
 * threshold lands on the detector's default threshold. A rule that keeps the default threshold
 * therefore fires exactly at the chosen operating point, and a rule with a threshold of its own
 * moves along the curve from there.
 */

/** The `sensitivity` setting of prompt_guard and indirect_prompt_injection. */
export type Sensitivity = 'low' | 'balanced' | 'high';

/** Thresholds of the calibrated score, one per sensitivity (`balanced` is the model's default threshold). */
export type OperatingPoints = Readonly<Record<Sensitivity, number>>;

/**
 * The score mapping of one sensitivity: piecewise linear and increasing, 0 stays 0 and 1 stays 1,
 * and the point's threshold maps onto the default (`balanced`) threshold. `balanced` is the
 * identity, so its scores are the calibrated probabilities themselves.
 */
export function scoreMapping(points: OperatingPoints, sensitivity: Sensitivity): (score: number) => number {
  const from = points[sensitivity];
  const to = points.balanced;
  if (from === to || from <= 0 || from >= 1) return (score) => score;
  const below = to / from;
  const above = (1 - to) / (1 - from);
  return (score) => (score < from ? score * below : to + (score - from) * above);
}
