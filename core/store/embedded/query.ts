/**
 * Reads of the embedded store: MongoDB filters, sort, skip, limit and projection evaluated by
 * mingo. A lookup by `_id` or by a unique key is a Map access; anything else scans the collection.
 * Expired documents (TTL) are never returned.
 */
import { Query, find } from 'mingo';
import type { Filter, FindOptions, Projection, SortSpec } from '../types.js';
import { StoreError } from '../types.js';
import type { CollectionState, StoredDoc } from './collection-state.js';
import { isPlainObject } from './field-path.js';

// No server-side JavaScript ($where, $function): filters may carry caller input.
const MINGO_OPTIONS = { scriptEnabled: false } as const;

/** Runs a mingo call, turning its errors (unknown operator, bad regex, ...) into `invalid_query`. */
export function asInvalidQuery<R>(fn: () => R): R {
  try {
    return fn();
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError('invalid_query', (error as Error).message);
  }
}

/** The `_id`s a filter pins by equality (`_id: x`, `{$eq: x}`, `{$in: [...]}`), if it does. */
export function pinnedIds(filter: Filter): string[] | undefined {
  const id = filter._id;
  if (typeof id === 'string') return [id];
  if (isPlainObject(id) && Object.keys(id).length === 1) {
    if (typeof id.$eq === 'string') return [id.$eq];
    if (Array.isArray(id.$in) && id.$in.every((v) => typeof v === 'string')) return id.$in as string[];
  }
  return undefined;
}

/** The documents worth testing against the filter: by `_id`, by unique key, or all of them. */
function candidates(coll: CollectionState, filter: Filter): Iterable<StoredDoc> {
  const ids = pinnedIds(filter);
  if (ids) return [...new Set(ids)].flatMap((id) => coll.docs.get(id) ?? []);
  for (const index of coll.unique) {
    const key = index.keyForFilter(filter);
    if (key === undefined) continue;
    const owner = index.owners.get(key);
    const doc = owner === undefined ? undefined : coll.docs.get(owner);
    return doc ? [doc] : [];
  }
  return coll.docs.values();
}

/** Compiles a filter; StoreError `invalid_query` if mingo rejects it. */
function compileFilter(filter: Filter = {}): (doc: StoredDoc) => boolean {
  if (!isPlainObject(filter)) throw new StoreError('invalid_query', 'filter must be an object');
  const query = asInvalidQuery(() => new Query(filter, MINGO_OPTIONS));
  return (doc) => asInvalidQuery(() => query.test(doc));
}

function checkOptions(options: FindOptions): void {
  for (const [name, value] of [
    ['skip', options.skip],
    ['limit', options.limit],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
      throw new StoreError('invalid_query', `${name} must be a non-negative integer`);
    }
  }
  if (options.sort && Object.values(options.sort).some((dir) => dir !== 1 && dir !== -1)) {
    throw new StoreError('invalid_query', 'sort directions must be 1 or -1');
  }
}

/**
 * The stored (unprojected, uncopied) documents matching `filter` at `now`, sorted, skipped and
 * limited; `limit` 0 or absent means no limit.
 */
export function matchDocs(
  coll: CollectionState,
  filter: Filter | undefined,
  now: number,
  options: { sort?: SortSpec; skip?: number; limit?: number } = {},
): StoredDoc[] {
  checkOptions(options);
  const test = compileFilter(filter);
  const { sort, skip = 0, limit = 0 } = options;
  const out: StoredDoc[] = [];
  for (const doc of candidates(coll, filter ?? {})) {
    if (coll.isExpired(doc, now) || !test(doc)) continue;
    out.push(doc);
    // Without a sort the first skip + limit matches are the answer.
    if (!sort && limit > 0 && out.length >= skip + limit) break;
  }
  if (!sort) return out.slice(skip, limit > 0 ? skip + limit : undefined);
  return asInvalidQuery(() => {
    const cursor = find<StoredDoc>(out, {}, undefined, MINGO_OPTIONS).sort(sort).skip(skip);
    return (limit > 0 ? cursor.limit(limit) : cursor).all();
  });
}

/** Copies documents out of the store, applying a projection if given. */
export function exportDocs<T>(docs: StoredDoc[], projection?: Projection): T[] {
  if (projection && Object.keys(projection).length > 0) {
    const projected = asInvalidQuery(() => find(docs, {}, projection, MINGO_OPTIONS).all());
    return structuredClone(projected) as T[];
  }
  return structuredClone(docs) as T[];
}
