import type { MediaSource } from '../../../core/canonical/index.js';

/**
 * Media references of the Responses API: `image_url` and `file_data` carry either a URL or a
 * base64 `data:` URL (https://platform.openai.com/docs/guides/images-vision,
 * https://platform.openai.com/docs/guides/pdf-files). Base64 becomes a canonical base64 source so
 * formats without URLs (Anthropic, Gemini inline data) can send the bytes.
 */

const DATA_URL = /^data:([^;,]+)?((?:;[^;,]+)*?);base64,(.*)$/s;

/** Parses `data:<type>;base64,<data>`; undefined for any other string. */
export function parseDataUrl(url: string): { media_type: string; data: string } | undefined {
  const match = DATA_URL.exec(url);
  if (!match) return undefined;
  return { media_type: match[1] ?? 'application/octet-stream', data: match[3] ?? '' };
}

/** Builds a base64 data URL. */
export function toDataUrl(mediaType: string, data: string): string {
  return `data:${mediaType};base64,${data}`;
}

/** An `image_url` or `file_url` value as a canonical source. */
export function sourceFromUrl(url: string): MediaSource {
  const parsed = parseDataUrl(url);
  return parsed ? { kind: 'base64', ...parsed } : { kind: 'url', url };
}

const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A media type for raw base64 `file_data` without a data-URL prefix, guessed from the filename. */
export function mediaTypeForFilename(filename: string | undefined): string {
  const ext = filename?.split('.').pop()?.toLowerCase();
  return (ext && EXTENSION_TYPES[ext]) || 'application/octet-stream';
}
