/**
 * Request bodies of the admin and guardrail planes, read and parsed by koa-body (co-body and
 * raw-body underneath), wrapped so the planes keep their own rules:
 *
 * - Any body is JSON whatever its Content-Type (clients send `text/plain`, or none); only the
 *   token endpoint also reads `application/x-www-form-urlencoded`, as flat string fields.
 * - Over the plane's limit is 413 `payload_too_large` with `Connection: close`. A body found too
 *   large while it streams in (chunked) is then read and dropped until the answer is out: raw-body
 *   pauses the request, and closing a connection with unread bytes resets it, losing the 413.
 * - Malformed JSON, and JSON with a `__proto__` key anywhere (co-body refuses it), is 400
 *   `invalid_json`; a client that leaves mid-body is `client_closed`.
 * - A compressed body (`Content-Encoding`) is refused as `invalid_json` rather than inflated:
 *   inflating stalls when the client leaves mid-body, and the planes never accepted one.
 *
 * The proxy plane does not use this: it keeps the raw bytes (core/http/read-body.ts), see
 * docs/architecture.md. Nor do the evaluate endpoints, read once per evaluation: they read raw
 * bytes and parse them as in-process callers' text (core/guardrail/evaluation/request-body.ts),
 * with the same answers.
 */
import type Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { GatewayError } from '../errors/gateway-error.js';
import { clientClosed, discardRestOfBody, protoKeyRefused } from './read-body.js';

/** What a plane's reader hands back: the parsed value and the text it was parsed from. */
export interface PlaneBody {
  /** The parsed JSON value or form fields; `undefined` when the request has no body. */
  value: unknown;
  /** The body as text (empty when there is none). */
  text: string;
}

/** Reads one request's body. */
export type PlaneBodyReader = (koa: Koa.Context) => Promise<PlaneBody>;

/** Methods whose bodies are read (koa-body skips the others, leaving `value` undefined). */
const READ_METHODS = [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE];

/** A urlencoded form as URLSearchParams reads it: flat names, no arrays or dots, the last repeat wins. */
const FLAT_FORM = { depth: 0, parseArrays: false, allowDots: false, duplicates: 'last', ignoreQueryPrefix: true, parameterLimit: Infinity } as const;

const noNext = async (): Promise<void> => undefined;

/** A reader of JSON bodies up to `limit` bytes, whatever their Content-Type. Built once per plane. */
export function jsonBodyReader(limit: number): PlaneBodyReader {
  const parse = koaBody({ json: true, jsonTypes: ['*/*'], jsonLimit: limit, jsonStrict: false, urlencoded: false, text: false, multipart: false, includeUnparsed: true, parsedMethods: READ_METHODS });
  return (koa) => {
    // koa-body picks its parser by Content-Type: a body without a usable one is JSON here too.
    if (koa.is('*/*') === false) koa.req.headers['content-type'] = 'application/json';
    return run(koa, parse, limit);
  };
}

/** A reader of urlencoded form bodies up to `limit` bytes (fields as strings). Built once per plane. */
export function formBodyReader(limit: number): PlaneBodyReader {
  const parse = koaBody({ json: false, urlencoded: true, formLimit: limit, queryString: FLAT_FORM, text: false, multipart: false, includeUnparsed: true, parsedMethods: READ_METHODS });
  return (koa) => run(koa, parse, limit);
}

async function run(koa: Koa.Context, parse: Koa.Middleware, limit: number): Promise<PlaneBody> {
  const encoding = koa.get('content-encoding');
  if (encoding && encoding.toLowerCase() !== 'identity') {
    throw new GatewayError('invalid_json', { message: `request body must not be compressed (content-encoding: ${encoding})` });
  }
  try {
    await parse(koa, noNext);
  } catch (err) {
    throw planeError(koa, err, limit);
  }
  return { value: koa.request.body, text: koa.request.rawBody ?? '' };
}

/** The plane's error for a failure of koa-body's parsers (raw-body and co-body errors carry `type` and `status`). */
function planeError(koa: Koa.Context, err: unknown, limit: number): unknown {
  const { type, status, code, received, message } = err as { type?: string; status?: number; code?: string; received?: number; message?: string };
  if (type === 'entity.too.large') {
    // Found while streaming (raw-body counted what it received): drop the rest until the 413 is out.
    if (received !== undefined) discardRestOfBody(koa.req);
    return new GatewayError('payload_too_large', { message: `request body exceeds ${limit} bytes`, headers: { connection: 'close' } });
  }
  if (type === 'request.aborted' || code === 'ECONNRESET' || code === 'ECONNABORTED') return clientClosed(err as Error);
  // co-body parses with @hapi/bourne, which refuses a `__proto__` key with this message.
  if (message === 'Object contains forbidden prototype property') return protoKeyRefused();
  if (status === 400 || err instanceof SyntaxError) return new GatewayError('invalid_json', { message: `request body is not valid JSON: ${message}` });
  return err;
}
