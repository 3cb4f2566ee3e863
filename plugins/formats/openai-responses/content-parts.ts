import { type ContentPart, type DocumentPart, FormatError, type ImagePart, type TextPart, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import type { DecodeNotes } from './decode-notes.js';
import {
  childPath,
  expectObject,
  optionalString,
  requireString,
  type JsonObject,
} from '../../shared/formats/json-fields.js';
import { parseDataUrl, sourceFromUrl, toDataUrl } from '../../shared/formats/data-url.js';
import { mediaTypeForFilename } from './media.js';

/**
 * Message content parts of the Responses API (`input_text`, `input_image`, `input_file`, and the
 * assistant's `output_text` / `refusal`) to and from canonical parts.
 * Shapes: https://platform.openai.com/docs/api-reference/responses/create (input > message >
 * content) and the openai-node SDK's `ResponseInputContent` / `ResponseOutputMessage` types.
 */

const IMAGE_DETAILS = new Set(['auto', 'low', 'high']);

/** One content part of an input message -> canonical part (undefined when only same-format can carry it). */
export function decodeContentPart(raw: unknown, path: string, notes: DecodeNotes): ContentPart | undefined {
  const part = expectObject(raw, path);
  const type = requireString(part, 'type', path);
  switch (type) {
    case 'input_text':
    case 'output_text': {
      const text: TextPart = { type: 'text', text: requireString(part, 'text', path) };
      const annotations = part.annotations;
      if (Array.isArray(annotations) && annotations.length > 0) text.citations = annotations;
      return text;
    }
    case 'refusal':
      return { type: 'refusal', text: requireString(part, 'refusal', path) };
    case 'input_image':
      return decodeImage(part, path);
    case 'input_file':
      return decodeFile(part, path);
    default:
      notes.sameFormat(`${childPath(path, 'type')}=${type}`, 'content part type has no canonical equivalent');
      return undefined;
  }
}

function decodeImage(part: JsonObject, path: string): ImagePart {
  const url = optionalString(part, 'image_url', path);
  const fileId = optionalString(part, 'file_id', path);
  const detail = optionalString(part, 'detail', path);
  const image: ImagePart = url !== undefined
    ? { type: 'image', source: sourceFromUrl(url) }
    : fileId !== undefined
      ? { type: 'image', source: { kind: 'file', file_id: fileId } }
      : missing(path, 'image_url or file_id');
  // `original` keeps full resolution; other formats have no such knob, so it is left unset.
  if (detail && IMAGE_DETAILS.has(detail)) image.detail = detail as ImagePart['detail'];
  return image;
}

function decodeFile(part: JsonObject, path: string): DocumentPart {
  const data = optionalString(part, 'file_data', path);
  const fileId = optionalString(part, 'file_id', path);
  const fileUrl = optionalString(part, 'file_url', path);
  const filename = optionalString(part, 'filename', path);
  let doc: DocumentPart;
  if (data !== undefined) {
    const parsed = parseDataUrl(data);
    doc = {
      type: 'document',
      source: parsed
        ? { kind: 'base64', ...parsed }
        : { kind: 'base64', data, media_type: mediaTypeForFilename(filename) },
    };
  } else if (fileId !== undefined) {
    doc = { type: 'document', source: { kind: 'file', file_id: fileId } };
  } else if (fileUrl !== undefined) {
    doc = { type: 'document', source: sourceFromUrl(fileUrl) };
  } else {
    return missing(path, 'file_data, file_id or file_url');
  }
  if (filename !== undefined) doc.name = filename;
  return doc;
}

function missing(path: string, what: string): never {
  throw new FormatError(`${path} needs ${what}`, path);
}

/**
 * A canonical user/system/tool-output part -> Responses input content part; undefined for a
 * native block, which has no place inside a message.
 */
export function encodeInputPart(part: ContentPart, where: string): JsonObject | undefined {
  if (part.type === 'text' && part.native) return undefined;
  switch (part.type) {
    case 'text':
      return { type: 'input_text', text: part.text };
    case 'refusal':
      return { type: 'input_text', text: part.text };
    case 'image':
      return encodeImage(part);
    case 'document':
      return encodeDocument(part);
    default:
      throw new UnsupportedFeatureError(
        `${part.type} content in ${where}`,
        'openai-responses',
        'the Responses API accepts only text, image and file parts there',
      );
  }
}

function encodeImage(part: ImagePart): JsonObject {
  const out: JsonObject = { type: 'input_image', detail: part.detail ?? 'auto' };
  const source = part.source;
  if (source.kind === 'file') out.file_id = source.file_id;
  else if (source.kind === 'url') out.image_url = source.url;
  else out.image_url = toDataUrl(source.media_type, source.data);
  return out;
}

function encodeDocument(part: DocumentPart): JsonObject {
  const out: JsonObject = { type: 'input_file' };
  const source = part.source;
  if (source.kind === 'file') out.file_id = source.file_id;
  else if (source.kind === 'url') out.file_url = source.url;
  else out.file_data = toDataUrl(source.media_type, source.data);
  // The API requires a filename with inline file_data.
  const filename = part.name ?? part.title ?? (source.kind === 'base64' ? defaultFilename(source.media_type) : undefined);
  if (filename !== undefined) out.filename = filename;
  return out;
}

function defaultFilename(mediaType: string): string {
  if (mediaType === 'application/pdf') return 'document.pdf';
  if (mediaType.startsWith('text/')) return 'document.txt';
  return 'document';
}
