/**
 * A unique index held in memory: index key -> `_id`, so a conflict check and a lookup by unique
 * key are one Map access. Keys follow MongoDB: a missing field indexes as null (so two documents
 * missing it conflict) unless the index is sparse, and an array indexes each element.
 */
import type { IndexSpec } from '../types.js';
import { indexName } from '../index-name.js';
import { EMPTY_ARRAY, isPlainObject, valuesAtPath } from './field-path.js';
import { encodeJson } from './extended-json.js';

/** One field value as a map key; the type tag keeps `1`, `"1"` and `true` apart. */
function keyPart(value: unknown): string {
  if (value === undefined || value === null) return 'n';
  if (value === EMPTY_ARRAY) return 'e';
  switch (typeof value) {
    case 'number':
      return `N${value}`;
    case 'string':
      return `S${value}`;
    case 'boolean':
      return `B${value}`;
    default:
      if (value instanceof Date) return `D${value.getTime()}`;
      return `O${encodeJson(value)}`;
  }
}

/** A unique index of one collection. */
export class UniqueIndex {
  readonly name: string;
  readonly fields: string[];
  /** Index key -> `_id` of the document holding it. */
  readonly owners = new Map<string, string>();

  constructor(readonly spec: IndexSpec) {
    this.name = indexName(spec);
    this.fields = Object.keys(spec.key);
  }

  /** The document's index keys (several for array values); none when a sparse index skips it. */
  keysOf(doc: object): string[] {
    let keys: string[] = [''];
    for (const field of this.fields) {
      const values = valuesAtPath(doc, field);
      if (values.length === 0) {
        if (this.spec.sparse) return [];
        values.push(null);
      }
      const parts = [...new Set(values.map(keyPart))];
      keys = keys.flatMap((prefix) => parts.map((part) => `${prefix}\u0000${part}`));
    }
    return keys;
  }

  /**
   * The index key a filter pins with plain equality on every indexed field, if it does, so the
   * document can be found without a scan.
   */
  keyForFilter(filter: Record<string, unknown>): string | undefined {
    let key = '';
    for (const field of this.fields) {
      let value = filter[field];
      if (isPlainObject(value) && Object.keys(value).length === 1 && '$eq' in value) value = value.$eq;
      const scalar =
        typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date;
      if (!scalar) return undefined;
      key += `\u0000${keyPart(value)}`;
    }
    return key;
  }
}
