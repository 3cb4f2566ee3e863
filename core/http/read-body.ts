import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../errors/gateway-error.js';

/** Default cap on a JSON request body (the request_size_limiter policy sets tighter ones). */
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * Reads the raw body, refusing one over `limit` bytes with 413 (the rest of the body is not
 * read). Listens for the stream's events rather than iterating it: an async iterator costs
 * several promises per request on the proxy's hot path.
 */
export function readRawBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const tooLarge = () => new GatewayError('payload_too_large', { message: `request body exceeds ${limit} bytes` });
  if (Number(req.headers['content-length']) > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (err?: Error) => {
      req.off('data', onData).off('end', onEnd).off('error', done).off('close', onClose);
      if (err) {
        req.destroy();
        reject(err);
      } else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return done(tooLarge());
      chunks.push(chunk);
    };
    const onEnd = () => done();
    // The client went away before the body was whole.
    const onClose = () => done(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    req.on('data', onData).on('end', onEnd).on('error', done).on('close', onClose);
  });
}

/**
 * How deep a JSON body may nest its arrays and objects. Far beyond any request or tool schema a
 * provider accepts; deeper values would overflow the stack of the code that walks them (and a
 * request's schema reached the upstream call, where the failure read as the upstream's).
 */
export const MAX_JSON_DEPTH = 256;

/** Whether `text` (JSON) nests arrays and objects deeper than `max`: one pass, strings skipped. */
export function nestsDeeperThan(text: string, max: number): boolean {
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

/** Parses a JSON object body; anything else, or one nested deeper than MAX_JSON_DEPTH, is 400 `invalid_json`. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  let value: unknown;
  const text = raw.toString('utf8');
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new GatewayError('invalid_json', { message: `request body is not valid JSON: ${(err as Error).message}` });
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new GatewayError('invalid_json', { message: `request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels` });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new GatewayError('invalid_json', { message: 'request body must be a JSON object' });
  }
  return value as Record<string, unknown>;
}
