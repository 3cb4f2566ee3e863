/**
 * JSON Schemas under schemas/ embedded as OpenAPI components, self-contained: every `$ref`
 * between schema files becomes a reference into `#/components/schemas/...`, so the document
 * needs no resolver for external files (code generators and strict validators read it as is).
 * A schema's `$id` leaves the copy (it would re-base the internal references) and is kept as
 * `x-schema-id`; a reference to a schema that is not embedded is an error when the document is
 * built, never a dangling `$ref` in it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../paths/project-root.js';

type Json = Record<string, unknown>;

const ID_BASE = 'https://portcullis.dev/schemas/';

export interface SchemaComponents {
  /** Component name (the schema's title) -> the embedded schema. */
  schemas: Record<string, Json>;
  /** Schema key (`records/consumer`) -> its component name. */
  nameOf: Map<string, string>;
}

/** The schema keys (`dir/name`) of every schema file in `dirs`, plus `files`. */
function schemaKeys(dirs: readonly string[], files: readonly string[]): string[] {
  const inDirs = dirs.flatMap((dir) =>
    readdirSync(join(SCHEMAS_DIR, dir))
      .filter((f) => f.endsWith('.schema.json'))
      .sort()
      .map((f) => `${dir}/${f.replace(/\.schema\.json$/, '')}`),
  );
  return [...inDirs, ...files];
}

/** The key of a schema file URL under schemas/ (`records/consumer`), or undefined for another URL. */
function keyOf(url: string): string | undefined {
  if (!url.startsWith(ID_BASE) || !url.endsWith('.schema.json')) return undefined;
  return url.slice(ID_BASE.length, -'.schema.json'.length);
}

/** Loads the schemas of `dirs` and `files` and rewrites their references into the components. */
export function schemaComponents(dirs: readonly string[], files: readonly string[] = []): SchemaComponents {
  const keys = schemaKeys(dirs, files);
  const loaded = new Map<string, Json>();
  const nameOf = new Map<string, string>();
  for (const key of keys) {
    const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, `${key}.schema.json`), 'utf8')) as Json;
    const name = String(schema.title);
    if ([...nameOf.values()].includes(name)) throw new Error(`two embedded schemas are titled ${name}`);
    loaded.set(key, schema);
    nameOf.set(key, name);
  }
  const pointerTo = (key: string, fragment: string): string => {
    const name = nameOf.get(key);
    if (!name) throw new Error(`schema ${key}.schema.json is referenced but not embedded`);
    return `#/components/schemas/${name}${fragment.replace(/^#/, '')}`;
  };
  const rewrite = (value: unknown, base: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => rewrite(v, base));
    if (value === null || typeof value !== 'object') return value;
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') {
        const url = new URL(v, base);
        const fragment = url.hash;
        url.hash = '';
        const key = keyOf(url.href);
        if (!key) throw new Error(`reference ${v} in ${base} leaves schemas/`);
        out[k] = pointerTo(key, fragment);
      } else out[k] = rewrite(v, base);
    }
    return out;
  };
  const schemas: Record<string, Json> = {};
  for (const [key, schema] of loaded) {
    const id = `${ID_BASE}${key}.schema.json`;
    const { $id: _id, $schema: _dialect, ...rest } = schema;
    schemas[nameOf.get(key)!] = { ...(rewrite(rest, id) as Json), 'x-schema-id': id };
  }
  return { schemas, nameOf };
}
