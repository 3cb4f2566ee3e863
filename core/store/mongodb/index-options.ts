import type { CreateIndexesOptions } from 'mongodb';
import type { IndexSpec } from '../types.js';

/**
 * The driver options of an index spec. `sparse` becomes a partial index on "every key field
 * exists", which is what the embedded store enforces (MongoDB's own sparse compound index skips
 * only documents missing all of them).
 */
export function indexOptions(spec: IndexSpec): CreateIndexesOptions {
  const options: CreateIndexesOptions = {};
  if (spec.name !== undefined) options.name = spec.name;
  if (spec.unique) options.unique = true;
  if (spec.expireAfterSeconds !== undefined) options.expireAfterSeconds = spec.expireAfterSeconds;
  if (spec.sparse) {
    options.partialFilterExpression = Object.fromEntries(
      Object.keys(spec.key).map((field) => [field, { $exists: true }]),
    );
  }
  return options;
}
