/**
 * Reads evaluate request bodies: JSON objects checked against their schema under
 * schemas/api/guardrail/. A top-level field the schema does not know is 400 `unknown_field`
 * naming it (spec 2.6); any other schema error is 400 `invalid_request` naming the field.
 *
 * Over HTTP the bytes are read as the proxy reads them (core/http/read-body.ts) and parsed as an
 * in-process caller's text is, so both transports share one parser and one set of checks, and an
 * evaluation pays for no content-type negotiation, stream wrapping or second copy of the body: the
 * answers are those of the other planes' reader (core/http/plane-body.ts), which the tests pin.
 */
import type Koa from 'koa';
import { GatewayError } from '../../errors/gateway-error.js';
import { holdsProtoKey, parseJsonObjectText, protoKeyRefused, readRawBody } from '../../http/read-body.js';
import { describeErrors, validatorFor } from '../../schema/ajv.js';

/** Evaluate bodies carry whole conversations and documents. */
const EVALUATE_BODY_LIMIT = 32 * 1024 * 1024;

/** `$id` of a schema under schemas/api/guardrail/. */
export const guardrailSchemaId = (name: string): string => `https://portcullis.dev/schemas/api/guardrail/${name}.schema.json`;

/** Why a field the body may not carry is refused, where it helps to say. */
const REFUSAL_HINTS: Record<string, string> = {
  collector_id: 'the collector is identified by its key',
  detector_id: 'detectors are chosen by the collector\'s policy',
  input: 'text goes in payload: {"payload": {"input": "..."}}',
  metadata: 'use attributes for gate dimensions and consumer_id / session_id for attribution',
};

/** The ES2024 string methods Node 20 has and the project's TypeScript lib does not name yet. */
type WellFormedText = string & { isWellFormed(): boolean; toWellFormed(): string };

/**
 * Reads and checks an evaluate body against `schemas/api/guardrail/<schema>.schema.json`, whatever
 * its Content-Type: over the limit 413 `payload_too_large` (`Connection: close`), a compressed
 * body 400 `invalid_json` (never inflated), a client that leaves mid-body 499 `client_closed`.
 */
export async function readEvaluateBody<T>(koa: Koa.Context, schema: string): Promise<T> {
  const encoding = koa.get('content-encoding');
  if (encoding && encoding.toLowerCase() !== 'identity') {
    throw new GatewayError('invalid_json', { message: `request body must not be compressed (content-encoding: ${encoding})` });
  }
  const text = (await readRawBody(koa.req, EVALUATE_BODY_LIMIT)).toString('utf8');
  // A UTF-8 byte order mark is not part of the JSON text (the other planes' reader drops it too).
  return parseBodyText<T>(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, schema);
}

/** The same for a body handed over as text (an in-process call): the same limit, parsing and checks. */
export function parseEvaluateBody<T>(text: string, schema: string): T {
  // Counted and read as text, not copied to bytes and back. A lone surrogate, which UTF-8 would
  // have carried as U+FFFD, is replaced as it would have been.
  if (Buffer.byteLength(text, 'utf8') > EVALUATE_BODY_LIMIT) throw new GatewayError('payload_too_large', { message: `request body exceeds ${EVALUATE_BODY_LIMIT} bytes` });
  const unicode = text as WellFormedText;
  return parseBodyText<T>(unicode.isWellFormed() ? text : unicode.toWellFormed(), schema);
}

/** JSON text to a checked body: not JSON, not an object, too deep or with a `__proto__` key is 400 `invalid_json`. */
function parseBodyText<T>(text: string, schema: string): T {
  const body = parseJsonObjectText(text);
  if (holdsProtoKey(text)) throw protoKeyRefused();
  return checkEvaluateBody<T>(body, schema);
}

function checkEvaluateBody<T>(body: Record<string, unknown>, schema: string): T {
  const validate = validatorFor<T>(guardrailSchemaId(schema));
  // The body is ours (just parsed): validate it in place rather than copy a large payload.
  if (validate(body)) return body;
  const unknown = validate.errors?.find((e) => e.keyword === 'additionalProperties' && e.instancePath === '');
  if (unknown) {
    const field = (unknown.params as { additionalProperty: string }).additionalProperty;
    const hint = REFUSAL_HINTS[field] ? `: ${REFUSAL_HINTS[field]}` : '';
    throw new GatewayError('unknown_field', { message: `/${field} is not allowed${hint}`, param: field });
  }
  throw new GatewayError('invalid_request', { message: describeErrors(validate.errors) });
}
