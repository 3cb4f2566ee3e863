/**
 * The schema of a record as the store keeps it, derived from its API schema (schemas/records/):
 * the id is `_id`, write-only fields (keys, secrets) are stored sealed or hashed under other
 * names, and internal fields (attachments, key hashes) sit beside the API's. So write-only
 * properties and `id` are dropped and every object accepts additional properties. Dropping only
 * loosens: the admin API validates the API shape exactly with ajv; the MongoDB validator derived
 * from this guards the stored shape.
 */
type Json = Record<string, unknown>;

function loosen(node: unknown, topLevel: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => loosen(n, false));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      const props: Json = {};
      for (const [name, schema] of Object.entries(value as Json)) {
        if ((schema as Json)?.writeOnly === true || (topLevel && name === 'id')) continue;
        props[name] = loosen(schema, false);
      }
      out.properties = props;
      continue;
    }
    out[key] = loosen(value, false);
  }
  if (Array.isArray(out.required) && out.properties) {
    const kept = (out.required as string[]).filter((name) => name in (out.properties as Json));
    if (kept.length) out.required = kept;
    else delete out.required;
  }
  return out;
}

export function storedRecordSchema(apiSchema: object): object {
  const stored = loosen(apiSchema, true) as Json;
  if (typeof stored.$id === 'string') stored.$id = stored.$id.replace(/\.schema\.json$/, '.stored.schema.json');
  return stored;
}
