/**
 * Admin request bodies: JSON objects validated against a request schema of schemas/api/admin/,
 * read by koa-body (core/http/plane-body.ts). Malformed JSON is 400 `invalid_json`; a body that
 * breaks its schema is 422 `validation_failed` naming every failing field by JSON pointer.
 */
import type Koa from 'koa';
import { GatewayError } from '../../errors/gateway-error.js';
import { checkJsonObject } from '../../http/read-body.js';
import { formBodyReader, jsonBodyReader } from '../../http/plane-body.js';
import { describeErrors, validatorFor } from '../../schema/ajv.js';

/** Admin bodies are small records; anything larger is refused before parsing. */
const ADMIN_BODY_LIMIT = 1024 * 1024;

/** The `$id` of a request schema under schemas/api/admin/. */
export const adminSchemaId = (name: string): string => `https://portcullis.dev/schemas/api/admin/${name}.schema.json`;

const readJson = jsonBodyReader(ADMIN_BODY_LIMIT);
const readForm = formBodyReader(ADMIN_BODY_LIMIT);

/** Parses a JSON object body; an empty body is `{}` (for endpoints whose body is optional). */
export async function readJsonObject(koa: Koa.Context): Promise<Record<string, unknown>> {
  const { value, text } = await readJson(koa);
  if (text.trim() === '') return {};
  return checkJsonObject(value, text);
}

/** Reads a body as JSON, or as a urlencoded form (`application/x-www-form-urlencoded`) of string fields. */
export async function readJsonOrForm(koa: Koa.Context): Promise<Record<string, unknown>> {
  if (koa.is('application/x-www-form-urlencoded')) return ((await readForm(koa)).value ?? {}) as Record<string, unknown>;
  return readJsonObject(koa);
}

/** 422 `validation_failed` for a rule a schema cannot express; `message` starts with the field's JSON pointer. */
export const refuse = (message: string): GatewayError => new GatewayError('validation_failed', { message });

/** Validates `value` against a registered schema; 422 naming the fields when it does not match. */
export function validateBody<T>(schemaId: string, value: unknown): T {
  const validate = validatorFor<T>(schemaId);
  // Validation applies defaults: work on a copy so a refused body is never half-changed.
  const copy = structuredClone(value);
  if (!validate(copy)) throw new GatewayError('validation_failed', { message: describeErrors(validate.errors) });
  return copy;
}

/** Reads and validates a JSON body against `schemas/api/admin/<name>.schema.json`. */
export async function readBody<T>(koa: Koa.Context, name: string): Promise<T> {
  return validateBody<T>(adminSchemaId(name), await readJsonObject(koa));
}
