import type { MediaSource } from '../../../core/plugin/index.js';

/**
 * Media carried as URLs. OpenAI chat `image_url.url` (and Cohere v2's `image_url`, which copies
 * it) and the Responses API's `image_url` and `file_data` hold either a web URL or a base64
 * `data:` URL (https://platform.openai.com/docs/guides/images-vision,
 * https://platform.openai.com/docs/guides/pdf-files, https://docs.cohere.com/docs/image-inputs).
 * Base64 becomes a canonical base64 source so formats without URLs (Anthropic, Gemini inline
 * data) can send the bytes.
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

/** A URL field as a canonical source: data URLs become base64, anything else stays a URL. */
export function sourceFromUrl(url: string): MediaSource {
  const parsed = parseDataUrl(url);
  return parsed ? { kind: 'base64', ...parsed } : { kind: 'url', url };
}

/** A URL for a canonical source, or undefined for a provider file id (which has no URL form). */
export function urlFromSource(source: MediaSource): string | undefined {
  if (source.kind === 'url') return source.url;
  if (source.kind === 'base64') return toDataUrl(source.media_type, source.data);
  return undefined;
}
