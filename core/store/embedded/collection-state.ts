/**
 * The in-memory state of one embedded collection: documents by `_id`, index definitions, the
 * maps of its unique indexes and its TTL rules. Stored documents are never mutated in place (a
 * write stores a new object), so readers and the snapshot writer can hold them safely.
 */
import type { Doc, IndexSpec } from '../types.js';
import { StoreError } from '../types.js';
import { indexName } from '../index-name.js';
import { UniqueIndex } from './unique-index.js';
import { expiryOf, isExpired, ttlRuleOf, type TtlRule } from './ttl-rule.js';

/** A stored document: `_id` is always set. */
export type StoredDoc = Doc & { _id: string };

/** A unique-index conflict: the index and the `_id` of the document already holding the key. */
export interface Conflict {
  index: UniqueIndex;
  ownerId: string;
}

function sameSpec(a: IndexSpec, b: IndexSpec): boolean {
  return (
    JSON.stringify(a.key) === JSON.stringify(b.key) &&
    Boolean(a.unique) === Boolean(b.unique) &&
    Boolean(a.sparse) === Boolean(b.sparse) &&
    a.expireAfterSeconds === b.expireAfterSeconds
  );
}

/** Throws StoreError `invalid_query` unless the spec is one this store can build. */
function checkIndexSpec(spec: IndexSpec): void {
  const entries = Object.entries(spec?.key ?? {});
  if (entries.length === 0 || entries.some(([, dir]) => dir !== 1 && dir !== -1)) {
    throw new StoreError('invalid_query', 'index key must name at least one field with direction 1 or -1');
  }
  if (spec.expireAfterSeconds !== undefined) {
    if (entries.length !== 1) throw new StoreError('invalid_query', 'a TTL index must have exactly one field');
    if (!Number.isFinite(spec.expireAfterSeconds) || spec.expireAfterSeconds < 0) {
      throw new StoreError('invalid_query', 'expireAfterSeconds must be a non-negative number');
    }
  }
}

/** One collection held in memory. */
export class CollectionState {
  readonly docs = new Map<string, StoredDoc>();
  readonly indexes = new Map<string, IndexSpec>();
  readonly unique: UniqueIndex[] = [];
  readonly ttl: TtlRule[] = [];
  /**
   * No document expires before this (epoch ms): lowered as documents are stored, raised again
   * by a sweep, so a sweep of a collection whose documents live for days skips it whole.
   * It may be too early (a document removed since), never too late.
   */
  earliestExpiry = Number.POSITIVE_INFINITY;

  constructor(readonly name: string) {}

  /** True when a TTL index says the document has expired at `now` (epoch ms). */
  isExpired(doc: StoredDoc, now: number): boolean {
    return this.ttl.length > 0 && isExpired(doc, this.ttl, now);
  }

  /** The live (unexpired) document with this `_id`. */
  live(id: string, now: number): StoredDoc | undefined {
    const doc = this.docs.get(id);
    return doc && !this.isExpired(doc, now) ? doc : undefined;
  }

  /** Stores (or with `undefined` removes) the version of `id`, keeping unique maps in step; no checks. */
  setRaw(id: string, doc: StoredDoc | undefined): void {
    const prev = this.docs.get(id);
    for (const index of this.unique) {
      if (prev) {
        for (const key of index.keysOf(prev)) {
          if (index.owners.get(key) === id) index.owners.delete(key);
        }
      }
      if (doc) for (const key of index.keysOf(doc)) index.owners.set(key, id);
    }
    if (doc) {
      this.docs.set(id, doc);
      if (this.ttl.length > 0) this.earliestExpiry = Math.min(this.earliestExpiry, expiryOf(doc, this.ttl));
    } else this.docs.delete(id);
  }

  /**
   * Drops the documents stored first until at most `keep` are left (re-storing a document keeps
   * its place); returns how many went. Not journaled: applied again on load, it leaves the same.
   */
  dropOldest(keep: number): number {
    let dropped = 0;
    for (const id of this.docs.keys()) {
      if (this.docs.size <= keep) break;
      this.setRaw(id, undefined);
      dropped++;
    }
    return dropped;
  }

  /** The first unique-index key of `doc` already held by another document. */
  conflictOf(doc: StoredDoc): Conflict | undefined {
    for (const index of this.unique) {
      for (const key of index.keysOf(doc)) {
        const ownerId = index.owners.get(key);
        if (ownerId !== undefined && ownerId !== doc._id) return { index, ownerId };
      }
    }
    return undefined;
  }

  /**
   * Adds an index. A unique index is built from the live documents first and refused with
   * StoreError `duplicate_key` if they already conflict (`strict`); replay builds it leniently.
   * Returns false when the same index already exists.
   */
  addIndex(spec: IndexSpec, now: number, strict: boolean): boolean {
    checkIndexSpec(spec);
    const name = indexName(spec);
    const existing = this.indexes.get(name);
    if (existing) {
      if (sameSpec(existing, spec)) return false;
      throw new StoreError('invalid_query', `index ${name} already exists on ${this.name} with other options`);
    }
    if (spec.unique) {
      const index = new UniqueIndex(spec);
      for (const doc of this.docs.values()) {
        if (strict && this.isExpired(doc, now)) continue;
        for (const key of index.keysOf(doc)) {
          const ownerId = index.owners.get(key);
          if (strict && ownerId !== undefined && ownerId !== doc._id) {
            throw new StoreError(
              'duplicate_key',
              `cannot build unique index ${name} on ${this.name}: documents ${ownerId} and ${doc._id} share a key`,
              index.fields,
            );
          }
          index.owners.set(key, doc._id);
        }
      }
      this.unique.push(index);
    }
    const rule = ttlRuleOf(spec);
    if (rule) {
      this.ttl.push(rule);
      // Unknown until the next sweep looks at every document.
      this.earliestExpiry = Number.NEGATIVE_INFINITY;
    }
    this.indexes.set(name, { ...spec, name });
    return true;
  }

  /** Removes an index added by {@link addIndex} (used to undo a failed write). */
  removeIndex(name: string): void {
    const spec = this.indexes.get(name);
    if (!spec) return;
    this.indexes.delete(name);
    const at = this.unique.findIndex((index) => index.name === name);
    if (at !== -1) this.unique.splice(at, 1);
    const rule = ttlRuleOf(spec);
    if (rule) {
      const ruleAt = this.ttl.findIndex((r) => r.field === rule.field && r.afterMs === rule.afterMs);
      if (ruleAt !== -1) this.ttl.splice(ruleAt, 1);
    }
  }
}
