/**
 * The body of a non-chat request as an operation needs it: a JSON object, or a multipart form
 * whose bytes are forwarded untouched and whose text fields are read (never rewritten).
 */
import { GatewayError } from '../../errors/gateway-error.js';
import { parseJsonObject } from '../../http/read-body.js';
import type { Exchange } from '../../pipeline/exchange.js';
import { multipartBoundary, multipartFields } from './multipart-fields.js';

/** A multipart form: its exact bytes, its Content-Type (with the boundary) and its text fields. */
export interface MultipartInput {
  raw: Buffer;
  contentType: string;
  fields: Record<string, string>;
}

function contentTypeOf(ctx: Exchange): string | undefined {
  const value = ctx.incoming.headers['content-type'];
  return Array.isArray(value) ? value[0] : value;
}

/** The JSON object body of the request; a body that is not one is 400. */
export function jsonInput(ctx: Exchange): Record<string, unknown> {
  const body = ctx.incoming.body;
  // A client that sent JSON without saying so still gets it read as JSON.
  if (Buffer.isBuffer(body) && !multipartBoundary(contentTypeOf(ctx))) return parseJsonObject(body);
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) return body as Record<string, unknown>;
  throw new GatewayError('invalid_json', { message: 'request body must be a JSON object' });
}

/** The multipart/form-data body of the request; any other body is 400 naming the expected type. */
export function multipartInput(ctx: Exchange): MultipartInput {
  const contentType = contentTypeOf(ctx);
  const boundary = multipartBoundary(contentType);
  const body = ctx.incoming.body;
  if (!boundary || !Buffer.isBuffer(body)) {
    throw new GatewayError('invalid_request', { message: `${ctx.incoming.route} takes a multipart/form-data body` });
  }
  return { raw: body, contentType: contentType!, fields: multipartFields(body, boundary) };
}

/** A string field of a body, or undefined; any other type is 400 naming the field. */
export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new GatewayError('invalid_request', { message: `${name} must be a string`, param: name });
  return value;
}
