/**
 * Holds a streamed upstream answer back from the client until its first well-formed event, so
 * that an upstream that accepts the request and then fails, stalls, or sends something that is
 * not its format's stream can still fall back to the next target. The first event is
 * well-formed when the upstream format's stream decoder reads it into canonical events, none an
 * error; events it reads into nothing (pings, comments) are waited past. Once that event is in
 * hand the answer is committed: later failures become the stream failure event.
 */
import { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';
import type { Dispatcher } from 'undici';
import type { StreamEvent, WireFormat } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';

type Body = Dispatcher.ResponseData['body'];

/** A stream that cannot be committed: the upstream's failure, a 502 like a malformed answer. */
function brokenStream(why: string): GatewayError {
  return new GatewayError('upstream_error', { status: 502, source: 'upstream', message: `upstream stream ${why}` });
}

/**
 * Reads `body` up to its first well-formed event of `format`. Resolves with a body that replays
 * everything read and then the rest, or with the 502 the stream is when its first event is
 * malformed, an error event, or never comes (the stream ends, or `limitBytes` pass without
 * one); the upstream body is then destroyed. A failure to read (reset, idle timeout) rejects
 * with the transport's error, as before any answer.
 */
export async function afterFirstEvent(body: Body, format: WireFormat, limitBytes: number): Promise<Body | GatewayError> {
  const decoder = format.createStreamDecoder();
  let verdict: 'commit' | GatewayError | undefined;
  const parser = createParser({
    onEvent(event) {
      if (verdict) return;
      let events: StreamEvent[];
      try {
        events = decoder.push({ event: event.event, data: event.data, id: event.id });
      } catch (err) {
        verdict = brokenStream(`began with an event that is not ${format.id}: ${(err as Error).message}`);
        return;
      }
      const error = events.find((e) => e.type === 'error');
      if (error) verdict = brokenStream(`began with an error event: ${error.type === 'error' ? error.message : ''}`);
      else if (events.length > 0) verdict = 'commit';
    },
  });
  const text = new TextDecoder();
  const held: Buffer[] = [];
  let heldBytes = 0;
  const iterator = body[Symbol.asyncIterator]();
  try {
    while (!verdict) {
      const next = await iterator.next();
      if (next.done) {
        verdict = brokenStream('ended before its first event');
        break;
      }
      const chunk = next.value as Buffer;
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes > limitBytes) verdict = brokenStream(`sent ${limitBytes} bytes without an event`);
      else parser.feed(text.decode(chunk, { stream: true }));
    }
  } catch (err) {
    body.destroy();
    throw err;
  }
  if (verdict !== 'commit') {
    body.destroy();
    return verdict;
  }
  async function* replay() {
    // One chunk at a time (no spread of the held list): it may be long when pings came first.
    for (const chunk of held) yield chunk;
    held.length = 0;
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
