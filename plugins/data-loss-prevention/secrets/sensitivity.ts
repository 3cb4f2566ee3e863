/** The operating points of the secret recognizers, ordered from fewest false positives to most recall. */

/** `low`: only what is surest; `balanced` (the default): the measured best trade; `high`: the most recall. */
export type Sensitivity = 'low' | 'balanced' | 'high';

const RANK: Record<Sensitivity, number> = { low: 0, balanced: 1, high: 2 };

/** True when a check that starts at `from` runs at `point`. */
export function reaches(point: Sensitivity, from: Sensitivity): boolean {
  return RANK[point] >= RANK[from];
}
