import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../errors/gateway-error.js';

/** Default cap on a JSON request body (the request_size_limiter policy sets tighter ones). */
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * Reads the raw body, refusing one over `limit` bytes with 413. Listens for the stream's events
 * rather than iterating it: an async iterator costs several promises per request on the proxy's
 * hot path.
 *
 * A body found too large while it streams in (chunked, or longer than it declared) is not cut
 * off by destroying the socket, which would lose the 413: the rest is read and dropped until the
 * answer is out, and the 413 asks for the connection to be closed (`Connection: close`), so the
 * discarding ends with that answer. A client that leaves before its body is whole is
 * `client_closed`, not a failure of the gateway.
 */
export function readRawBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const tooLarge = () => new GatewayError('payload_too_large', { message: `request body exceeds ${limit} bytes`, headers: { connection: 'close' } });
  if (Number(req.headers['content-length']) > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const detach = () => req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      detach();
      chunks.length = 0;
      discardRestOfBody(req);
      reject(tooLarge());
    };
    const onEnd = () => {
      detach();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    };
    // The request stream fails only when its connection does (a reset, the client leaving
    // mid-body), and it closes early for the same reason: either way the client went away.
    const onError = (err: Error) => {
      detach();
      req.destroy();
      reject(clientClosed(err));
    };
    const onClose = () => {
      detach();
      reject(clientClosed());
    };
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** 499 `client_closed`: the client left before its request body was whole. */
export const clientClosed = (cause?: Error): GatewayError =>
  new GatewayError('client_closed', { message: 'the client closed the connection before its request body was whole', cause });

/** Reads and drops the rest of a refused body until the answer is out (see readRawBody). */
export function discardRestOfBody(req: IncomingMessage): void {
  req.on('data', discard).on('error', discard).resume();
}

const discard = (): void => undefined;

/**
 * How deep a JSON body may nest its arrays and objects. Far beyond any request or tool schema a
 * provider accepts; deeper values would overflow the stack of the code that walks them (and a
 * request's schema reached the upstream call, where the failure read as the upstream's).
 */
export const MAX_JSON_DEPTH = 256;

/**
 * Whether `text` (JSON) nests arrays and objects deeper than `max`: one pass, strings skipped.
 * Nearly every body holds no more than `max` brackets that open (in its strings too), and so
 * cannot nest deeper: counting them with the engine's own search costs a few percent of walking
 * the text unit by unit, which only the others then need.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  if (!holdsMoreOpenersThan(text, max)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: up to the next quote not escaped.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Whether `text` holds more than `max` of `[` and `{`, wherever they are. */
function holdsMoreOpenersThan(text: string, max: number): boolean {
  let count = 0;
  for (let at = text.indexOf('['); at !== -1; at = text.indexOf('[', at + 1)) if (++count > max) return true;
  for (let at = text.indexOf('{'); at !== -1; at = text.indexOf('{', at + 1)) if (++count > max) return true;
  return false;
}

/** Parses a JSON object body; anything else, or one nested deeper than MAX_JSON_DEPTH, is 400 `invalid_json`. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  return parseJsonObjectText(raw.toString('utf8'));
}

/** {@link parseJsonObject} for a body already decoded to text (an in-process caller's), without copying it to bytes and back. */
export function parseJsonObjectText(text: string): Record<string, unknown> {
  let value: unknown;
  if (text.trim() === '') throw emptyBody();
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new GatewayError('invalid_json', { message: `request body is not valid JSON: ${(err as Error).message}` });
  }
  return checkJsonObject(value, text);
}

/**
 * Checks a value parsed from `text` (by JSON.parse or koa-body) is a JSON object body: an empty
 * body, a value that is not an object, or one nested deeper than MAX_JSON_DEPTH is 400 `invalid_json`.
 */
export function checkJsonObject(value: unknown, text: string): Record<string, unknown> {
  if (text.trim() === '') throw emptyBody();
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new GatewayError('invalid_json', { message: `request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels` });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new GatewayError('invalid_json', { message: 'request body must be a JSON object' });
  }
  return value as Record<string, unknown>;
}

const emptyBody = (): GatewayError => new GatewayError('invalid_json', { message: 'request body is empty: a JSON object is required' });

/** A `"__proto__":` key, however its letters are escaped; in valid JSON a string before a colon is always a key. */
const PROTO_KEY = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

/** Whether JSON `text` has a `__proto__` key at any depth (koa-body refuses such bodies; see core/http/plane-body.ts). */
export const holdsProtoKey = (text: string): boolean => PROTO_KEY.test(text);

/** 400 `invalid_json` for a body with a `__proto__` key. */
export const protoKeyRefused = (): GatewayError =>
  new GatewayError('invalid_json', { message: 'request body is not valid JSON: a "__proto__" key is not allowed' });
