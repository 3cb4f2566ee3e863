/**
 * MongoDB deletes expired documents only when its TTL monitor runs (every 60 s), so a read could
 * return a document past its expiry. Reads add a condition hiding those, which keeps MongoDB's
 * answers identical to the embedded store's. The TTL indexes of a collection are listed once and
 * cached until this process changes its indexes.
 */
import type { Db } from 'mongodb';
import type { Filter } from '../types.js';

interface TtlRule {
  field: string;
  afterMs: number;
}

/** Adds "not expired" conditions to read filters. */
export class TtlReadFilter {
  private readonly rules = new Map<string, Promise<TtlRule[]>>();

  constructor(private readonly db: Db) {}

  /** Drops the cached TTL rules of a collection (after an index change). */
  forget(collection: string): void {
    this.rules.delete(collection);
  }

  private load(collection: string): Promise<TtlRule[]> {
    let rules = this.rules.get(collection);
    if (!rules) {
      rules = this.db
        .collection(collection)
        .listIndexes()
        .toArray()
        .then((indexes) =>
          indexes
            .filter((index) => typeof index.expireAfterSeconds === 'number')
            .map((index) => ({ field: Object.keys(index.key)[0]!, afterMs: index.expireAfterSeconds * 1000 })),
        )
        .catch((error: { code?: number }) => {
          if (error.code === 26) return []; // NamespaceNotFound: no collection, no indexes yet
          this.rules.delete(collection);
          throw error;
        });
      this.rules.set(collection, rules);
    }
    return rules;
  }

  /** `filter` plus, for each TTL index, "the Date in its field has not expired". */
  async apply(collection: string, filter: Filter = {}): Promise<Filter> {
    const rules = await this.load(collection);
    if (rules.length === 0) return filter;
    const now = Date.now();
    // $not of $lte keeps documents without a Date there: they never expire.
    const live = rules.map((rule) => ({ [rule.field]: { $not: { $lte: new Date(now - rule.afterMs) } } }));
    return { $and: [filter, ...live] };
  }
}
