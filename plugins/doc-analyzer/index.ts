/**
 * `doc_analyzer`: reads documents carried in a request (PDF, DOCX, HTML, plain text
 * attachments) within size and page limits, and reports what a human reader would not see:
 * hidden text and how it was hidden, invisible or smuggled Unicode, instructions in hidden text
 * or metadata, and documents too large or broken to inspect. Its `extractSegments` hands the
 * extracted text to the service as `document` segments for the other detectors.
 */
import { defineDetector, type DetectorHit, type InspectionRequest } from '../../core/plugin/index.js';
import { extractAttachments } from './extract-attachments.js';
import { addInvisibleCounts, documentHits, type SegmentFacts } from './document-findings.js';
import { scanInvisible } from './invisible-unicode.js';
import { extractHtml } from './html-extractor.js';
import type { ExtractionLimits } from './document-types.js';
import type { DocAnalyzerSettings } from './settings.js';
import { INVISIBLE_CONFIDENCE } from './sensitivity.js';

export { extractAttachments } from './extract-attachments.js';

// Tool results from web fetches are often raw HTML: hidden elements there matter as much as in a file.
const LOOKS_LIKE_HTML = /<(html|body|div|span|p|style|!--)[\s>]/i;

/** Extraction limits from settings. */
export function limitsOf(settings: DocAnalyzerSettings): ExtractionLimits {
  return {
    maxBytes: settings.max_bytes,
    maxPages: settings.max_pages,
    maxTextChars: settings.max_text_chars,
    maxExpandedBytes: settings.max_expanded_bytes,
  };
}

export default defineDetector<DocAnalyzerSettings>({
  kind: 'detector',
  name: 'doc_analyzer',
  version: '1.0.0',
  schemaId: 'https://portcullis.dev/schemas/plugins/doc_analyzer.schema.json',
  description: 'Documents in payloads: hidden text, invisible or smuggled Unicode, instructions in hidden text or metadata, oversized or unreadable files.',
  canTransform: false,
  defaultThreshold: 0.5,
  create(settings) {
    const limits = limitsOf(settings);
    const sources = new Set(settings.segment_sources);
    const invisibleAt = INVISIBLE_CONFIDENCE[settings.sensitivity ?? 'balanced'];
    return {
      async inspect(request: InspectionRequest): Promise<DetectorHit[]> {
        const facts: SegmentFacts = { hidden: [], invisible: {} };
        for (const segment of request.segments) {
          if (!sources.has(segment.source)) continue;
          const scan = scanInvisible(segment.text);
          addInvisibleCounts(facts.invisible, scan.counts);
          for (const s of scan.smuggled) facts.hidden.push({ technique: s.technique, text: s.text });
          if (segment.text.includes('<') && LOOKS_LIKE_HTML.test(segment.text)) {
            // One by one, not push(...spans): a page may hide any number of elements.
            for (const span of extractHtml(segment.text).hidden) facts.hidden.push(span);
          }
        }
        const { documents } = await extractAttachments(request, limits);
        return documentHits(documents, facts, settings.hidden_text_min_chars, invisibleAt);
      },
      // Extraction is memoised per request object, so the service's call and inspect() parse once.
      async extractSegments(request: InspectionRequest) {
        return request.attachments.length ? (await extractAttachments(request, limits)).segments : [];
      },
    };
  },
});
