import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../errors/gateway-error.js';

/** Default cap on a JSON request body (the request_size_limiter policy sets tighter ones). */
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;

/** Reads the raw body, refusing one over `limit` bytes with 413. */
export async function readRawBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) throw new GatewayError('payload_too_large', { message: `request body exceeds ${limit} bytes` });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new GatewayError('payload_too_large', { message: `request body exceeds ${limit} bytes` });
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
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
