import { type CanonicalMessage, type CanonicalRequest, type ContentPart, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { refuseSameFormatOnly } from '../../shared/formats/same-format-only.js';
import { encodeToolResult } from './function-response.js';
import { encodeGenerationConfig } from './generation-config.js';
import { encodePart } from './parts.js';
import { wireCallId } from './tool-call-ids.js';
import { encodeTools } from './tools.js';
import type { GeminiContent, GeminiPart } from './wire-types.js';

/**
 * The canonical request -> a generateContent body. The model is not in the body: the gateway
 * puts it in the upstream path. `user` and `metadata` have no Gemini field and stay at the
 * gateway (they label the exchange; the model never reads them).
 */

/**
 * Gemini 3 rejects a function-call turn whose first call lacks the thought signature Gemini
 * issued. History written by another model has none; Google documents this value for exactly
 * that case, and it is accepted by both the Gemini API and Vertex AI
 * (https://ai.google.dev/gemini-api/docs/thought-signatures, FAQ).
 */
export const FOREIGN_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/**
 * Encodes a canonical request as a generateContent body. A request carrying features only its
 * own format can serve is refused: only the client's original body (pass-through) carries them.
 */
export function encodeRequest(request: CanonicalRequest, _model: string): Record<string, unknown> {
  refuseSameFormatOnly(request, 'gemini');
  const body: Record<string, unknown> = { contents: encodeContents(request.messages) };
  const system = encodeSystem(request.messages);
  if (system) body.systemInstruction = system;
  Object.assign(body, encodeTools(request));
  const generationConfig = encodeGenerationConfig(request);
  if (generationConfig) body.generationConfig = generationConfig;
  return body;
}

/** Every system and developer message, wherever it stood, joins the one system instruction. */
function encodeSystem(messages: CanonicalMessage[]): GeminiContent | undefined {
  const parts: GeminiPart[] = [];
  for (const message of messages) {
    if (message.role !== 'system' && message.role !== 'developer') continue;
    for (const part of message.content) {
      if (part.type !== 'text') {
        throw new UnsupportedFeatureError(`${part.type} content in a ${message.role} message`, 'gemini', 'Gemini system instructions are text only');
      }
      parts.push({ text: part.text });
    }
  }
  return parts.length > 0 ? { parts } : undefined;
}

function encodeContents(messages: CanonicalMessage[]): GeminiContent[] {
  const names = new Map<string, string>();
  const contents: GeminiContent[] = [];
  let resultTurn: GeminiContent | undefined;
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'developer') continue;
    if (message.role === 'assistant') {
      resultTurn = undefined;
      const parts = encodeModelParts(message.content, names);
      if (parts.length > 0) contents.push({ role: 'model', parts });
      continue;
    }
    // Gemini wants every response to a turn's calls in one content, so consecutive tool
    // results (OpenAI sends one message each) share a user turn.
    const { results, others } = encodeUserParts(message, names);
    if (results.length > 0) {
      if (!resultTurn) {
        resultTurn = { role: 'user', parts: [] };
        contents.push(resultTurn);
      }
      resultTurn.parts.push(...results);
    }
    if (others.length > 0) {
      resultTurn = undefined;
      contents.push({ role: 'user', parts: others });
    }
  }
  return contents;
}

function encodeModelParts(content: ContentPart[], names: Map<string, string>): GeminiPart[] {
  const parts: GeminiPart[] = [];
  for (const part of content) {
    if (part.type === 'tool_result') {
      throw new UnsupportedFeatureError('a tool result in an assistant message', 'gemini', 'function responses belong to user turns');
    }
    if (part.type === 'tool_call') names.set(part.id, part.name);
    const encoded = encodePart(part, 'an assistant message');
    if (encoded) parts.push(encoded);
  }
  const firstCall = parts.find((p) => p.functionCall);
  if (firstCall && !parts.some((p) => p.thoughtSignature !== undefined)) firstCall.thoughtSignature = FOREIGN_THOUGHT_SIGNATURE;
  return parts;
}

function encodeUserParts(message: CanonicalMessage, names: Map<string, string>): { results: GeminiPart[]; others: GeminiPart[] } {
  const results: GeminiPart[] = [];
  const others: GeminiPart[] = [];
  for (const part of message.content) {
    if (part.type === 'tool_result') {
      const name = part.name ?? names.get(part.tool_call_id);
      if (!name) {
        throw new UnsupportedFeatureError(
          `tool result for ${part.tool_call_id}`,
          'gemini',
          'Gemini answers a call by function name, and no earlier call with that id names one',
        );
      }
      results.push({ functionResponse: encodeToolResult(part, name, wireCallId(part.tool_call_id)) });
      continue;
    }
    if (part.type === 'tool_call' || part.type === 'thinking') {
      throw new UnsupportedFeatureError(`a ${part.type} part in a ${message.role} message`, 'gemini', 'only model turns carry it');
    }
    const encoded = encodePart(part, `a ${message.role} message`);
    if (encoded) others.push(encoded);
  }
  return { results, others };
}
