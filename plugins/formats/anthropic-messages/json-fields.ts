import { FormatError } from '../../../core/canonical/index.js';

/**
 * Readers for fields of untrusted Messages API JSON. Each throws FormatError naming the field by
 * its path (`messages[2].content[0].text`), so a bad body is a 400 that says where.
 */

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as an object, or FormatError naming `path`. */
export function expectObject(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw new FormatError(`${path || 'the body'} must be an object`, path || undefined);
  return value;
}

/** The value as an array, or FormatError naming `path`. */
export function expectArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new FormatError(`${path} must be an array`, path);
  return value;
}

/** A required string field. */
export function requireString(obj: JsonObject, key: string, path: string): string {
  const value = obj[key];
  if (typeof value !== 'string') throw new FormatError(`${childPath(path, key)} must be a string`, childPath(path, key));
  return value;
}

/** An optional string field (null counts as absent, as the API allows). */
export function optionalString(obj: JsonObject, key: string, path: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new FormatError(`${childPath(path, key)} must be a string`, childPath(path, key));
  return value;
}

/** An optional number field (null counts as absent). */
export function optionalNumber(obj: JsonObject, key: string, path: string): number | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new FormatError(`${childPath(path, key)} must be a number`, childPath(path, key));
  }
  return value;
}

/** An optional boolean field (null counts as absent). */
export function optionalBoolean(obj: JsonObject, key: string, path: string): boolean | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new FormatError(`${childPath(path, key)} must be a boolean`, childPath(path, key));
  return value;
}

/** Joins a parent path and a key or index the way error messages show it. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}
