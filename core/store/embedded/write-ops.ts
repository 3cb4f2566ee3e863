/**
 * The write operations of the contract (insert, update, upsert, replace, delete) expressed over
 * a {@link WriteScope}, so a single call and an atomic batch share one implementation.
 */
import { randomUUID } from 'node:crypto';
import type { BatchOp, Doc, Filter, SortSpec, Update } from '../types.js';
import { StoreError } from '../types.js';
import type { StoredDoc } from './collection-state.js';
import { matchDocs, pinnedIds } from './query.js';
import { applyUpdate, checkReplacement, checkUpdate, upsertSeed } from './update-doc.js';
import type { WriteScope } from './write-scope.js';
import { encodeJson } from './extended-json.js';

/** What an update or replace did; `before`/`after` are the stored versions (never mutated). */
export interface WriteOutcome {
  matched: number;
  modified: number;
  upsertedId?: string;
  before: StoredDoc | null;
  after: StoredDoc | null;
}

/** Puts `_id` first, as MongoDB stores it. */
function idFirst(id: string, doc: Doc): Doc {
  const { _id: _ignored, ...rest } = doc;
  return { _id: id, ...rest };
}

/** Inserts documents in order, giving each without an `_id` a UUID. */
export function insertDocs(scope: WriteScope, name: string, docs: Doc[]): StoredDoc[] {
  return docs.map((doc) => {
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
      throw new StoreError('validation_failed', 'a document must be an object');
    }
    return scope.insert(name, idFirst(doc._id ?? randomUUID(), doc));
  });
}

/** Applies an update to the first match (or every match with `many`), upserting if asked. */
export function updateDocs(
  scope: WriteScope,
  name: string,
  filter: Filter,
  update: Update,
  options: { many?: boolean; upsert?: boolean; sort?: SortSpec } = {},
): WriteOutcome {
  checkUpdate(update);
  const matches = matchDocs(scope.coll(name), filter, scope.now, {
    sort: options.sort,
    limit: options.many ? 0 : 1,
  });
  if (matches.length === 0) {
    if (!options.upsert) return { matched: 0, modified: 0, before: null, after: null };
    const doc = upsertSeed(filter);
    applyUpdate(doc, update, filter, true);
    const stored = scope.insert(name, idFirst(doc._id ?? randomUUID(), doc));
    return { matched: 0, modified: 0, upsertedId: stored._id, before: null, after: stored };
  }
  let modified = 0;
  let before: StoredDoc | null = null;
  let after: StoredDoc | null = null;
  for (const doc of matches) {
    const next = structuredClone(doc);
    before = doc;
    after = doc;
    if (applyUpdate(next, update, filter, false)) {
      after = scope.put(name, next);
      modified++;
    }
  }
  return { matched: matches.length, modified, before, after };
}

/** Replaces the first match whole (keeping its `_id`), upserting if asked. */
export function replaceDoc(
  scope: WriteScope,
  name: string,
  filter: Filter,
  doc: Doc,
  options: { upsert?: boolean } = {},
): WriteOutcome {
  checkReplacement(doc);
  const [existing] = matchDocs(scope.coll(name), filter, scope.now, { limit: 1 });
  if (!existing) {
    if (!options.upsert) return { matched: 0, modified: 0, before: null, after: null };
    const id = doc._id ?? pinnedIds(filter)?.[0] ?? randomUUID();
    const stored = scope.insert(name, idFirst(id, doc));
    return { matched: 0, modified: 0, upsertedId: stored._id, before: null, after: stored };
  }
  if (doc._id !== undefined && doc._id !== existing._id) {
    throw new StoreError('invalid_query', `replacement would change the immutable _id of ${existing._id}`);
  }
  const next = idFirst(existing._id, doc);
  if (encodeJson(next) === encodeJson(existing)) {
    return { matched: 1, modified: 0, before: existing, after: existing };
  }
  return { matched: 1, modified: 1, before: existing, after: scope.put(name, next) };
}

/** Deletes the first match (or every match with `many`); returns how many. */
export function deleteDocs(scope: WriteScope, name: string, filter: Filter, many: boolean): number {
  const matches = matchDocs(scope.coll(name), filter, scope.now, { limit: many ? 0 : 1 });
  for (const doc of matches) scope.remove(name, doc._id);
  return matches.length;
}

/** Applies one op of an atomic batch. */
export function applyBatchOp(scope: WriteScope, op: BatchOp): void {
  switch (op.op) {
    case 'insert':
      insertDocs(scope, op.collection, [op.doc]);
      return;
    case 'update':
      updateDocs(scope, op.collection, op.filter, op.update, { many: op.many, upsert: op.upsert });
      return;
    case 'replace':
      replaceDoc(scope, op.collection, op.filter, op.doc, { upsert: op.upsert });
      return;
    case 'delete':
      deleteDocs(scope, op.collection, op.filter, Boolean(op.many));
      return;
    default:
      throw new StoreError('invalid_query', `unknown batch op ${JSON.stringify((op as { op?: unknown }).op)}`);
  }
}
