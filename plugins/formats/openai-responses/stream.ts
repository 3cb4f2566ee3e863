import type { EncodeContext, StreamDecoder, StreamEncoder } from '../../../core/plugin/index.js';
import { ResponsesStreamDecoder } from './stream-decoder.js';
import { ResponsesStreamEncoder } from './stream-encoder.js';

/**
 * Streaming for `POST /v1/responses` with `stream: true`: semantic SSE events
 * (https://platform.openai.com/docs/api-reference/responses-streaming).
 */

/** A decoder for one upstream stream. */
export function createStreamDecoder(): StreamDecoder {
  return new ResponsesStreamDecoder();
}

/** An encoder for one client stream. */
export function createStreamEncoder(context: EncodeContext): StreamEncoder {
  return new ResponsesStreamEncoder(context);
}
