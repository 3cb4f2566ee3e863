/**
 * HTML: text extraction with htmlparser2, tracking which text a browser would not show (CSS
 * hiding, text in its background's colour, comments) and reading title and meta fields as
 * metadata. Scripts and styles are not text.
 */
import { DomHandler, DomUtils, ElementType, Parser } from 'htmlparser2';
import type { FormatExtraction, HiddenSpan, HiddenTechnique, MetadataField } from './document-types.js';
import { HiddenTexts } from './hidden-texts.js';
import { backgroundOf, elementDeclarations, hidingTechnique, indexRules, parseStyleSheet, StyleTooComplex } from './css-visibility.js';
import { WHITE, indistinguishable, parseColor, type Rgba } from './css-colors.js';

/** The parts of a domhandler node this walker reads (its `type` says which kind it is). */
interface DomNode {
  type: string;
  data?: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

const SKIP = new Set(['script', 'style', 'head', 'noscript', 'svg', 'math', 'object']);
const BLOCK = new Set(['p', 'div', 'br', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'header', 'footer', 'table', 'ul', 'ol', 'blockquote', 'pre', 'hr', 'td', 'th', 'dd', 'dt', 'title']);
const META_NAMES = new Set(['description', 'keywords', 'author', 'subject', 'abstract', 'summary', 'generator', 'og:title', 'og:description', 'twitter:description']);

interface State {
  hidden?: HiddenTechnique;
  color?: Rgba;
  background: Rgba;
}

/**
 * A run of white space holding a line break, as `\s*\n\s*` finds it. It is tried only where a
 * run starts: tried at every position of a long run without a line break, the search took time
 * growing with the square of the run's length.
 */
export const LINE_BREAK_RUN = /(?<!\s)\s*\n\s*/g;

/**
 * Deeper than this, an HTML document is not read (real pages nest a few dozen levels). The
 * parser keeps its open elements in an array it shifts and unshifts at the front, so each tag
 * costs as much as the nesting depth, and the walk below recurses once per level: a document of
 * tens of thousands of unclosed tags (`<b><b><b>...`) took seconds to minutes to parse and then
 * overflowed the stack.
 */
export const MAX_HTML_DEPTH = 512;

class NestedTooDeeply extends Error {}

/** The DOM handler of `parseDocument`, stopping the parse once elements nest past MAX_HTML_DEPTH. */
class DepthLimitedHandler extends DomHandler {
  override onopentag(name: string, attribs: Record<string, string>): void {
    super.onopentag(name, attribs);
    // The stack holds the document and the open elements.
    if (this.tagStack.length > MAX_HTML_DEPTH + 1) throw new NestedTooDeeply();
  }
}

const PARSE_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true };

/** Extracts text, hidden spans and metadata from an HTML document. */
export function extractHtml(html: string): FormatExtraction {
  const handler = new DepthLimitedHandler();
  try {
    new Parser(handler, PARSE_OPTIONS).end(html);
  } catch (err) {
    if (err instanceof NestedTooDeeply) return { text: '', hidden: [], metadata: [], problems: ['unreadable'] };
    throw err;
  }
  const doc = handler.root;
  const rules = indexRules(DomUtils.getElementsByTagName('style', doc, true).flatMap((s) => parseStyleSheet(DomUtils.textContent(s))));
  const metadata: MetadataField[] = [];
  const title = DomUtils.getElementsByTagName('title', doc, true)[0];
  if (title) metadata.push({ name: 'title', value: DomUtils.textContent(title).trim() });
  for (const meta of DomUtils.getElementsByTagName('meta', doc, true)) {
    const name = (meta.attribs.name ?? meta.attribs.property ?? '').toLowerCase();
    if (META_NAMES.has(name) && meta.attribs.content) metadata.push({ name, value: meta.attribs.content });
  }

  const parts: string[] = [];
  const hidden = new HiddenTexts();

  const walk = (node: DomNode, state: State) => {
    if (node.type === ElementType.Text) {
      const text = node.data ?? '';
      if (!text.trim()) return;
      parts.push(text);
      const technique = state.hidden ?? (state.color && indistinguishable(state.color, state.background) ? 'same_color' : undefined);
      if (technique) hidden.add(technique, text);
      return;
    }
    if (node.type === ElementType.Comment) {
      if (node.data?.trim()) hidden.add('html_comment', node.data.trim());
      return;
    }
    const isElement = node.type === ElementType.Tag || node.type === ElementType.Script || node.type === ElementType.Style;
    if (!isElement || !node.name || !node.attribs) {
      for (const child of node.children ?? []) walk(child, state);
      return;
    }
    const tag = node.name;
    const attribs = node.attribs;
    if (SKIP.has(tag)) return;
    const decl = elementDeclarations(tag, attribs, rules);
    const next: State = { ...state };
    next.hidden = state.hidden ?? hidingTechnique(decl, attribs, tag);
    const background = backgroundOf(decl);
    if (background && background.a > 0.5) next.background = background;
    const color = decl.get('color');
    if (color) next.color = parseColor(color) ?? state.color;
    if ((tag === 'img' || tag === 'area') && attribs.alt?.trim()) hidden.add('alt_text', attribs.alt.trim());
    if (BLOCK.has(tag)) parts.push('\n');
    for (const child of node.children ?? []) walk(child, next);
    if (BLOCK.has(tag)) parts.push('\n');
  };
  try {
    walk(doc as unknown as DomNode, { background: WHITE });
  } catch (err) {
    if (err instanceof StyleTooComplex) return { text: '', hidden: [], metadata: [], problems: ['unreadable'] };
    throw err;
  }

  const comments = hidden.of('html_comment');
  const text = [parts.join('').replace(/[ \t]+/g, ' ').replace(LINE_BREAK_RUN, '\n').trim(), ...comments].join('\n').trim();
  const spans: HiddenSpan[] = hidden.spans().map((span) => ({ ...span, text: span.text.trim() }));
  return { text, hidden: spans, metadata };
}
