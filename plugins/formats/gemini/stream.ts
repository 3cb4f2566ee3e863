/**
 * Streams: decoding upstream SSE chunks and encoding the client's stream (SSE or JSON array).
 */
export { createStreamDecoder } from './stream-decoder.js';
export { createStreamEncoder } from './stream-encoder.js';
