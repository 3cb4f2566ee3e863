import { type CanonicalMessage, type CanonicalRequest, type ContentPart, FormatError, type ToolResultPart } from '../../../core/plugin/index.js';
import { DecodeNotes } from './decode-notes.js';
import { decodeFunctionResponse } from './function-response.js';
import { decodeGenerationConfig } from './generation-config.js';
import { childPath, expectArray, expectObject, type JsonObject, optionalObject, optionalString } from '../../shared/formats/json-fields.js';
import { decodePart, type WireFunctionResponse } from './parts.js';
import { orphanResultId, requestCallId } from './tool-call-ids.js';
import { decodeTools } from './tools.js';

/**
 * A generateContent request body (https://ai.google.dev/api/generate-content#request-body) ->
 * the canonical request. The model and streaming come from the URL, not the body.
 */

/** Top-level fields this adapter maps; `model` is the path parameter and is read from the URL. */
const MAPPED = new Set(['contents', 'systemInstruction', 'tools', 'toolConfig', 'generationConfig', 'model']);

const GEMINI_ONLY_TOP_LEVEL: Record<string, string> = {
  safetySettings: 'Gemini safety thresholds have no equivalent in other formats',
  cachedContent: 'it names context cached on Google\'s side',
};

/** A function call of the latest model turn, waiting for its response. */
interface PendingCall {
  id: string;
  name: string;
  answered: boolean;
}

/** Decodes a client body; `from` carries the model and streaming taken from the URL. */
export function decodeRequest(body: unknown, from: { pathModel?: string; stream?: boolean } = {}): CanonicalRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new FormatError('the request body must be a JSON object');
  }
  const obj = body as JsonObject;
  const notes = new DecodeNotes();
  for (const [key, value] of Object.entries(obj)) {
    if (value === undefined || value === null || MAPPED.has(key)) continue;
    notes.geminiOnly(key, GEMINI_ONLY_TOP_LEVEL[key] ?? 'a Gemini request field with no equivalent in other formats');
  }

  const model = from.pathModel ?? modelFromBody(obj);
  if (!model) throw new FormatError('the model is missing from the path /v1beta/models/{model}:generateContent', 'model');

  const messages = [...decodeSystemInstruction(obj, notes), ...decodeContents(obj, notes)];
  const generation = decodeGenerationConfig(optionalObject(obj, 'generationConfig', ''), notes);
  const tools = decodeTools(obj, notes);

  const request: CanonicalRequest = { model, messages, sampling: generation.sampling, stream: from.stream ?? false };
  if (tools.tools) request.tools = tools.tools;
  if (tools.tool_choice) request.tool_choice = tools.tool_choice;
  if (generation.response_format) request.response_format = generation.response_format;
  if (generation.reasoning) request.reasoning = generation.reasoning;
  if (notes.sameFormatOnly.length > 0) request.same_format_only = notes.sameFormatOnly;
  return request;
}

function modelFromBody(obj: JsonObject): string | undefined {
  const name = optionalString(obj, 'model', '');
  return name?.replace(/^models\//, '') || undefined;
}

/** `systemInstruction` -> one leading system message (text only, as Gemini documents). */
function decodeSystemInstruction(obj: JsonObject, notes: DecodeNotes): CanonicalMessage[] {
  const system = optionalObject(obj, 'systemInstruction', '');
  if (!system) return [];
  const path = 'systemInstruction';
  const content: ContentPart[] = [];
  expectArray(system.parts, childPath(path, 'parts')).forEach((value, j) => {
    const partPath = childPath(childPath(path, 'parts'), j);
    const decoded = decodePart(value, partPath, () => requestCallId(-1, j));
    decoded.geminiOnly.forEach((field) => notes.geminiOnly(field, 'only Gemini reads it'));
    if (decoded.part?.type === 'text') content.push(decoded.part);
    else if (decoded.part || decoded.functionResponse) throw new FormatError(`${partPath} must be text: system instructions are text only`, partPath);
  });
  return content.length > 0 ? [{ role: 'system', content }] : [];
}

function decodeContents(obj: JsonObject, notes: DecodeNotes): CanonicalMessage[] {
  const contents = expectArray(obj.contents, 'contents');
  if (contents.length === 0) throw new FormatError('contents must not be empty', 'contents');
  const messages: CanonicalMessage[] = [];
  let pending: PendingCall[] = [];
  contents.forEach((value, i) => {
    const path = childPath('contents', i);
    const content = expectObject(value, path);
    const role = optionalString(content, 'role', path) ?? 'user';
    if (role !== 'user' && role !== 'model') throw new FormatError(`${path}.role must be "user" or "model"`, childPath(path, 'role'));
    const parts = expectArray(content.parts, childPath(path, 'parts'));
    if (parts.length === 0) throw new FormatError(`${path}.parts must not be empty`, childPath(path, 'parts'));

    const own: ContentPart[] = [];
    const results: ToolResultPart[] = [];
    parts.forEach((partValue, j) => {
      const partPath = childPath(childPath(path, 'parts'), j);
      const decoded = decodePart(partValue, partPath, () => requestCallId(i, j));
      decoded.geminiOnly.forEach((field) => notes.geminiOnly(field, 'only Gemini reads it'));
      if (decoded.functionResponse) {
        if (role !== 'user') throw new FormatError(`${partPath}.functionResponse belongs in a user turn`, partPath);
        results.push(pairResult(decoded.functionResponse, pending, i, j));
      } else if (decoded.part) {
        if (decoded.part.type === 'tool_call' && role !== 'model') throw new FormatError(`${partPath}.functionCall belongs in a model turn`, partPath);
        own.push(decoded.part);
      }
    });

    if (role === 'model') {
      pending = own.flatMap((p) => (p.type === 'tool_call' ? [{ id: p.id, name: p.name, answered: false }] : []));
      if (own.length > 0) messages.push({ role: 'assistant', content: own });
      return;
    }
    // Tool results come first: they answer the model turn just before this one.
    for (const result of results) messages.push({ role: 'tool', content: [result] });
    if (own.length > 0) messages.push({ role: 'user', content: own });
  });
  return messages;
}

/**
 * Pairs a function response with its call: by id when Gemini gave one, else with the first
 * unanswered call of the same name in the latest model turn (Gemini's own rule: responses
 * answer calls by name, in order).
 */
function pairResult(response: WireFunctionResponse, pending: PendingCall[], i: number, j: number): ToolResultPart {
  const call =
    (response.id !== undefined ? pending.find((c) => c.id === response.id) : undefined) ??
    (response.id === undefined ? pending.find((c) => !c.answered && c.name === response.name) : undefined);
  if (call) call.answered = true;
  const id = response.id ?? call?.id ?? orphanResultId(response.name, i, j);
  const decoded = decodeFunctionResponse(response.response, response.media);
  const part: ToolResultPart = { type: 'tool_result', tool_call_id: id, name: response.name, content: decoded.content };
  if (decoded.is_error) part.is_error = true;
  return part;
}
