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

/** Parses a JSON object body; anything else is 400 `invalid_json`. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw new GatewayError('invalid_json', { message: `request body is not valid JSON: ${(err as Error).message}` });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new GatewayError('invalid_json', { message: 'request body must be a JSON object' });
  }
  return value as Record<string, unknown>;
}
