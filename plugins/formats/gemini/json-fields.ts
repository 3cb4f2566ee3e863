import { FormatError } from '../../../core/canonical/index.js';

/**
 * Readers for fields of untrusted generateContent JSON. Each throws FormatError naming the field
 * by its path (`contents[2].parts[0].text`), so a bad client body is a 400 that says where.
 */

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as an object, or FormatError naming `path`. */
export function expectObject(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw new FormatError(`${path} must be an object`, path);
  return value;
}

/** The value as an array, or FormatError naming `path`. */
export function expectArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new FormatError(`${path} must be an array`, path);
  return value;
}

/** An optional object field (null counts as absent, as proto3 JSON allows). */
export function optionalObject(obj: JsonObject, key: string, path: string): JsonObject | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  return expectObject(value, childPath(path, key));
}

/** An optional array field (null counts as absent). */
export function optionalArray(obj: JsonObject, key: string, path: string): unknown[] | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  return expectArray(value, childPath(path, key));
}

/** A required string field. */
export function requireString(obj: JsonObject, key: string, path: string): string {
  const value = obj[key];
  if (typeof value !== 'string') throw new FormatError(`${childPath(path, key)} must be a string`, childPath(path, key));
  return value;
}

/** An optional string field (null counts as absent). */
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

/** An optional integer field (null counts as absent). */
export function optionalInteger(obj: JsonObject, key: string, path: string): number | undefined {
  const value = optionalNumber(obj, key, path);
  if (value !== undefined && !Number.isInteger(value)) {
    throw new FormatError(`${childPath(path, key)} must be an integer`, childPath(path, key));
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

/** An optional array of strings (null counts as absent). */
export function optionalStringArray(obj: JsonObject, key: string, path: string): string[] | undefined {
  const list = optionalArray(obj, key, path);
  if (list === undefined) return undefined;
  return list.map((item, i) => {
    if (typeof item !== 'string') throw new FormatError(`${childPath(childPath(path, key), i)} must be a string`, childPath(childPath(path, key), i));
    return item;
  });
}

/** Joins a parent path and a key or index the way the error messages show it. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}
