/**
 * `extractAttachments(request, limits)`: turns the binary attachments of a request into
 * `document` segments other detectors can read (prompt_guard, data_loss_prevention), and into
 * the per-document facts doc_analyzer reports on. Results are memoised per request object and
 * limits, so the guardrail service and doc_analyzer share one parse of each attachment.
 * Nothing here throws for a bad document: limits and parse failures become `problems`.
 */
import { ObjectSlot, SegmentMemo, type InspectAttachment, type InspectionRequest, type InspectSegment } from '../../core/plugin/index.js';
import type { ExtractedDocument, ExtractionLimits, FormatExtraction } from './document-types.js';
import { decodedLength, stripDataUrl } from './base64-size.js';
import { detectFormat, formatOfMediaType } from './media-type.js';
import { extractPdf } from './pdf-extractor.js';
import { extractDocx } from './docx-extractor.js';
import { extractHtml } from './html-extractor.js';
import { extractText } from './text-decoding.js';
import { scanInvisible } from './invisible-unicode.js';

/** Documents extracted from a request and the segments that carry their text. */
export interface AttachmentExtraction {
  documents: ExtractedDocument[];
  /**
   * New `document` segments: one per document with text (smuggled Unicode text decoded and
   * appended), one per document with metadata; role `tool` for attachments a tool returned.
   */
  segments: InspectSegment[];
}

const memo = new ObjectSlot<Map<string, Promise<AttachmentExtraction>>>('doc_analyzer.extractions');

/** What a document says, whichever request carries it and wherever. */
type DocumentReading = Omit<ExtractedDocument, 'attachment' | 'fromTool'>;

/**
 * Readings of the documents seen last, by their bytes, media type and the limits: a conversation
 * resends its attachments with every turn, and parsing a PDF again each time costs far more than
 * the digest of its bytes. Few are kept, as each holds its text (up to `max_text_chars`).
 */
const readings = new SegmentMemo<Promise<DocumentReading>>(16);

async function extractOne(attachment: InspectAttachment, limits: ExtractionLimits, limitsKey: string): Promise<ExtractedDocument> {
  const reading = await readings.get(attachment.data, (data) => readDocument(data, attachment.media_type, limits), `${limitsKey}|${attachment.media_type}`);
  // The reading is shared between requests: each gets its own lists.
  return {
    ...reading,
    attachment: attachment.id,
    fromTool: attachment.from_tool === true,
    hidden: [...reading.hidden],
    metadata: [...reading.metadata],
    problems: [...reading.problems],
  };
}

async function readDocument(base64: string, mediaType: string, limits: ExtractionLimits): Promise<DocumentReading> {
  const doc: DocumentReading = {
    format: formatOfMediaType(mediaType) ?? 'unsupported',
    text: '',
    hidden: [],
    metadata: [],
    problems: [],
  };
  const data = stripDataUrl(base64);
  if (decodedLength(data) > limits.maxBytes) {
    doc.problems.push('too_large_bytes');
    return doc;
  }
  const bytes = new Uint8Array(Buffer.from(data, 'base64'));
  const format = detectFormat(mediaType, bytes);
  if (!format) return doc;
  doc.format = format;

  let result: FormatExtraction;
  try {
    if (format === 'pdf') result = await extractPdf(bytes, limits);
    else if (format === 'docx') result = await extractDocx(bytes, limits);
    else if (format === 'html') result = extractHtml(new TextDecoder().decode(bytes));
    else result = extractText(bytes);
  } catch {
    result = { text: '', hidden: [], metadata: [], problems: ['unreadable'] };
  }
  doc.hidden = result.hidden;
  // Hidden text the library's text extraction left out (off-page PDF text, DOCX deletions) is
  // still in the file, and another extractor may hand it to a model: keep it in the segment.
  const missing = result.hidden.map((h) => h.text.trim()).filter((t) => t && !result.text.includes(t));
  doc.text = [result.text, ...new Set(missing)].filter(Boolean).join('\n');
  doc.metadata = result.metadata;
  doc.pages = result.pages;
  doc.problems.push(...(result.problems ?? []));
  if (doc.text.length > limits.maxTextChars) {
    doc.text = doc.text.slice(0, limits.maxTextChars);
    doc.problems.push('too_much_text');
  }
  // Text smuggled in tag characters or variation selectors is read by models: surface it.
  const scan = scanInvisible([doc.text, ...doc.metadata.map((m) => m.value)].join('\n'));
  for (const s of scan.smuggled) doc.hidden.push({ technique: s.technique, text: s.text });
  return doc;
}

function segmentsOf(documents: ExtractedDocument[], firstId: number): InspectSegment[] {
  const segments: InspectSegment[] = [];
  let id = firstId;
  for (const doc of documents) {
    const smuggled = doc.hidden.filter((h) => h.technique === 'unicode_tags' || h.technique === 'variation_selectors').map((h) => h.text);
    const text = [doc.text, ...smuggled].filter((t) => t.trim()).join('\n');
    // A document a tool returned is tool output (the home of indirect injection): say so.
    const role = doc.fromTool ? { role: 'tool' as const } : {};
    if (text) segments.push({ id: id++, text, source: 'document', ...role });
    if (doc.metadata.length) segments.push({ id: id++, text: doc.metadata.map((m) => `${m.name}: ${m.value}`).join('\n'), source: 'document', ...role });
  }
  return segments;
}

async function run(request: InspectionRequest, limits: ExtractionLimits, limitsKey: string): Promise<AttachmentExtraction> {
  const documents: ExtractedDocument[] = [];
  // One at a time: parsing is CPU-bound, and a request rarely carries many documents.
  for (const attachment of request.attachments) documents.push(await extractOne(attachment, limits, limitsKey));
  // A loop, not a spread: a long conversation has more segments than a call takes arguments.
  const firstId = 1 + [...request.segments, ...request.attachments].reduce((last, { id }) => Math.max(last, id), -1);
  return { documents, segments: segmentsOf(documents, firstId) };
}

/**
 * Extracts every attachment of a request within `limits`. Returns at once (no parsing) when the
 * request has no attachments.
 */
export function extractAttachments(request: InspectionRequest, limits: ExtractionLimits): Promise<AttachmentExtraction> {
  if (request.attachments.length === 0) return Promise.resolve({ documents: [], segments: [] });
  const key = `${limits.maxBytes}:${limits.maxPages}:${limits.maxTextChars}:${limits.maxExpandedBytes}`;
  let byLimits = memo.get(request);
  if (!byLimits) memo.set(request, (byLimits = new Map()));
  let pending = byLimits.get(key);
  if (!pending) byLimits.set(key, (pending = run(request, limits, key)));
  return pending;
}
