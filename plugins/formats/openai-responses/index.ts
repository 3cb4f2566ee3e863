import { defineWireFormat } from '../../../core/plugin/index.js';
import { decodeError, encodeError } from '../../shared/formats/openai-errors.js';
import { decodeRequest, encodeRequest, passthroughRequest } from './request.js';
import { decodeResponse, encodeResponse } from './response.js';
import { createStreamDecoder, createStreamEncoder } from './stream.js';

/**
 * The OpenAI Responses API (`POST /v1/responses`) wire-format adapter.
 * https://platform.openai.com/docs/api-reference/responses
 */
export default defineWireFormat({
  kind: 'wire-format',
  id: 'openai-responses',
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
