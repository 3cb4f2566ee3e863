import type { JsonSchema } from '../../../core/plugin/index.js';
import { isObject } from '../../shared/formats/json-fields.js';

/**
 * Gemini's `Schema` (function `parameters`, `responseSchema`) is a subset of the OpenAPI 3.0
 * schema object (https://ai.google.dev/api/caching#Schema): upper-case `type` names, `nullable`,
 * a single `example`, and the Gemini-only `propertyOrdering`. The canonical model carries JSON
 * Schema, so decoding translates:
 * - `type: "OBJECT"` -> `"object"` (every type name lower-cased; `TYPE_UNSPECIFIED` dropped);
 * - `nullable: true` -> `"null"` added to `type` (or a `{type: "null"}` branch of `anyOf`);
 * - `example` -> `examples: [example]`;
 * - `propertyOrdering` dropped: an output-ordering hint with no JSON Schema meaning;
 * - everything else (`format`, `enum`, `items`, `properties`, `required`, `anyOf`, bounds,
 *   `pattern`, `title`, `description`, `default`) keeps its JSON Schema name and meaning.
 * Encoding never needs the reverse: Gemini takes plain JSON Schema in `parametersJsonSchema` and
 * `responseJsonSchema`.
 */
export function openApiSchemaToJsonSchema(schema: unknown): JsonSchema {
  if (!isObject(schema)) return {};
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    switch (key) {
      case 'type':
        if (typeof value === 'string' && value.toUpperCase() !== 'TYPE_UNSPECIFIED') out.type = value.toLowerCase();
        break;
      case 'nullable':
      case 'propertyOrdering':
      case 'example':
        break;
      case 'properties':
        out.properties = isObject(value)
          ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, openApiSchemaToJsonSchema(sub)]))
          : value;
        break;
      case 'items':
        out.items = openApiSchemaToJsonSchema(value);
        break;
      case 'anyOf':
        out.anyOf = Array.isArray(value) ? value.map(openApiSchemaToJsonSchema) : value;
        break;
      default:
        out[key] = value;
    }
  }
  if ('example' in schema) out.examples = [schema.example];
  if (schema.nullable === true) addNull(out);
  return out;
}

/** Makes a translated schema accept null, the JSON Schema way. */
function addNull(out: JsonSchema): void {
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  else if (Array.isArray(out.type)) out.type = [...new Set([...out.type, 'null'])];
  else if (Array.isArray(out.anyOf)) out.anyOf = [...out.anyOf, { type: 'null' }];
  // Without a type or branches the schema already accepts null.
}
