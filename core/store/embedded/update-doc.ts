/**
 * Applies MongoDB update documents with mingo, plus the parts mingo leaves to the server:
 * `$setOnInsert`, the document an upsert starts from, and refusing `$inc`/`$mul` on a
 * non-numeric value.
 */
import { update as mingoUpdate } from 'mingo';
import type { Doc, Filter, Update } from '../types.js';
import { StoreError } from '../types.js';
import { asInvalidQuery } from './query.js';
import { isPlainObject, valueAtPath } from './field-path.js';

/** Throws StoreError `invalid_query` unless `update` is a non-empty document of `$` operators. */
export function checkUpdate(update: Update): void {
  if (!isPlainObject(update)) throw new StoreError('invalid_query', 'update must be an object');
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((key) => !key.startsWith('$'))) {
    throw new StoreError('invalid_query', 'update document must contain only update operators ($set, $inc, ...)');
  }
  for (const key of keys) {
    if (!isPlainObject(update[key])) throw new StoreError('invalid_query', `${key} expects an object`);
  }
}

/** Throws StoreError `invalid_query` if a replacement document carries update operators. */
export function checkReplacement(doc: Doc): void {
  if (!isPlainObject(doc)) throw new StoreError('invalid_query', 'replacement must be an object');
  if (Object.keys(doc).some((key) => key.startsWith('$'))) {
    throw new StoreError('invalid_query', 'replacement document must not contain update operators');
  }
}

function checkNumericTargets(doc: Doc, update: Update): void {
  for (const op of ['$inc', '$mul'] as const) {
    const fields = update[op] as Record<string, unknown> | undefined;
    for (const path of Object.keys(fields ?? {})) {
      if (path.includes('$')) continue;
      const current = valueAtPath(doc, path);
      if (current !== undefined && typeof current !== 'number') {
        throw new StoreError('invalid_query', `cannot apply ${op} to the non-numeric field '${path}'`);
      }
    }
  }
}

/**
 * Applies `update` to `doc` in place. `filter` is the query that matched it (for the positional
 * `$` operator); when `inserting` (an upsert), `$setOnInsert` applies too. Returns whether the
 * document changed.
 */
export function applyUpdate(doc: Doc, update: Update, filter: Filter, inserting: boolean): boolean {
  const { $setOnInsert, ...rest } = update;
  let changed = false;
  if (inserting && isPlainObject($setOnInsert)) {
    const { _id, ...fields } = $setOnInsert;
    if (typeof _id === 'string' && doc._id === undefined) doc._id = _id;
    if (Object.keys(fields).length > 0) {
      changed = asInvalidQuery(() => mingoUpdate(doc, { $set: fields }, undefined, undefined, { cloneMode: 'deep' })).length > 0;
    }
  }
  if (Object.keys(rest).length > 0) {
    checkNumericTargets(doc, rest);
    const paths = asInvalidQuery(() =>
      // The condition lets mingo resolve `field.$`; a fresh upsert document is matched by construction.
      mingoUpdate(doc, rest, undefined, inserting ? undefined : filter, { cloneMode: 'deep' }),
    );
    changed = paths.length > 0 || changed;
  }
  return changed;
}

/**
 * The document an upsert starts from: the filter's equality conditions (`field: value`,
 * `{$eq: value}`, inside `$and` too), dotted paths expanded, as MongoDB does.
 */
export function upsertSeed(filter: Filter): Doc {
  const seed: Doc = {};
  const visit = (conditions: Filter): void => {
    for (const [path, condition] of Object.entries(conditions)) {
      if (path === '$and' && Array.isArray(condition)) {
        for (const clause of condition) if (isPlainObject(clause)) visit(clause);
        continue;
      }
      if (path.startsWith('$') || condition instanceof RegExp) continue;
      let value: unknown = condition;
      if (isPlainObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'))) {
        if (Object.keys(condition).length !== 1 || !('$eq' in condition)) continue;
        value = condition.$eq;
      }
      setPath(seed, path, structuredClone(value));
    }
  };
  visit(filter);
  return seed;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment];
    if (!isPlainObject(next)) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  node[segments[segments.length - 1]!] = value;
}
