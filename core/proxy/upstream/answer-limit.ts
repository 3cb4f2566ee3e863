/**
 * How much of an upstream's answer the gateway holds in memory. Answers relayed as bytes (files,
 * speech) are piped and need no bound; an answer read whole (a chat completion, embeddings,
 * rerank) or assembled from a stream does. A broken or hostile upstream sending without end would
 * otherwise grow the process until it fails every other request with it. An answer read whole
 * is read here, as text or as JSON.
 */
import type { Dispatcher } from 'undici';
import { GatewayError } from '../../errors/gateway-error.js';
import { readAtMost } from '../../http/bounded-read.js';

/**
 * The most bytes of one answer read whole or relayed as a stream. The largest real answers are
 * embeddings of a full batch (2,048 inputs of 3,072 floats as JSON text: about 90 MB).
 */
export const MAX_UPSTREAM_ANSWER_BYTES = 128 * 1024 * 1024;

/** An error answer is read this far: its message is near the start, and the rest is dropped. */
export const MAX_UPSTREAM_ERROR_BYTES = 1024 * 1024;

/** The whole answer as text; one over `limit` bytes is a 502 from the upstream. */
export async function readAnswerText(body: Dispatcher.ResponseData['body'], limit: number): Promise<string> {
  const { text, cut } = await readAtMost(body, limit);
  if (cut) throw new GatewayError('upstream_error', { status: 502, source: 'upstream', message: `upstream answer exceeds ${limit} bytes` });
  return text;
}

/** An answer read whole: its text and its JSON value. */
export interface JsonAnswer {
  text: string;
  value: unknown;
}

/**
 * The answer as JSON text and value; a body that is not JSON, or longer than `limit` bytes, is a
 * 502 from the upstream.
 */
export async function readJsonAnswer(body: Dispatcher.ResponseData['body'], limit: number): Promise<JsonAnswer> {
  const text = await readAnswerText(body, limit);
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch (err) {
    throw new GatewayError('upstream_error', { status: 502, source: 'upstream', message: `upstream answered with a malformed body: ${(err as Error).message}` });
  }
}
