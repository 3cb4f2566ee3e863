import { FormatError } from '../../../core/canonical/index.js';

/**
 * Readers for fields of untrusted chat JSON. Each throws FormatError naming the field by its
 * path (`messages[2].content[0].text`), so a bad body is a 400 that says where. Shared by the
 * chat-style formats (OpenAI chat, Cohere v2), whose bodies are plain snake_case JSON.
 */

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Joins a parent path and a key or index the way error messages show it. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/** The value as an object, or FormatError naming `path`. */
export function expectObject(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw new FormatError(`${path || 'body'} must be an object`, path || undefined);
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

/** An optional string field; null counts as absent, as the chat APIs allow. */
export function optionalString(obj: JsonObject, key: string, path: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  const at = childPath(path, key);
  if (typeof value !== 'string') throw new FormatError(`${at} must be a string`, at);
  return value;
}

/** An optional finite number field; null counts as absent. */
export function optionalNumber(obj: JsonObject, key: string, path: string): number | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  const at = childPath(path, key);
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new FormatError(`${at} must be a number`, at);
  return value;
}

/** An optional integer field; null counts as absent. */
export function optionalInteger(obj: JsonObject, key: string, path: string): number | undefined {
  const value = optionalNumber(obj, key, path);
  const at = childPath(path, key);
  if (value !== undefined && !Number.isInteger(value)) throw new FormatError(`${at} must be an integer`, at);
  return value;
}

/** An optional boolean field; null counts as absent. */
export function optionalBoolean(obj: JsonObject, key: string, path: string): boolean | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  const at = childPath(path, key);
  if (typeof value !== 'boolean') throw new FormatError(`${at} must be a boolean`, at);
  return value;
}

/** An optional array of strings; null counts as absent. */
export function optionalStringArray(obj: JsonObject, key: string, path: string): string[] | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  const at = childPath(path, key);
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new FormatError(`${at} must be an array of strings`, at);
  }
  return value as string[];
}

/** An optional object field; null counts as absent. */
export function optionalObject(obj: JsonObject, key: string, path: string): JsonObject | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  return expectObject(value, childPath(path, key));
}
