/**
 * Turns extracted documents (and inspected text segments) into doc_analyzer hits:
 * `doc.too_large`, `doc.unreadable`, `doc.hidden_text`, `doc.invisible_chars`,
 * `doc.hidden_instruction` and `doc.metadata_instruction`. Entities are fixed vocabulary
 * (techniques, character classes, standard field names, cue names), never document text.
 */
import type { DetectorHit } from '../../core/plugin/index.js';
import type { ExtractedDocument, ExtractionProblem, HiddenSpan, HiddenTechnique, MetadataField } from './document-types.js';
import { invisibleConfidence, scanInvisible, type InvisibleClass } from './invisible-unicode.js';
import { scoreInstructions } from './instruction-cues.js';
import type { InvisibleConfidence } from './sensitivity.js';

/** Techniques that only an attempt to hide produces; the others have everyday uses (menus, comments, alt text). */
const DELIBERATE: ReadonlySet<HiddenTechnique> = new Set(['invisible_render', 'white_text', 'same_color', 'tiny_text', 'offscreen', 'opacity_zero', 'docx_vanish']);
const SMUGGLED: ReadonlySet<HiddenTechnique> = new Set(['unicode_tags', 'variation_selectors']);
const SIZE_ENTITY: Partial<Record<ExtractionProblem, string>> = {
  too_large_bytes: 'bytes',
  too_many_pages: 'pages',
  too_much_text: 'text_chars',
  too_large_expanded: 'expanded_bytes',
};
/** Standard metadata names reported as they are; any other name is reported by its kind. */
const STANDARD_FIELDS = new Set(['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'dc:title', 'dc:subject', 'dc:creator',
  'cp:keywords', 'dc:description', 'cp:lastModifiedBy', 'cp:category', 'cp:contentStatus', 'Company', 'Manager', 'Template', 'comment',
  'title', 'description', 'keywords', 'author', 'subject', 'abstract', 'summary', 'generator', 'og:title', 'og:description', 'twitter:description']);

/** Report floor: instruction scores under this are noise. */
const INSTRUCTION_FLOOR = 0.35;
/**
 * Evidence that deliberate hiding adds to any instruction cue in the hidden text (noisy-or): a
 * question or an imperative is unremarkable in a visible paragraph, not in white 1-point text.
 * Short metadata fields (names, titles, keywords) get the same prior: sentences addressed to a
 * reader do not belong there.
 */
const HIDING_PRIOR = 0.3;
const SHORT_FIELDS = new Set(['Title', 'Author', 'Keywords', 'Creator', 'Producer', 'dc:title', 'dc:creator', 'cp:keywords',
  'cp:lastModifiedBy', 'cp:category', 'cp:contentStatus', 'Company', 'Manager', 'Template', 'title', 'keywords', 'author', 'generator']);
const withPrior = (score: number, prior: boolean) => (prior && score > 0 ? 1 - (1 - score) * (1 - HIDING_PRIOR) : score);

const nonSpace = (s: string) => s.replace(/\s/g, '').length;
const round = (x: number) => Math.round(x * 100) / 100;

const STANDARD_XMP = new Set(['dc:title', 'dc:description', 'dc:subject', 'dc:creator', 'dc:rights', 'pdf:keywords', 'pdf:producer', 'xmp:creatortool']);

function fieldEntity(field: MetadataField): string {
  if (STANDARD_FIELDS.has(field.name)) return field.name;
  if (field.name.startsWith('xmp:')) return STANDARD_XMP.has(field.name.slice(4).toLowerCase()) ? field.name : 'xmp_property';
  return 'custom_property';
}

/** Inputs to the findings besides the documents: hidden content found in text segments. */
export interface SegmentFacts {
  hidden: HiddenSpan[];
  invisible: Partial<Record<InvisibleClass, number>>;
}

/** Hidden content in a text segment: invisible characters, smuggled text, HTML hiding. */
export function addInvisibleCounts(into: Partial<Record<InvisibleClass, number>>, counts: Partial<Record<InvisibleClass, number>>): void {
  for (const [k, v] of Object.entries(counts) as Array<[InvisibleClass, number]>) into[k] = (into[k] ?? 0) + v;
}

/** Builds the hits. */
export function documentHits(documents: ExtractedDocument[], segments: SegmentFacts, hiddenMinChars: number, invisibleAt: InvisibleConfidence = (c) => c): DetectorHit[] {
  const hits: DetectorHit[] = [];

  const sizes = new Set(documents.flatMap((d) => d.problems.map((p) => SIZE_ENTITY[p]).filter((e): e is string => e !== undefined)));
  if (sizes.size) hits.push({ type: 'doc.too_large', confidence: 1, entities: [...sizes] });
  const unreadable = documents.filter((d) => d.problems.includes('unreadable') || d.problems.includes('encrypted'));
  if (unreadable.length) {
    const entities = new Set(unreadable.flatMap((d) => [d.format, ...(d.problems.includes('encrypted') ? ['encrypted'] : [])]));
    hits.push({ type: 'doc.unreadable', confidence: 0.6, entities: [...entities] });
  }

  const spans = [...documents.flatMap((d) => d.hidden), ...segments.hidden];
  const chars = new Map<HiddenTechnique, number>();
  for (const s of spans) if (!SMUGGLED.has(s.technique)) chars.set(s.technique, (chars.get(s.technique) ?? 0) + nonSpace(s.text));
  const shown = [...chars].filter(([, n]) => n >= hiddenMinChars);
  if (shown.length) {
    const confidence = shown.some(([t]) => DELIBERATE.has(t)) ? 0.6 : 0.3;
    hits.push({ type: 'doc.hidden_text', confidence, entities: shown.map(([t]) => t) });
  }

  const invisible: Partial<Record<InvisibleClass, number>> = { ...segments.invisible };
  for (const d of documents) addInvisibleCounts(invisible, scanInvisible([d.text, ...d.metadata.map((m) => m.value)].join('\n')).counts);
  const invisibleScore = invisibleAt(invisibleConfidence(invisible));
  if (invisibleScore > 0) hits.push({ type: 'doc.invisible_chars', confidence: invisibleScore, entities: Object.keys(invisible) });

  // Instructions in text nobody is meant to see.
  let best = 0;
  const where = new Set<string>();
  const cues = new Set<string>();
  for (const span of spans) {
    const scored = scoreInstructions(span.text);
    const score = withPrior(scored.score, DELIBERATE.has(span.technique) || SMUGGLED.has(span.technique));
    const found = scored.cues;
    if (score < INSTRUCTION_FLOOR) continue;
    best = Math.max(best, score);
    where.add(span.technique);
    for (const c of found) cues.add(`cue:${c}`);
  }
  if (best > 0) {
    const fromTool = documents.some((d) => d.fromTool && d.hidden.length > 0);
    hits.push({ type: 'doc.hidden_instruction', confidence: round(best), entities: [...where, ...cues, ...(fromTool ? ['from_tool'] : [])] });
  }

  let metaBest = 0;
  const fields = new Set<string>();
  for (const field of documents.flatMap((d) => d.metadata)) {
    const score = withPrior(scoreInstructions(field.value).score, SHORT_FIELDS.has(field.name));
    if (score < INSTRUCTION_FLOOR) continue;
    metaBest = Math.max(metaBest, score);
    fields.add(fieldEntity(field));
  }
  if (metaBest > 0) hits.push({ type: 'doc.metadata_instruction', confidence: round(metaBest), entities: [...fields] });
  return hits;
}
