/**
 * PDF: text with unpdf (pdf.js), page by page up to the page limit; hidden text from each
 * page's operator list; metadata from the Info dictionary and XMP. Encrypted or broken files
 * come back as problems, never as exceptions.
 */
import type { ExtractionLimits, FormatExtraction, HiddenSpan, MetadataField } from './document-types.js';
import { hiddenPdfText } from './pdf-hidden-text.js';
import { loadPdfjs } from './load-pdfjs.js';

const INFO_FIELDS = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer'];

function metadataFields(info: Record<string, unknown>, xmp: Map<string, unknown> | Record<string, unknown> | undefined): MetadataField[] {
  const fields: MetadataField[] = [];
  for (const name of INFO_FIELDS) {
    const value = info[name];
    if (typeof value === 'string' && value.trim()) fields.push({ name, value });
  }
  // Custom Info keys (anything a producer or an attacker adds).
  const custom = info.Custom;
  if (custom && typeof custom === 'object') {
    for (const [name, value] of Object.entries(custom)) if (typeof value === 'string' && value.trim()) fields.push({ name: `Custom:${name}`, value });
  }
  const entries = xmp instanceof Map ? [...xmp.entries()] : Object.entries(xmp ?? {});
  for (const [name, value] of entries) {
    const text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
    if (text.trim()) fields.push({ name: `xmp:${name}`, value: text });
  }
  return fields;
}

// pdf.js 5 makes its Metadata object iterable over [name, value]; older versions had getAll().
function xmpFields(metadata: unknown): Map<string, unknown> | Record<string, unknown> | undefined {
  if (!metadata || typeof metadata !== 'object') return undefined;
  if (Symbol.iterator in metadata) return new Map(metadata as Iterable<[string, unknown]>);
  const legacy = metadata as { getAll?: () => Record<string, unknown> };
  return legacy.getAll?.();
}

/** Extracts a PDF. */
export async function extractPdf(bytes: Uint8Array, limits: ExtractionLimits): Promise<FormatExtraction> {
  // Loaded on first use: documents are rare next to plain prompts.
  const { unpdf, ops: OPS } = await loadPdfjs();
  let pdf;
  try {
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    pdf = await unpdf.getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false, useSystemFonts: false, stopAtErrors: false });
  } catch (err) {
    const encrypted = (err as { name?: string }).name === 'PasswordException';
    return { text: '', hidden: [], metadata: [], problems: [encrypted ? 'encrypted' : 'unreadable'] };
  }
  try {
    const pages = pdf.numPages;
    const read = Math.min(pages, limits.maxPages);
    const texts: string[] = [];
    const hidden: HiddenSpan[] = [];
    let chars = 0;
    for (let n = 1; n <= read && chars <= limits.maxTextChars; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const items = content.items as Array<{ str?: string; hasEOL?: boolean }>;
      const text = items.map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join('');
      texts.push(text);
      chars += text.length;
      const ops = await page.getOperatorList();
      for (const span of hiddenPdfText(ops.fnArray, ops.argsArray as unknown[][], OPS, page.view)) hidden.push(span); // not push(...spans): unbounded
      page.cleanup();
    }
    const meta = await pdf.getMetadata().catch(() => undefined);
    const xmp = xmpFields(meta?.metadata);
    const metadata = metadataFields((meta?.info ?? {}) as Record<string, unknown>, xmp);
    return { text: texts.join('\n\n'), hidden, metadata, pages, problems: pages > limits.maxPages ? ['too_many_pages'] : [] };
  } catch {
    return { text: '', hidden: [], metadata: [], problems: ['unreadable'] };
  } finally {
    await pdf.destroy();
  }
}
