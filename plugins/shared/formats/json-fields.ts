import { FormatError } from '../../../core/plugin/index.js';

/**
 * Readers for fields of untrusted wire-format JSON, shared by every format adapter. Each throws
 * FormatError naming the field by its path (`messages[2].content[0].text`), so a bad body is a
 * 400 that says where. Optional fields treat `null` as absent, as the providers' APIs do.
 */

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` parsed when it is JSON text (an error body read as text); anything else as it is. */
export function parseIfJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A finite number, or undefined for anything else: for counts (usage) that never fail an answer. */
export function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Joins a parent path and a key or index the way error messages show it. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/** The whole body as an object, or FormatError calling it `name`. */
export function expectBody(value: unknown, name = 'the body'): JsonObject {
  if (!isObject(value)) throw new FormatError(`${name} must be an object`);
  return value;
}

/** The value as an object, or FormatError naming `path` (the empty path is the whole body). */
export function expectObject(value: unknown, path: string): JsonObject {
  if (!path) return expectBody(value);
  if (!isObject(value)) throw new FormatError(`${path} must be an object`, path);
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
  const at = childPath(path, key);
  if (typeof value !== 'string') throw new FormatError(`${at} must be a string`, at);
  return value;
}

/** The model reference a request body leaves out means: the gateway chooses, as with `auto`. */
export const AUTO_MODEL = 'auto';

/** An optional string field. */
export function optionalString(obj: JsonObject, key: string, path: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  const at = childPath(path, key);
  if (typeof value !== 'string') throw new FormatError(`${at} must be a string`, at);
  return value;
}

/** An optional finite number field. */
export function optionalNumber(obj: JsonObject, key: string, path: string): number | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  const at = childPath(path, key);
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new FormatError(`${at} must be a number`, at);
  return value;
}

/** An optional integer field. */
export function optionalInteger(obj: JsonObject, key: string, path: string): number | undefined {
  const value = optionalNumber(obj, key, path);
  const at = childPath(path, key);
  if (value !== undefined && !Number.isInteger(value)) throw new FormatError(`${at} must be an integer`, at);
  return value;
}

/** An optional boolean field. */
export function optionalBoolean(obj: JsonObject, key: string, path: string): boolean | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  const at = childPath(path, key);
  if (typeof value !== 'boolean') throw new FormatError(`${at} must be a boolean`, at);
  return value;
}

/** An optional object field. */
export function optionalObject(obj: JsonObject, key: string, path: string): JsonObject | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  return expectObject(value, childPath(path, key));
}

/** An optional array of strings; an item that is not a string is named by its index. */
export function optionalStringArray(obj: JsonObject, key: string, path: string): string[] | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  const at = childPath(path, key);
  return expectArray(value, at).map((item, i) => {
    if (typeof item !== 'string') throw new FormatError(`${childPath(at, i)} must be a string`, childPath(at, i));
    return item;
  });
}
