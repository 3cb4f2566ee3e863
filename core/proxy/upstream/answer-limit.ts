/**
 * How much of an upstream's answer the gateway holds in memory. Answers relayed as bytes (files,
 * speech) are piped and need no bound; an answer read whole (a chat completion, embeddings,
 * rerank) or assembled from a stream does. A broken or hostile upstream sending without end would
 * otherwise grow the process until it fails every other request with it.
 */
import type { Dispatcher } from 'undici';
import { GatewayError } from '../../errors/gateway-error.js';

/**
 * The most bytes of one answer read whole or relayed as a stream. The largest real answers are
 * embeddings of a full batch (2,048 inputs of 3,072 floats as JSON text: about 90 MB).
 */
export const MAX_UPSTREAM_ANSWER_BYTES = 128 * 1024 * 1024;

/** An error answer is read this far: its message is near the start, and the rest is dropped. */
export const MAX_UPSTREAM_ERROR_BYTES = 1024 * 1024;

type UpstreamBody = Dispatcher.ResponseData['body'];

/**
 * The first `limit` bytes of the body as text, and whether the body went on beyond them (the
 * connection is then dropped instead of read to its end). Listens for the stream's events
 * rather than iterating it, as `readRawBody` does for requests: a chat answer is read per request.
 */
export function readAtMost(body: UpstreamBody, limit: number): Promise<{ text: string; cut: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      if (size + chunk.length <= limit) {
        chunks.push(chunk);
        size += chunk.length;
        return;
      }
      chunks.push(chunk.subarray(0, limit - size));
      size = limit;
      detach();
      body.destroy();
      resolve({ text: textOf(chunks, size), cut: true });
    };
    const onEnd = () => {
      detach();
      resolve({ text: textOf(chunks, size), cut: false });
    };
    const onError = (err: Error) => {
      detach();
      reject(err);
    };
    function detach() {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      // A destroyed body may still emit its error: a listener keeps it from being unhandled.
      body.on('error', () => {});
    }
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
  });
}

function textOf(chunks: Buffer[], size: number): string {
  return (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)).toString('utf8');
}

/** The whole answer as text; one over `limit` bytes is a 502 from the upstream. */
export async function readAnswerText(body: UpstreamBody, limit: number): Promise<string> {
  const { text, cut } = await readAtMost(body, limit);
  if (cut) throw answerTooLarge(limit);
  return text;
}

function answerTooLarge(limit: number): GatewayError {
  return new GatewayError('upstream_error', { status: 502, source: 'upstream', message: `upstream answer exceeds ${limit} bytes` });
}
