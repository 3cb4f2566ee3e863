/**
 * The field types of a non-chat JSON body, checked against its request schema under
 * schemas/api/proxy/ before any upstream call: a wrongly typed field (`"n": "three"`,
 * `"input": {"a": 1}`) is a 400 `invalid_request` naming it, in the client's format, instead of
 * reaching the upstream. Fields the schema does not define pass through untouched.
 */
import type { ErrorObject } from 'ajv';
import { GatewayError } from '../../errors/gateway-error.js';
import { describeErrors, validatorFor } from '../../schema/ajv.js';

/** The request schemas of the proxy plane, by their file name under schemas/api/proxy/. */
export type ProxyBodySchema = 'embeddings-request' | 'images-generation-request';

const schemaId = (name: ProxyBodySchema): string => `https://portcullis.dev/schemas/api/proxy/${name}.schema.json`;

/** Checks `body` against `schemas/api/proxy/<name>.schema.json`; 400 naming the first field at fault. */
export function checkBodyTypes(body: Record<string, unknown>, name: ProxyBodySchema): void {
  const validate = validatorFor(schemaId(name));
  // The schemas set no defaults, so validating in place changes nothing.
  if (validate(body)) return;
  const errors = validate.errors ?? [];
  const anyOf = errors.find((e) => e.keyword === 'anyOf');
  const field = fieldOf(anyOf ?? errors[0]);
  // A field failing every branch of an `anyOf` is described by what it may be (the schema's
  // description of it), not by each branch's complaint.
  const message = anyOf && field ? `/${field} must be ${(validate.schema as SchemaShape).properties?.[field]?.description ?? 'of another type'}` : describeErrors(errors);
  throw new GatewayError('invalid_request', { message, param: field });
}

interface SchemaShape {
  properties?: Record<string, { description?: string }>;
}

/** The top-level field an error is about (`/input/3` and a missing `input` are both `input`). */
function fieldOf(error: ErrorObject | undefined): string | undefined {
  if (!error) return undefined;
  if (error.keyword === 'required') return (error.params as { missingProperty: string }).missingProperty;
  return error.instancePath.split('/')[1] || undefined;
}

/**
 * The text fields of an images edits or variations form whose kind the reference fixes: `n` a
 * whole number of at least 1, `response_format` `url` or `b64_json`. The form is only read,
 * never rewritten; a field of the wrong kind is a 400 naming it.
 */
export function checkImageFormFields(fields: Readonly<Record<string, string>>): void {
  const n = fields.n;
  if (n !== undefined && !/^[1-9][0-9]*$/.test(n.trim())) {
    throw new GatewayError('invalid_request', { message: 'n must be a whole number of at least 1', param: 'n' });
  }
  const format = fields.response_format;
  if (format !== undefined && format !== 'url' && format !== 'b64_json') {
    throw new GatewayError('invalid_request', { message: 'response_format must be url or b64_json', param: 'response_format' });
  }
}
