/**
 * JSON text for stored documents that keeps Dates as Dates: a Date is written as
 * `{"$date": "<ISO 8601>"}` (or `{"$date": null}` for an invalid Date) and read back as a Date.
 * The journal and the snapshot both use it, so a document reads the same after a restart.
 */

function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // JSON.stringify has already called Date.prototype.toJSON on `value`; the holder keeps the Date.
  const raw = this[key];
  if (raw instanceof Date) {
    return { $date: Number.isNaN(raw.getTime()) ? null : raw.toISOString() };
  }
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$date') {
      const iso = (value as { $date: unknown }).$date;
      if (iso === null) return new Date(Number.NaN);
      if (typeof iso === 'string') return new Date(iso);
    }
  }
  return value;
}

/** Serialises a value to one line of JSON, Dates encoded as `{"$date": ...}`. */
export function encodeJson(value: unknown): string {
  return JSON.stringify(value, replacer);
}

/** Parses text written by {@link encodeJson}, turning `{"$date": ...}` back into Dates. */
export function decodeJson<T = unknown>(text: string): T {
  return JSON.parse(text, reviver) as T;
}
