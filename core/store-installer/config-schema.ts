/**
 * A Store server's `config_schema` (written by an operator) and the user configs checked against
 * it. Each check compiles on a fresh ajv instance: the schema is tenant data, so it must not
 * join (or collide by `$id` with) the project's registered schemas, and nothing is cached across
 * requests. Only the admin plane runs this, once per save or install request. Its `pattern`s are
 * regular expressions a tenant writes, matched against text a user sends, so they run on the
 * linear-time engine (security/linear-regex.ts): a pattern that cannot (look-around,
 * back-references) is refused when the server is saved.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type Ajv2020Type from 'ajv/dist/2020.js';
import type addFormatsType from 'ajv-formats';
import { GatewayError } from '../errors/gateway-error.js';
import { describeErrors } from '../schema/ajv.js';
import { compileLinearRegex } from '../security/linear-regex.js';
import { CONFIG_HEADER_KEYWORD } from './config-headers.js';

// ajv and ajv-formats are CommonJS modules whose typings describe an ES default export.
const require = createRequire(import.meta.url);
const Ajv2020 = (require('ajv/dist/2020.js') as { default: typeof Ajv2020Type.default }).default;
const addFormats = (require('ajv-formats') as { default: typeof addFormatsType.default }).default;

/** ajv's regular-expression engine for tenant schemas: RE2's algorithm (JSON Schema patterns are unanchored searches, as `find` is). */
const linearRegExp = Object.assign(
  (pattern: string) => {
    const compiled = compileLinearRegex(pattern);
    // ajv keys compiled patterns by `toString()`: each must name its own source.
    return { test: (text: string) => compiled.test(text), toString: () => `linear:${pattern}` };
  },
  { code: 'linear-regex' },
);

/** Compiles `schema`, or 422 naming `/config_schema` when it is not a schema ajv accepts. */
export function compileConfigSchema(schema: Record<string, unknown>): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allErrors: true, coerceTypes: false, useDefaults: false, code: { regExp: linearRegExp } });
  addFormats(ajv);
  // Marks a property sent as a header on the user's calls (config-headers.ts); no effect on validation.
  ajv.addKeyword({ keyword: CONFIG_HEADER_KEYWORD, schemaType: 'string', metaSchema: { type: 'string' } });
  try {
    return ajv.compile(schema);
  } catch (err) {
    throw new GatewayError('validation_failed', { message: `/config_schema is not a valid JSON Schema: ${(err as Error).message}` });
  }
}

/** 422 naming the failing fields under `/config` when `config` breaks the server's schema. */
export function checkConfig(schema: Record<string, unknown> | undefined, config: Record<string, unknown>): void {
  if (!schema) return;
  const validate = compileConfigSchema(schema);
  if (!validate(config)) throw new GatewayError('validation_failed', { message: describeErrors(validate.errors, '/config') });
}
