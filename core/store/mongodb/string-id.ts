/**
 * Keeps `_id`s strings on MongoDB. The server invents an ObjectId for an upserted document
 * unless the query pins `_id` or the update sets it, so upserts get a UUID in `$setOnInsert`.
 */
import { randomUUID } from 'node:crypto';
import type { Filter, Update } from '../types.js';

/** The string `_id` a filter pins by equality (`_id: x` or `{$eq: x}`), if any. */
export function pinnedId(filter: Filter): string | undefined {
  const id = filter._id;
  if (typeof id === 'string') return id;
  if (id && typeof id === 'object' && !Array.isArray(id)) {
    const eq = (id as Record<string, unknown>).$eq;
    if (typeof eq === 'string' && Object.keys(id).length === 1) return eq;
  }
  return undefined;
}

/** The update an upsert should send: with `$setOnInsert: {_id: <uuid>}` when nothing else fixes `_id`. */
export function withUpsertId(filter: Filter, update: Update): Update {
  if (pinnedId(filter) !== undefined) return update;
  const setOnInsert = (update.$setOnInsert ?? {}) as Record<string, unknown>;
  const set = (update.$set ?? {}) as Record<string, unknown>;
  if ('_id' in setOnInsert || '_id' in set) return update;
  return { ...update, $setOnInsert: { ...setOnInsert, _id: randomUUID() } };
}
