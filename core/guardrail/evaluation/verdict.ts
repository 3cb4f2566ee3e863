/**
 * Verdict statuses (spec 3.1), most restrictive first: block > ask > transform > report >
 * allow. When several results fire, the most restrictive wins; observe mode (3.2) caps the
 * status at `report`.
 */
import type { PolicyMode } from '../config/records.js';

/** A verdict status (spec 3.1). */
export type Status = 'allow' | 'report' | 'transform' | 'ask' | 'block';
/** A finding's action: a status word other than allow. */
export type FindingAction = Exclude<Status, 'allow'>;

const RANK: Record<Status, number> = { allow: 0, report: 1, transform: 2, ask: 3, block: 4 };

/** The most restrictive of `statuses` (`allow` when there are none). */
export function mostRestrictive(statuses: Iterable<Status>): Status {
  let worst: Status = 'allow';
  for (const s of statuses) if (RANK[s] > RANK[worst]) worst = s;
  return worst;
}

/** Observe records everything but applies nothing: any fired status becomes `report`. */
export function capForMode(status: Status, mode: PolicyMode): Status {
  return mode === 'observe' && status !== 'allow' ? 'report' : status;
}
