/**
 * TTL indexes: a document expires `expireAfterSeconds` after the Date in the indexed field (the
 * earliest one, when the field holds an array); without a Date it never expires. As in MongoDB.
 */
import type { IndexSpec } from '../types.js';
import { valuesAtPath } from './field-path.js';

/** A collection's TTL rule: the field and how long after its Date a document lives. */
export interface TtlRule {
  field: string;
  afterMs: number;
}

/** The TTL rule of an index spec, or undefined when it is not a TTL index. */
export function ttlRuleOf(spec: IndexSpec): TtlRule | undefined {
  if (spec.expireAfterSeconds === undefined) return undefined;
  const fields = Object.keys(spec.key);
  return { field: fields[0]!, afterMs: spec.expireAfterSeconds * 1000 };
}

/** True when any rule says the document has expired at `now` (epoch ms). */
export function isExpired(doc: object, rules: readonly TtlRule[], now: number): boolean {
  for (const rule of rules) {
    let earliest = Number.POSITIVE_INFINITY;
    for (const value of valuesAtPath(doc, rule.field)) {
      if (value instanceof Date && value.getTime() < earliest) earliest = value.getTime();
    }
    if (earliest + rule.afterMs <= now) return true;
  }
  return false;
}
