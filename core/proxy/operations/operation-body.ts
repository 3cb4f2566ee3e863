/**
 * Reading the body of a non-chat proxy request (embeddings, rerank, audio, images, files) in
 * the context builder: a JSON body is parsed, anything else (multipart uploads) is kept as the
 * exact bytes received so it can be forwarded without being re-encoded.
 */
import type { IncomingMessage } from 'node:http';
import { parseJsonObject, readRawBody } from '../../http/read-body.js';

/** Whether a Content-Type names JSON (`application/json`, `application/*+json`). */
export const isJsonType = (contentType: string | undefined): boolean => !!contentType && /^application\/([\w.-]+\+)?json\b/i.test(contentType.trim());

/** Whether the request carries a body at all (declared length, or a chunked upload). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * The body of a non-chat operation: a JSON object when the Content-Type says JSON (400
 * `invalid_json` when it is not one), the raw bytes otherwise, undefined when there is none.
 * Bodies over the default limit are 413.
 */
export async function readOperationBody(req: IncomingMessage): Promise<Record<string, unknown> | Buffer | undefined> {
  if (!hasBody(req)) return undefined;
  const raw = await readRawBody(req);
  if (raw.length === 0) return undefined;
  return isJsonType(req.headers['content-type']) ? parseJsonObject(raw) : raw;
}
