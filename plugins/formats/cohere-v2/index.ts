import { defineWireFormat } from '../../../core/plugin/index.js';
import { decodeError, encodeError } from './errors.js';
import { decodeRequest, encodeRequest, passthroughRequest } from './request.js';
import { decodeResponse, encodeResponse } from './response.js';
import { createStreamDecoder, createStreamEncoder } from './stream.js';

/**
 * The Cohere v2 Chat wire format (`POST /v2/chat`). See README.md and docs/formats/cohere-v2.md
 * for the field map and what is answered 400.
 */
export default defineWireFormat({
  kind: 'wire-format',
  id: 'cohere-v2',
  decodeRequest: (body) => decodeRequest(body),
  encodeRequest,
  passthroughRequest,
  decodeResponse,
  encodeResponse,
  createStreamDecoder,
  createStreamEncoder,
  decodeError,
  encodeError,
});
