import type { IndexSpec } from './types.js';

/** The index's name: the given one, or MongoDB's default (`field_1_other_-1`). */
export function indexName(spec: IndexSpec): string {
  return spec.name ?? Object.entries(spec.key).map(([field, dir]) => `${field}_${dir}`).join('_');
}
