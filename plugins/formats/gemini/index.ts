import { defineWireFormat } from '../../../core/plugin/index.js';
import { decodeError, encodeError } from './errors.js';
import { decodeRequest, encodeRequest, passthroughRequest } from './request.js';
import { decodeResponse, encodeResponse } from './response.js';
import { createStreamDecoder, createStreamEncoder } from './stream.js';

/**
 * The Google Gemini generateContent wire format (`/v1beta/models/{model}:generateContent` and
 * `:streamGenerateContent`). The model is part of the URL: see `path.ts` for reading it from a
 * client path and building the upstream path. The field map is in docs/formats/gemini.md.
 */
export default defineWireFormat({
  kind: 'wire-format',
  id: 'gemini',
  decodeRequest,
  encodeRequest,
  passthroughRequest,
  decodeResponse,
  encodeResponse,
  createStreamDecoder,
  createStreamEncoder,
  decodeError,
  encodeError,
});

export { parseGeminiPath, upstreamPath } from './path.js';
export type { GeminiMethod, GeminiPathTarget } from './path.js';
