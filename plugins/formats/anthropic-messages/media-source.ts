import { FormatError, type MediaSource, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { childPath, expectObject, requireString } from '../../shared/formats/json-fields.js';
import type { AnthropicSource } from './wire-types.js';

/**
 * Image and document `source` objects <-> canonical media sources.
 * Images: `base64`, `url`, `file` (https://docs.anthropic.com/en/docs/build-with-claude/vision).
 * Documents: `base64` PDF, `text` (plain text), `url` PDF, `file`, and `content` (custom
 * content, which the canonical model does not carry) (https://docs.anthropic.com/en/docs/build-with-claude/pdf-support,
 * https://docs.anthropic.com/en/docs/build-with-claude/citations).
 */

/** Plain-text document sources travel canonically as base64 `text/plain` bytes. */
const PLAIN_TEXT = 'text/plain';

/** A request block's `source` -> canonical source; `undefined` for a `content` source. */
export function decodeSource(raw: unknown, path: string): MediaSource | undefined {
  const at = childPath(path, 'source');
  const src = expectObject(raw, at);
  switch (src.type) {
    case 'base64':
      return { kind: 'base64', media_type: requireString(src, 'media_type', at), data: requireString(src, 'data', at) };
    case 'url':
      return { kind: 'url', url: requireString(src, 'url', at) };
    case 'file':
      return { kind: 'file', file_id: requireString(src, 'file_id', at) };
    case 'text':
      return { kind: 'base64', media_type: PLAIN_TEXT, data: Buffer.from(requireString(src, 'data', at), 'utf8').toString('base64') };
    case 'content':
      return undefined;
    default:
      throw new FormatError(`${at}.type must be one of base64, url, file, text, content`, `${at}.type`);
  }
}

/** A canonical image source -> an image `source`. */
export function encodeImageSource(source: MediaSource): AnthropicSource {
  switch (source.kind) {
    case 'base64':
      return { type: 'base64', media_type: source.media_type, data: source.data };
    case 'url':
      return { type: 'url', url: source.url };
    case 'file':
      return { type: 'file', file_id: source.file_id };
  }
}

/**
 * A canonical document source -> a document `source`. Base64 text (`text/*`) becomes a plain
 * text source; base64 bytes other than PDF or text have no Anthropic document type.
 */
export function encodeDocumentSource(source: MediaSource): AnthropicSource {
  if (source.kind !== 'base64') return encodeImageSource(source);
  if (source.media_type.startsWith('text/')) {
    return { type: 'text', media_type: PLAIN_TEXT, data: Buffer.from(source.data, 'base64').toString('utf8') };
  }
  if (source.media_type === 'application/pdf') return { type: 'base64', media_type: source.media_type, data: source.data };
  throw new UnsupportedFeatureError(
    `document of type ${source.media_type}`,
    'anthropic-messages',
    'inline documents must be PDF or plain text',
  );
}
