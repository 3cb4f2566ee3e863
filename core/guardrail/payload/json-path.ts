/** A JSON object. */
export type Json = Record<string, unknown>;

/** True for a non-null, non-array object. */
export const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** A location in a JSON document: object keys and array indexes from the root. */
export type JsonPath = ReadonlyArray<string | number>;

/** The value at `path`, or undefined. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** Replaces the value at `path` (which must exist) in `root`, in place. */
export function setValueAt(root: unknown, path: JsonPath, value: unknown): void {
  if (path.length === 0) throw new Error('cannot replace the root');
  const parent = valueAt(root, path.slice(0, -1));
  if (parent === null || typeof parent !== 'object') throw new Error(`no parent at /${path.slice(0, -1).join('/')}`);
  (parent as Record<string | number, unknown>)[path[path.length - 1]] = value;
}
