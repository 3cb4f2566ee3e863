import type { AudioPart, DocumentPart, ImagePart, MediaSource } from '../../../core/plugin/index.js';
import type { GeminiBlob, GeminiFileData } from './wire-types.js';

/**
 * Gemini has one media part (`inlineData` bytes or `fileData` by URI) for every modality and
 * tells them apart by MIME type; the canonical model has image, audio and document parts.
 * `fileData.fileUri` takes a Files API URI or a public or signed HTTPS URL
 * (https://ai.google.dev/gemini-api/docs/file-input-methods).
 */

/** The canonical part a Gemini media part becomes: image/*, audio/*, and a document otherwise. */
export function mediaPart(source: MediaSource, mimeType: string | undefined): ImagePart | AudioPart | DocumentPart {
  const type = (mimeType ?? '').toLowerCase();
  if (type.startsWith('image/')) return { type: 'image', source };
  if (type.startsWith('audio/')) return { type: 'audio', source };
  return { type: 'document', source };
}

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** Canonical media source -> a Gemini `inlineData` or `fileData` part body. */
export function mediaSourceToGemini(source: MediaSource): { inlineData: GeminiBlob } | { fileData: GeminiFileData } {
  if (source.kind === 'base64') return { inlineData: { mimeType: source.media_type, data: source.data } };
  if (source.kind === 'url') {
    // A data: URL is bytes, not a location Gemini could fetch.
    const inline = DATA_URL.exec(source.url);
    if (inline) return { inlineData: { mimeType: inline[1]!, data: inline[2]! } };
  }
  const fileUri = source.kind === 'url' ? source.url : source.file_id;
  const fileData: GeminiFileData = { fileUri };
  if (source.media_type) fileData.mimeType = source.media_type;
  return { fileData };
}
