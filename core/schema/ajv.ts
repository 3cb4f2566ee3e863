/**
 * The one ajv instance: JSON Schema 2020-12, strict, all errors, defaults applied, no type
 * coercion, nothing removed. Every schema under schemas/ is registered once by its `$id`, so
 * `$ref`s between them resolve and each validator is compiled once and cached.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type Ajv2020Type from 'ajv/dist/2020.js';
import type addFormatsType from 'ajv-formats';
import { SCHEMAS_DIR } from '../paths/project-root.js';
import { linearRegexRefusal } from '../security/linear-regex.js';
import { NOT_BELOW_KEYWORD } from './not-below-keyword.js';

// ajv and ajv-formats are CommonJS modules whose typings describe an ES default export.
const require = createRequire(import.meta.url);
const Ajv2020 = (require('ajv/dist/2020.js') as { default: typeof Ajv2020Type.default }).default;
const addFormats = (require('ajv-formats') as { default: typeof addFormatsType.default }).default;

export const ajv = new Ajv2020({
  strict: true,
  allErrors: true,
  useDefaults: true,
  coerceTypes: false,
  removeAdditional: false,
});
addFormats(ajv);
// A regular expression a tenant writes, which must run on the linear-time engine (linear-regex.ts).
ajv.addFormat('linear-regex', { type: 'string', validate: (source: string) => linearRegexRefusal(source) === undefined });
// Keywords the project uses for documentation and evolution; ajv must not reject them.
ajv.addKeyword({ keyword: 'x-schema-version', schemaType: 'number' });
ajv.addKeyword({ keyword: 'x-write-only', schemaType: 'boolean' });
// One numeric setting that must not fall below a sibling (not-below-keyword.ts).
ajv.addKeyword(NOT_BELOW_KEYWORD);

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return schemaFiles(path);
    return name.endsWith('.schema.json') ? [path] : [];
  });
}

let loaded = false;
/** Registers every schema under schemas/ (once). */
export function loadProjectSchemas(): void {
  if (loaded) return;
  loaded = true;
  for (const file of schemaFiles(SCHEMAS_DIR)) {
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id?: string };
    if (!schema.$id) throw new Error(`${file}: schema has no $id`);
    if (!ajv.getSchema(schema.$id)) ajv.addSchema(schema);
  }
}

/** Registers a schema that does not live under schemas/ (a third-party plugin's). */
export function registerSchema(schema: { $id?: string }): void {
  if (!schema.$id) throw new Error('schema has no $id');
  if (!ajv.getSchema(schema.$id)) ajv.addSchema(schema);
}

/** The compiled validator of a registered schema. */
export function validatorFor<T = unknown>(schemaId: string): ValidateFunction<T> {
  loadProjectSchemas();
  const validate = ajv.getSchema<T>(schemaId);
  if (!validate) throw new Error(`unknown schema ${schemaId}`);
  return validate;
}

/** One readable line naming each failing field by JSON pointer: `/settings/limit must be >= 1`. */
export function describeErrors(errors: ErrorObject[] | null | undefined, prefix = ''): string {
  if (!errors?.length) return 'invalid';
  return errors
    .map((e) => {
      let path = prefix + e.instancePath;
      if (e.keyword === 'additionalProperties') path += `/${(e.params as { additionalProperty: string }).additionalProperty}`;
      if (e.keyword === 'required') path += `/${(e.params as { missingProperty: string }).missingProperty}`;
      const what = e.keyword === 'additionalProperties' ? 'is not allowed' : e.keyword === 'required' ? 'is required' : (e.message ?? 'is invalid');
      return `${path || '/'} ${what}`;
    })
    .join('; ');
}

export type { ErrorObject, ValidateFunction };
