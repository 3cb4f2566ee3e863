import { defineWireFormat } from '../../../core/plugin/index.js';
import { decodeError, encodeError } from './errors.js';
import { decodeRequest, encodeRequest, passthroughRequest } from './request.js';
import { decodeResponse, encodeResponse } from './response.js';
import { createStreamDecoder, createStreamEncoder } from './stream.js';

/**
 * The Anthropic Messages wire format (`POST /v1/messages`,
 * https://docs.anthropic.com/en/api/messages): requests, answers, SSE streams and errors
 * to and from the canonical model. See README.md and docs/formats/anthropic-messages.md.
 */
export default defineWireFormat({
  kind: 'wire-format',
  id: 'anthropic-messages',
  decodeRequest: (body, from) => decodeRequest(body, from),
  encodeRequest,
  passthroughRequest,
  decodeResponse,
  encodeResponse,
  createStreamDecoder,
  createStreamEncoder,
  decodeError,
  encodeError,
});

export { DEFAULT_MAX_TOKENS } from './request.js';
export { JSON_OUTPUT_TOOL } from './json-output.js';
