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

/** When the rules say the document expires (epoch ms): the earliest rule's; Infinity for never. */
export function expiryOf(doc: object, rules: readonly TtlRule[]): number {
  let expiry = Number.POSITIVE_INFINITY;
  for (const rule of rules) {
    for (const value of valuesAtPath(doc, rule.field)) {
      if (value instanceof Date && value.getTime() + rule.afterMs < expiry) expiry = value.getTime() + rule.afterMs;
    }
  }
  return expiry;
}

/** True when any rule says the document has expired at `now` (epoch ms). */
export function isExpired(doc: object, rules: readonly TtlRule[], now: number): boolean {
  return expiryOf(doc, rules) <= now;
}
