/**
 * JSON text for stored documents that keeps Dates as Dates: a Date is written as
 * `{"$date": "<ISO 8601>"}` (or `{"$date": null}` for an invalid Date) and read back as a Date.
 * The journal and the snapshot both use it, so a document reads the same after a restart.
 *
 * Both directions run JSON's native code on the whole document and touch only the Dates
 * around it: a `replacer` or `reviver` function would be called for every value (several
 * times slower, and every Activity record goes through here).
 */

/** Nesting past this is left to the replacer, which reports a cycle as JSON.stringify does. */
const MAX_WALK_DEPTH = 200;

function encodedDate(date: Date): { $date: string | null } {
  return { $date: Number.isNaN(date.getTime()) ? null : date.toISOString() };
}

function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // JSON.stringify has already called Date.prototype.toJSON on `value`; the holder keeps the Date.
  const raw = this[key];
  return raw instanceof Date ? encodedDate(raw) : value;
}

const TOO_DEEP = Symbol('too deep');

/**
 * `value` with each Date replaced by its `{ $date }` form. Objects and arrays are copied only
 * on the way to a Date, so a document without Dates comes back as itself. Objects with their
 * own `toJSON` are left to it, as JSON.stringify does.
 */
function withDatesEncoded(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return encodedDate(value);
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (depth > MAX_WALK_DEPTH) throw TOO_DEEP;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = withDatesEncoded(value[i], depth + 1);
      if (item !== value[i]) (copy ??= value.slice())[i] = item;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const field = withDatesEncoded(record[key], depth + 1);
    // The copy's fields are own data properties (a `__proto__` one too), so assignment sets them.
    if (field !== record[key]) (copy ??= { ...record })[key] = field;
  }
  return copy ?? value;
}

/** Serialises a value to one line of JSON, Dates encoded as `{"$date": ...}`. */
export function encodeJson(value: unknown): string {
  let prepared: unknown;
  try {
    prepared = withDatesEncoded(value, 0);
  } catch (error) {
    if (error !== TOO_DEEP) throw error;
    return JSON.stringify(value, replacer);
  }
  return JSON.stringify(prepared);
}

/** The Date an object `{ $date: ... }` (that key alone) stands for, else undefined. */
function decodedDate(value: Record<string, unknown>): Date | undefined {
  if (!Object.hasOwn(value, '$date')) return undefined;
  for (const key in value) if (key !== '$date') return undefined;
  const iso = value.$date;
  if (iso === null) return new Date(Number.NaN);
  return typeof iso === 'string' ? new Date(iso) : undefined;
}

/** Replaces, in place, every `{ $date }` object inside freshly parsed JSON with its Date. */
function reviveDates(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = reviveDates(value[i]);
      if (item !== value[i]) value[i] = item;
    }
    return value;
  }
  const record = value as Record<string, unknown>;
  const date = decodedDate(record);
  if (date) return date;
  for (const key in record) {
    const field = reviveDates(record[key]);
    if (field !== record[key]) record[key] = field;
  }
  return record;
}

/** Parses text written by {@link encodeJson}, turning `{"$date": ...}` back into Dates. */
export function decodeJson<T = unknown>(text: string): T {
  return reviveDates(JSON.parse(text)) as T;
}
