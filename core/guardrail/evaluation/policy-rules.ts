/**
 * The detector rules an evaluation runs: the policy's rules of the evaluation's direction (`both`
 * rules in either), less the detectors the consumer's override disables. They depend only on the
 * compiled policy, which lives as long as its config snapshot, so each list is resolved on first
 * use and kept beside the policy: evaluations filter nothing, and a new snapshot (a new compiled
 * policy) starts afresh.
 */
import type { CompiledPolicy, CompiledRule } from '../config/compiled-config.js';
import type { ConsumerOverride } from '../config/records.js';

type Direction = 'input' | 'output';

/** One policy's resolved lists: without an override, and per override record. */
interface ResolvedRules {
  plain: Partial<Record<Direction, readonly CompiledRule[]>>;
  byOverride: Map<ConsumerOverride, Partial<Record<Direction, readonly CompiledRule[]>>>;
}

const resolved = new WeakMap<CompiledPolicy, ResolvedRules>();

function rulesOf(policy: CompiledPolicy, direction: Direction, disabled: readonly string[]): readonly CompiledRule[] {
  return policy.rules.filter((r) => (r.direction === 'both' || r.direction === direction) && !disabled.includes(r.detectorId));
}

/** The rules of `policy` an evaluation in `direction` runs, for a consumer with `override` (if any). Treat as read-only. */
export function rulesFor(policy: CompiledPolicy, direction: Direction, override?: ConsumerOverride): readonly CompiledRule[] {
  let known = resolved.get(policy);
  if (!known) resolved.set(policy, (known = { plain: {}, byOverride: new Map() }));
  let lists = known.plain;
  if (override) {
    lists = known.byOverride.get(override) ?? {};
    known.byOverride.set(override, lists);
  }
  return (lists[direction] ??= rulesOf(policy, direction, override?.disabled_detectors ?? []));
}
