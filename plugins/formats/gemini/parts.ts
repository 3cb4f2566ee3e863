import { type ContentPart, type DocumentPart, FormatError, type ImagePart, type MediaSource, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import {
  childPath,
  expectArray,
  expectObject,
  type JsonObject,
  optionalBoolean,
  optionalObject,
  optionalString,
  requireString,
} from '../../shared/formats/json-fields.js';
import { mediaPart, mediaSourceToGemini } from './media.js';
import { wireCallId } from './tool-call-ids.js';
import type { GeminiPart } from './wire-types.js';

/**
 * One `Part` of a Gemini `Content` (https://ai.google.dev/api/caching#Part) to and from the
 * canonical content parts. A part holds exactly one data field; `thought` marks reasoning text
 * and `thoughtSignature` may sit on any part.
 */

/** The data fields a part may hold, exactly one at a time. */
const DATA_FIELDS = [
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
  'toolCall',
  'toolResponse',
] as const;

/** Data fields produced and consumed by Gemini's built-in tools, which no other format has. */
const BUILT_IN_TOOL_FIELDS = new Set(['executableCode', 'codeExecutionResult', 'toolCall', 'toolResponse']);

/** Part metadata that changes how Gemini reads media, with no equivalent elsewhere. */
const GEMINI_ONLY_META = ['videoMetadata', 'mediaResolution'] as const;

/** A `functionResponse` as read off the wire, before it is paired with its call. */
export interface WireFunctionResponse {
  id?: string;
  name: string;
  response: Record<string, unknown>;
  media: Array<ImagePart | DocumentPart>;
}

/** What one wire part decodes to. `geminiOnly` names fields only a Gemini upstream can honour. */
export interface DecodedPart {
  part?: ContentPart;
  functionResponse?: WireFunctionResponse;
  geminiOnly: string[];
}

/**
 * Decodes one part. `callId` names an id-less function call (the caller knows where it sits).
 * Built-in tool parts have no canonical form: they come back as `geminiOnly` without a part.
 */
export function decodePart(value: unknown, path: string, callId: () => string): DecodedPart {
  const part = expectObject(value, path);
  const present = DATA_FIELDS.filter((key) => part[key] !== undefined && part[key] !== null);
  if (present.length !== 1) {
    throw new FormatError(`${path} must hold exactly one of ${DATA_FIELDS.join(', ')}`, path);
  }
  const field = present[0]!;
  const geminiOnly = GEMINI_ONLY_META.filter((key) => part[key] !== undefined && part[key] !== null).map((key) => childPath(path, key));
  const signature = optionalString(part, 'thoughtSignature', path);
  const thought = optionalBoolean(part, 'thought', path) === true;
  if (BUILT_IN_TOOL_FIELDS.has(field)) return { geminiOnly: [...geminiOnly, childPath(path, field)] };
  switch (field) {
    case 'text': {
      const text = requireString(part, 'text', path);
      if (thought) return { part: withSignature({ type: 'thinking', text }, signature), geminiOnly };
      return { part: withSignature({ type: 'text', text }, signature), geminiOnly };
    }
    case 'inlineData': {
      const blob = expectObject(part.inlineData, childPath(path, 'inlineData'));
      const blobPath = childPath(path, 'inlineData');
      const mimeType = requireString(blob, 'mimeType', blobPath);
      const source: MediaSource = { kind: 'base64', data: requireString(blob, 'data', blobPath), media_type: mimeType };
      return { part: mediaPart(source, mimeType), geminiOnly };
    }
    case 'fileData':
      return { part: decodeFileData(part.fileData, childPath(path, 'fileData')), geminiOnly };
    case 'functionCall': {
      const callPath = childPath(path, 'functionCall');
      const call = expectObject(part.functionCall, callPath);
      const args = optionalObject(call, 'args', callPath) ?? {};
      const id = optionalString(call, 'id', callPath) ?? callId();
      const name = requireString(call, 'name', callPath);
      return { part: withSignature({ type: 'tool_call', id, name, arguments: JSON.stringify(args) }, signature), geminiOnly };
    }
    default: {
      const responsePath = childPath(path, 'functionResponse');
      const response = expectObject(part.functionResponse, responsePath);
      const wire: WireFunctionResponse = {
        name: requireString(response, 'name', responsePath),
        response: expectObject(response.response ?? {}, childPath(responsePath, 'response')),
        media: decodeResponseMedia(response, responsePath),
      };
      const id = optionalString(response, 'id', responsePath);
      if (id !== undefined) wire.id = id;
      return { functionResponse: wire, geminiOnly };
    }
  }
}

function decodeFileData(value: unknown, path: string): ImagePart | DocumentPart | ContentPart {
  const file = expectObject(value, path);
  const uri = requireString(file, 'fileUri', path);
  const mimeType = optionalString(file, 'mimeType', path);
  const source: MediaSource = /^https?:\/\//i.test(uri)
    ? { kind: 'url', url: uri, ...(mimeType ? { media_type: mimeType } : {}) }
    : { kind: 'file', file_id: uri, ...(mimeType ? { media_type: mimeType } : {}) };
  return mediaPart(source, mimeType);
}

/** `functionResponse.parts`: media only; audio has no place in a canonical tool result, so it rides as a document. */
function decodeResponseMedia(response: JsonObject, path: string): Array<ImagePart | DocumentPart> {
  if (response.parts === undefined || response.parts === null) return [];
  return expectArray(response.parts, childPath(path, 'parts')).map((item, i) => {
    const itemPath = childPath(childPath(path, 'parts'), i);
    const media = expectObject(item, itemPath);
    let decoded: ContentPart;
    if (isPresent(media.inlineData)) {
      const blobPath = childPath(itemPath, 'inlineData');
      const blob = expectObject(media.inlineData, blobPath);
      const mimeType = requireString(blob, 'mimeType', blobPath);
      decoded = mediaPart({ kind: 'base64', data: requireString(blob, 'data', blobPath), media_type: mimeType }, mimeType);
    } else if (isPresent(media.fileData)) {
      decoded = decodeFileData(media.fileData, childPath(itemPath, 'fileData'));
    } else {
      throw new FormatError(`${itemPath} must hold inlineData or fileData`, itemPath);
    }
    if (decoded.type === 'image' || decoded.type === 'document') return decoded;
    if (decoded.type === 'audio') return { type: 'document', source: decoded.source };
    throw new FormatError(`${itemPath} must hold media`, itemPath);
  });
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function withSignature<T extends ContentPart>(part: T, signature: string | undefined): T {
  return signature === undefined ? part : { ...part, signature };
}

/**
 * A canonical part of a user or model turn -> one Gemini part. Tool results are encoded by the
 * caller, which knows the function names. `where` names the message for error text.
 */
export function encodePart(part: ContentPart, where: string): GeminiPart | undefined {
  switch (part.type) {
    case 'text':
      return part.signature === undefined ? { text: part.text } : { text: part.text, thoughtSignature: part.signature };
    case 'refusal':
      // A refusal is the model's text; Gemini has no separate kind for it.
      return { text: part.text };
    case 'thinking':
      // Redacted or encrypted reasoning from another provider is opaque state Gemini cannot read.
      if (part.text === '' && part.signature === undefined) return undefined;
      return part.signature === undefined ? { text: part.text, thought: true } : { text: part.text, thought: true, thoughtSignature: part.signature };
    case 'image':
    case 'audio':
      return mediaSourceToGemini(part.source);
    case 'document':
      // `name` is a filename only; Gemini parts have none, and the model never saw it anyway.
      if (part.title !== undefined || part.context !== undefined) {
        throw new UnsupportedFeatureError(`document title or context in ${where}`, 'gemini', 'Gemini media parts carry only bytes or a URI and a MIME type');
      }
      return mediaSourceToGemini(part.source);
    case 'tool_call': {
      const args = parseArguments(part.arguments, part.name);
      const id = wireCallId(part.id);
      const call: GeminiPart = { functionCall: id === undefined ? { name: part.name, args } : { id, name: part.name, args } };
      if (part.signature !== undefined) call.thoughtSignature = part.signature;
      return call;
    }
    default:
      throw new UnsupportedFeatureError(`${part.type} part in ${where}`, 'gemini', 'Gemini has no place for it in that turn');
  }
}

/** Tool-call arguments text -> the JSON object Gemini's `functionCall.args` must be. */
function parseArguments(text: string, name: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UnsupportedFeatureError(`arguments of the call to ${name}`, 'gemini', 'they are not valid JSON and Gemini takes arguments as a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UnsupportedFeatureError(`arguments of the call to ${name}`, 'gemini', 'Gemini takes arguments as a JSON object');
  }
  return value as Record<string, unknown>;
}
