/**
 * Decides how to read an attachment: by its media type, and by its first bytes when the media
 * type is generic (`application/octet-stream`) or missing, since clients often send that.
 */
import type { DocumentFormat } from './document-types.js';

const DOCX_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-word.document.macroenabled.12',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
]);
const TEXT_TYPES = /^(text\/(plain|markdown|csv|tab-separated-values|x-markdown|xml|rtf)|application\/(json|xml|x-ndjson|ld\+json|yaml|x-yaml))$/;

/** The format named by a media type, or undefined when it names none doc_analyzer reads. */
export function formatOfMediaType(mediaType: string): DocumentFormat | undefined {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  if (type === 'application/pdf' || type === 'application/x-pdf') return 'pdf';
  if (DOCX_TYPES.has(type)) return 'docx';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (TEXT_TYPES.test(type)) return 'text';
  return undefined;
}

/** The format suggested by the first bytes. A zip is taken for DOCX only if it holds word/document.xml. */
function sniffFormat(bytes: Uint8Array): DocumentFormat | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.startsWith('%PDF-')) return 'pdf';
  if (head.startsWith('PK\u0003\u0004')) return Buffer.from(bytes).includes('word/document.xml') ? 'docx' : undefined;
  const start = head.replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '').trimStart().toLowerCase();
  if (start.startsWith('<!doctype html') || start.startsWith('<html') || /^<(head|body|div|p|span|meta)\b/.test(start)) return 'html';
  return undefined;
}

/** The format to read an attachment as. */
export function detectFormat(mediaType: string, bytes: Uint8Array): DocumentFormat | undefined {
  const declared = formatOfMediaType(mediaType);
  if (declared && declared !== 'text') return declared;
  // Declared text can still be HTML (a page sent as text/plain); unknown types get sniffed.
  return sniffFormat(bytes) ?? declared;
}
