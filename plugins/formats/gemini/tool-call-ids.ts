import { randomUUID } from 'node:crypto';

/**
 * Gemini function calls often carry no `id` (the Developer API may omit it), while every other
 * format pairs calls and results by id. The adapter makes ids up for such calls, with a prefix
 * that marks them, and never sends a made-up id to a Gemini peer: Gemini pairs id-less calls
 * and responses by name and position.
 */
const SYNTHETIC_PREFIX = 'gemini_call_';

/** An id for an id-less call in a request body: stable for the same body. */
export function requestCallId(contentIndex: number, partIndex: number): string {
  return `${SYNTHETIC_PREFIX}${contentIndex}_${partIndex}`;
}

/** An id for a function response that matches no earlier call (the pairing is by name). */
export function orphanResultId(name: string, contentIndex: number, partIndex: number): string {
  return `${SYNTHETIC_PREFIX}${name}_${contentIndex}_${partIndex}`;
}

/**
 * Makes ids for id-less calls of one response: unique per response (from its `responseId`, or a
 * random one) and stable within it, so a stream and its calls agree.
 */
export function responseCallIds(responseId: string | undefined): (position: number) => string {
  const base = (responseId ?? randomUUID()).replace(/[^A-Za-z0-9_-]/g, '');
  return (position) => `${SYNTHETIC_PREFIX}${base}_${position}`;
}

/** The id to put on the Gemini wire: none for an id the adapter made up. */
export function wireCallId(id: string): string | undefined {
  return id === '' || id.startsWith(SYNTHETIC_PREFIX) ? undefined : id;
}
