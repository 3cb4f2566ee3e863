/**
 * Waits for the first chunk of a streamed upstream answer before the client sees anything, so
 * that an upstream that accepts the request and then fails or stalls before sending a byte can
 * still fall back to the next target. Once the first chunk is in hand the answer is committed:
 * later failures become the stream failure event.
 */
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

type Body = Dispatcher.ResponseData['body'];

/** An upstream stream that ended before its first byte. */
export class EmptyStreamError extends Error {
  constructor() {
    super('upstream stream ended before its first byte');
    this.name = 'EmptyStreamError';
  }
}

/** Resolves with a body that replays the first chunk then the rest; rejects when the stream fails or ends first. */
export async function afterFirstChunk(body: Body): Promise<Body> {
  const iterator = body[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new EmptyStreamError();
  async function* replay() {
    yield first.value as Buffer;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  const out = Readable.from(replay(), { objectMode: false });
  // Whoever stops reading the replay stops the upstream body too.
  out.once('close', () => {
    if (!body.destroyed) body.destroy();
  });
  return out as unknown as Body;
}
