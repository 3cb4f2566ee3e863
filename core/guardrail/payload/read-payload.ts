/**
 * Reads an evaluate payload: recognises its shape, has the proxy's format adapter read it (a
 * body the adapter refuses is a 400 naming the field), and collects its inspectable text as
 * segments located in the JSON, plus its document attachments.
 */
import { FormatError, UnsupportedFeatureError, type WireFormat } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { InspectAttachment } from '../detector.js';
import { locateAnthropicRequest, locateAnthropicResponse } from './locate-anthropic-messages.js';
import { locateGeminiRequest, locateGeminiResponse } from './locate-gemini.js';
import { locateOpenAIChatRequest, locateOpenAIChatResponse } from './locate-openai-chat.js';
import { locateResponsesRequest, locateResponsesResponse } from './locate-openai-responses.js';
import type { Json } from './json-path.js';
import { payloadShape, type PayloadShape } from './payload-shape.js';
import { SegmentBuilder, type LocatedSegment } from './segment-builder.js';

/** A payload read for inspection. */
export interface ParsedPayload {
  shape: PayloadShape;
  segments: LocatedSegment[];
  attachments: InspectAttachment[];
  /** The model the payload names, if any (a gate's `model.name` when the attributes name none). */
  model?: string;
}

/**
 * Routing and bookkeeping fields an adapter requires but an evaluation does not need: a payload
 * may leave them out, and the adapter reads it with a placeholder.
 */
const PLACEHOLDERS: Record<string, unknown> = { model: 'unspecified', max_tokens: 1, id: 'unspecified', created: 0, created_at: 0 };

type Locator = (body: Json, builder: SegmentBuilder) => void;
const LOCATORS: Record<string, { request: Locator; response: Locator }> = {
  'openai-chat': { request: locateOpenAIChatRequest, response: locateOpenAIChatResponse },
  'anthropic-messages': { request: locateAnthropicRequest, response: locateAnthropicResponse },
  gemini: { request: locateGeminiRequest, response: locateGeminiResponse },
  'openai-responses': { request: locateResponsesRequest, response: locateResponsesResponse },
};

const pointer = (param: string | undefined) => (param ? `/payload/${param.replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean).join('/')}` : '/payload');

/**
 * Placeholder fields each adapter and kind turned out to require: filled up front the next time
 * they are missing, so a payload without a model does not cost a thrown error per evaluation.
 */
const learnedPlaceholders = new Map<string, Set<string>>();

/** Has the adapter read the body, filling placeholders for missing routing fields. */
function checkWithAdapter(adapter: WireFormat, kind: 'request' | 'response', payload: Json): void {
  const learnedKey = `${adapter.id} ${kind}`;
  let learned = learnedPlaceholders.get(learnedKey);
  if (!learned) learnedPlaceholders.set(learnedKey, (learned = new Set<string>()));
  let body = payload;
  // The missing fields added to one copy, not a spread per field: a spread followed by a key it
  // lacks makes an object V8 keeps alive through a scavenge (docs/architecture.md).
  let missing: Json | undefined;
  for (const param of learned) if (body[param] === undefined) (missing ??= {})[param] = PLACEHOLDERS[param];
  if (missing) body = Object.assign({}, body, missing);
  for (let attempt = 0; attempt <= Object.keys(PLACEHOLDERS).length; attempt++) {
    try {
      if (kind === 'request') adapter.decodeRequest(body, { pathModel: 'unspecified' });
      else adapter.decodeResponse(body);
      return;
    } catch (err) {
      const param = (err as FormatError).param;
      if (err instanceof FormatError && param && param in PLACEHOLDERS && body[param] === undefined) {
        learned.add(param);
        body = Object.assign({}, body, { [param]: PLACEHOLDERS[param] });
        continue;
      }
      if (err instanceof FormatError) {
        throw new GatewayError('invalid_request', { message: `${pointer(param)}: not a valid ${adapter.id} ${kind}: ${err.message}`, param: pointer(param) });
      }
      if (err instanceof UnsupportedFeatureError) return; // readable, just not translatable: irrelevant here
      throw err;
    }
  }
}

/** Reads a payload for inspection; throws a 400 GatewayError when it is not a known, valid shape. */
export function readPayload(payload: Json, direction: 'input' | 'output', formats: ReadonlyMap<string, WireFormat>): ParsedPayload {
  const shape = payloadShape(payload);
  if (!shape) {
    throw new GatewayError('invalid_request', {
      message: '/payload must be {input: string} or a chat-completions, messages, responses or generateContent body (on output also a response body of those formats)',
      param: '/payload',
    });
  }
  const builder = new SegmentBuilder();
  if (shape.kind === 'text') {
    builder.text(['input'], payload.input, direction === 'input' ? 'prompt' : 'completion', direction === 'input' ? 'user' : 'assistant');
    return { shape, segments: builder.segments, attachments: builder.attachments };
  }
  const adapter = formats.get(shape.format);
  if (!adapter) throw new GatewayError('internal_error', { message: `no adapter for ${shape.format}` });
  checkWithAdapter(adapter, shape.kind, payload);
  LOCATORS[shape.format][shape.kind](payload, builder);
  return {
    shape,
    segments: builder.segments,
    attachments: builder.attachments,
    model: typeof payload.model === 'string' && payload.model ? payload.model : undefined,
  };
}
