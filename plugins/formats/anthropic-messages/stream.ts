/**
 * Messages API streaming: the upstream decoder and the client encoder
 * (https://docs.anthropic.com/en/docs/build-with-claude/streaming).
 */
export { createStreamDecoder } from './stream-decoder.js';
export { createStreamEncoder } from './stream-encoder.js';
