/**
 * A chat answer read whole (not streamed) and decoded from the upstream's format. An answer
 * longer than the limit, not JSON, or not what the format documents is the upstream's failure,
 * given back as the 502 it becomes rather than thrown: the attempt loop weighs it as any failed
 * attempt (breaker, retries, fallback), since none of it reached the client.
 */
import type { Dispatcher } from 'undici';
import type { CanonicalResponse, WireFormat } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { readJsonAnswer, type JsonAnswer } from '../upstream/answer-limit.js';

export interface ChatAnswer {
  /** The answer as the upstream sent it (relayed as is on a pass-through). */
  raw: string;
  response: CanonicalResponse;
}

/** The answer read to `limitBytes` and decoded, or the upstream's 502 it is. */
export async function readChatAnswer(body: Dispatcher.ResponseData['body'], format: WireFormat, limitBytes: number): Promise<ChatAnswer | GatewayError> {
  let answer: JsonAnswer;
  try {
    answer = await readJsonAnswer(body, limitBytes);
  } catch (err) {
    if (err instanceof GatewayError) return err;
    throw err;
  }
  try {
    return { raw: answer.text, response: format.decodeResponse(answer.value) };
  } catch (err) {
    return new GatewayError('upstream_error', { status: 502, source: 'upstream', message: `upstream answered with a malformed body: ${(err as Error).message}` });
  }
}
