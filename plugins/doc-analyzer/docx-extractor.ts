/**
 * DOCX: text through mammoth (the same text a DOCX-to-text pipeline would hand a model, hidden
 * runs included), hidden runs and metadata from the package XML through JSZip. The package's
 * declared uncompressed size is checked before anything is inflated.
 */
import type { ExtractionLimits, FormatExtraction, HiddenSpan, MetadataField } from './document-types.js';
import { declaredZipSize } from './zip-entry-sizes.js';
import { DocxStyles, descendants, hiddenRuns, parseXml, textOf } from './docx-hidden-runs.js';

const CORE_FIELDS = ['dc:title', 'dc:subject', 'dc:creator', 'cp:keywords', 'dc:description', 'cp:lastModifiedBy', 'cp:category', 'cp:contentStatus'];
const APP_FIELDS = ['Company', 'Manager', 'Template'];
const HIDDEN_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/;

function metadataOf(parts: Record<string, string | undefined>): MetadataField[] {
  const fields: MetadataField[] = [];
  const read = (xml: string | undefined, names: string[]) => {
    if (!xml) return;
    const root = parseXml(xml);
    for (const name of names) for (const node of descendants(root, name)) {
      const value = textOf(node).trim();
      if (value) fields.push({ name, value });
    }
  };
  read(parts.core, CORE_FIELDS);
  read(parts.app, APP_FIELDS);
  if (parts.custom) {
    for (const property of descendants(parseXml(parts.custom), 'property')) {
      const value = textOf(property).trim();
      if (value) fields.push({ name: `custom:${property.attribs?.name ?? '?'}`, value });
    }
  }
  if (parts.comments) {
    for (const comment of descendants(parseXml(parts.comments), 'w:comment')) {
      const value = descendants(comment, 'w:t').map(textOf).join('').trim();
      if (value) fields.push({ name: 'comment', value });
    }
  }
  return fields;
}

/** Extracts a DOCX package. */
export async function extractDocx(bytes: Uint8Array, limits: ExtractionLimits): Promise<FormatExtraction> {
  const declared = declaredZipSize(bytes);
  if (!declared) return { text: '', hidden: [], metadata: [], problems: ['unreadable'] };
  if (declared.total > limits.maxExpandedBytes) return { text: '', hidden: [], metadata: [], problems: ['too_large_expanded'] };

  // Loaded on first use: documents are rare next to plain prompts.
  const [{ default: JSZip }, { default: mammoth }] = await Promise.all([import('jszip'), import('mammoth')]);
  const zip = await JSZip.loadAsync(bytes);
  const read = (path: string) => zip.file(path)?.async('string');
  const { value: text } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });

  const styles = new DocxStyles(await read('word/styles.xml'));
  const hidden: HiddenSpan[] = [];
  for (const path of Object.keys(zip.files).filter((p) => HIDDEN_PARTS.test(p)).sort()) {
    for (const run of hiddenRuns((await read(path)) ?? '', styles)) hidden.push(run); // not push(...runs): unbounded
  }
  const metadata = metadataOf({
    core: await read('docProps/core.xml'),
    app: await read('docProps/app.xml'),
    custom: await read('docProps/custom.xml'),
    comments: await read('word/comments.xml'),
  });
  // Tracked deletions and picture descriptions, which mammoth leaves out, are added back by the caller.
  return { text: text.trim(), hidden, metadata };
}
