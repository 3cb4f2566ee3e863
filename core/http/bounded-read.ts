/**
 * Reading a remote answer whole, to a bound. A broken or hostile server (a provider, an identity
 * provider, a guardrail service) that sends without end would otherwise grow the process until
 * it fails every other request with it; a timeout bounds the time, not the bytes, since a fast
 * sender fills gigabytes within it.
 */
import type { Readable } from 'node:stream';

/** What was read: the first bytes of the answer as text, and whether the answer went on beyond them. */
export interface BoundedText {
  text: string;
  cut: boolean;
}

/**
 * The first `limit` bytes of a Node stream (an undici answer body) as text, and whether it went
 * on beyond them; then the stream is destroyed instead of read to its end. Listens for the
 * stream's events rather than iterating it, as `readRawBody` does for requests: a chat answer is
 * read per request.
 */
export function readAtMost(body: Readable, limit: number): Promise<BoundedText> {
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

/** readAtMost for a fetch answer: the rest of the body is cancelled, which drops the connection. */
export async function readResponseAtMost(response: Response, limit: number): Promise<BoundedText> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', cut: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: textOf(chunks, size), cut: false };
    if (size + value.length > limit) {
      chunks.push(value.subarray(0, limit - size));
      await reader.cancel().catch(() => {});
      return { text: textOf(chunks, limit), cut: true };
    }
    chunks.push(value);
    size += value.length;
  }
}

/** A fetch answer's whole text; an answer over `limit` bytes throws, naming `what` it was. */
export async function readResponseText(response: Response, limit: number, what: string): Promise<string> {
  const { text, cut } = await readResponseAtMost(response, limit);
  if (cut) throw new AnswerTooLarge(what, limit);
  return text;
}

/** A remote answer longer than the reader allows. */
export class AnswerTooLarge extends Error {
  constructor(what: string, limit: number) {
    super(`${what} exceeds ${limit} bytes`);
    this.name = 'AnswerTooLarge';
  }
}

function textOf(chunks: Uint8Array[], size: number): string {
  const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
