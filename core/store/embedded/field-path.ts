/**
 * Reads a dotted field path the way a MongoDB index does: through arrays of sub-documents, one
 * value per element (a multikey index), with numeric segments addressing array positions; and
 * tells sub-documents from other values.
 */

/** True for a sub-document: an object that is neither an array nor a Date. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

/** Stands for an empty array at the end of a path, which MongoDB indexes as its own key. */
export const EMPTY_ARRAY = Symbol('empty array');

/**
 * Every value at `path` in `doc`; arrays at the end of the path are expanded into their elements
 * (an empty one yields {@link EMPTY_ARRAY}). Returns an empty array when the path does not exist.
 */
export function valuesAtPath(doc: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, out);
  return out;
}

function collect(value: unknown, segments: string[], at: number, out: unknown[]): void {
  if (at === segments.length) {
    if (Array.isArray(value)) out.push(...(value.length > 0 ? value : [EMPTY_ARRAY]));
    else if (value !== undefined) out.push(value);
    return;
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) return;
  const segment = segments[at]!;
  if (Array.isArray(value)) {
    if (/^\d+$/.test(segment)) {
      collect(value[Number(segment)], segments, at + 1, out);
      return;
    }
    for (const element of value) collect(element, segments, at, out);
    return;
  }
  collect((value as Record<string, unknown>)[segment], segments, at + 1, out);
}

/** The value at a plain dotted path (no array fan-out), or undefined. */
export function valueAtPath(doc: unknown, path: string): unknown {
  let value: unknown = doc;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
