/**
 * Plain-text attachments: decoded by their byte-order mark (UTF-8, UTF-16 LE/BE), else as UTF-8
 * with replacement characters for invalid bytes.
 */
import type { FormatExtraction } from './document-types.js';

/** Decodes text bytes. */
function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return new TextDecoder('utf-8').decode(bytes.subarray(start));
}

/** Extracts a plain-text attachment (its hidden content is found by the Unicode scan). */
export function extractText(bytes: Uint8Array): FormatExtraction {
  return { text: decodeText(bytes), hidden: [], metadata: [] };
}
