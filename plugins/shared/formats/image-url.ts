import { FormatError, type ImagePart } from '../../../core/plugin/index.js';
import { sourceFromUrl, urlFromSource } from './data-url.js';
import { childPath, expectObject, optionalString, requireString, type JsonObject } from './json-fields.js';

/**
 * The `image_url` content part of Chat Completions
 * (https://platform.openai.com/docs/guides/images-vision), which Cohere v2 copies
 * (https://docs.cohere.com/docs/image-inputs): `{type: 'image_url', image_url: {url, detail?}}`,
 * the URL a web address or a base64 data URL.
 */

/** An `image_url` part at `path` -> canonical image. */
export function decodeImageUrl(part: JsonObject, path: string): ImagePart {
  const at = childPath(path, 'image_url');
  const image = expectObject(part.image_url, at);
  const out: ImagePart = { type: 'image', source: sourceFromUrl(requireString(image, 'url', at)) };
  const detail = optionalString(image, 'detail', at);
  if (detail === 'auto' || detail === 'low' || detail === 'high') out.detail = detail;
  else if (detail !== undefined) throw new FormatError(`${at}.detail must be auto, low or high`, childPath(at, 'detail'));
  return out;
}

/** Canonical image -> an `image_url` part; undefined for a provider file id, which has no URL. */
export function encodeImageUrl(part: ImagePart): JsonObject | undefined {
  const url = urlFromSource(part.source);
  if (url === undefined) return undefined;
  return { type: 'image_url', image_url: part.detail ? { url, detail: part.detail } : { url } };
}
