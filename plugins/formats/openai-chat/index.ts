import { defineWireFormat } from '../../../core/plugin/index.js';
import { decodeError, encodeError } from '../../shared/formats/openai-errors.js';
import { decodeRequest, encodeRequest, passthroughRequest } from './request.js';
import { decodeResponse, encodeResponse } from './response.js';
import { createStreamDecoder, createStreamEncoder } from './stream.js';

/**
 * The OpenAI Chat Completions wire format (`POST /v1/chat/completions`), also spoken by the
 * cloud-hosted variant (`/openai/deployments/{deployment}/chat/completions`) and by
 * OpenAI-compatible providers. See README.md and docs/formats/openai-chat.md for the field map.
 */
export default defineWireFormat({
  kind: 'wire-format',
  id: 'openai-chat',
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
