import type { SseEvent, StreamDecoder, StreamEncoder, StreamEvent } from '../../../../core/canonical/index.js';

/** Test helper: a whole upstream stream through a decoder: what each event gives, then what end() adds. */
export function decodeStream(decoder: StreamDecoder, events: SseEvent[]): { events: StreamEvent[]; complete: boolean } {
  const out = events.flatMap((event) => decoder.push(event));
  const end = decoder.end();
  return { events: [...out, ...end.events], complete: end.complete };
}

/**
 * Test helper: canonical events through an encoder as the gateway writes a stream: open(), every
 * write(), then close(), or fail(`failure`, 'upstream_error') for a stream that broke off.
 */
export function encodeStream(encoder: StreamEncoder, events: StreamEvent[], failure?: string): string {
  const body = encoder.open() + events.map((event) => encoder.write(event)).join('');
  return body + (failure === undefined ? encoder.close() : encoder.fail(failure, 'upstream_error'));
}
