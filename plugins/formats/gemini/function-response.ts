import { type DocumentPart, type ImagePart, type TextPart, type ToolResultPart, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { isObject } from '../../shared/formats/json-fields.js';
import { mediaSourceToGemini } from './media.js';
import type { GeminiFunctionResponse, GeminiFunctionResponsePart } from './wire-types.js';

/**
 * Tool results. Gemini's `functionResponse.response` is a JSON object: by convention the result
 * under `output` and a failure under `error`, and otherwise the whole object is the output
 * (https://ai.google.dev/api/caching#FunctionResponse). Canonical tool results are content parts,
 * so the object travels as JSON text, except that a lone string `output`/`error` is unwrapped to
 * its text. Encoding reverses this: text that parses as a JSON object is the response itself,
 * other text becomes `{output}` (or `{error}` for a failed call). Images and documents ride in
 * `functionResponse.parts` (multimodal function responses).
 */

/** What a decoded `functionResponse` becomes, apart from the call id. */
export interface DecodedToolResult {
  content: Array<TextPart | ImagePart | DocumentPart>;
  is_error?: boolean;
}

/** `functionResponse.response` (+ media parts) -> canonical tool-result content. */
export function decodeFunctionResponse(response: Record<string, unknown>, media: Array<ImagePart | DocumentPart>): DecodedToolResult {
  const keys = Object.keys(response);
  const isError = keys.includes('error') && !keys.includes('output');
  const lone = keys.length === 1 ? response[keys[0]!] : undefined;
  const text = typeof lone === 'string' && (keys[0] === 'output' || keys[0] === 'error') ? lone : JSON.stringify(response);
  const result: DecodedToolResult = { content: [{ type: 'text', text }, ...media] };
  if (isError) result.is_error = true;
  return result;
}

/** A canonical tool result -> Gemini `functionResponse` for the function `name`. */
export function encodeToolResult(part: ToolResultPart, name: string, id: string | undefined): GeminiFunctionResponse {
  const texts: string[] = [];
  const media: GeminiFunctionResponsePart[] = [];
  for (const item of part.content) {
    if (item.type === 'text') texts.push(item.text);
    else if (item.type === 'document' && (item.title !== undefined || item.context !== undefined)) {
      throw new UnsupportedFeatureError('document title or context in a tool result', 'gemini', 'function response parts carry only media');
    } else media.push(mediaSourceToGemini(item.source));
  }
  const out: GeminiFunctionResponse = { name, response: responseObject(texts.join('\n'), part.is_error === true) };
  if (id !== undefined) out.id = id;
  if (media.length > 0) out.parts = media;
  return out;
}

function responseObject(text: string, isError: boolean): Record<string, unknown> {
  const parsed = parseObject(text);
  if (parsed) return isError && !('error' in parsed) ? { error: parsed } : parsed;
  return isError ? { error: text } : { output: text };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
