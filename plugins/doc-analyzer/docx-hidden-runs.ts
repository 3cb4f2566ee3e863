/**
 * Hidden text in WordprocessingML: runs marked hidden (w:vanish, w:specVanish, w:webHidden),
 * white or background-coloured runs, runs under about a point and a half, tracked deletions
 * still stored in the file, and picture descriptions. Run properties are resolved the way Word
 * does for the cases that matter: document defaults, then the paragraph style chain, then the
 * character style chain, then direct formatting.
 */
import { parseDocument, ElementType } from 'htmlparser2';
import type { HiddenSpan, HiddenTechnique } from './document-types.js';
import { HiddenTexts } from './hidden-texts.js';
import { WHITE, indistinguishable, parseColor, type Rgba } from './css-colors.js';

/** The parts of an XML node this reader uses. */
interface XmlNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: XmlNode[];
}

/** Run properties that matter for visibility. */
interface RunProps {
  vanish?: boolean;
  color?: Rgba;
  halfPoints?: number;
  shade?: Rgba;
}

interface StyleDef {
  basedOn?: string;
  props: RunProps;
}

/** Parses an XML part (element names keep their prefixes, `w:r`). */
export function parseXml(xml: string): XmlNode {
  return parseDocument(xml, { xmlMode: true, decodeEntities: true }) as unknown as XmlNode;
}

const isTag = (n: XmlNode) => n.type === ElementType.Tag;
const child = (n: XmlNode, name: string) => n.children?.find((c) => isTag(c) && c.name === name);
const children = (n: XmlNode, name: string) => (n.children ?? []).filter((c) => isTag(c) && c.name === name);

/** Finds every element with this name below a node. */
export function descendants(n: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of n.children ?? []) {
    if (!isTag(c)) continue;
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}

/** Concatenated text content of a node. */
export function textOf(n: XmlNode): string {
  if (n.type === ElementType.Text) return n.data ?? '';
  return (n.children ?? []).map(textOf).join('');
}

// A boolean property is on unless its w:val says false or 0.
const on = (n: XmlNode | undefined) => n !== undefined && !['false', '0', 'off'].includes(n.attribs?.['w:val'] ?? '');

function colorOf(n: XmlNode | undefined, attr: string): Rgba | undefined {
  const value = n?.attribs?.[attr];
  const theme = n?.attribs?.['w:themeColor'];
  // Theme colour "background1" is white in every stock theme.
  if (attr === 'w:val' && theme && /^(background1|bg1|light1)$/i.test(theme)) return WHITE;
  if (!value || value === 'auto') return undefined;
  return parseColor(value);
}

function readRunProps(rPr: XmlNode | undefined): RunProps {
  if (!rPr) return {};
  const props: RunProps = {};
  if (on(child(rPr, 'w:vanish')) || on(child(rPr, 'w:specVanish')) || on(child(rPr, 'w:webHidden'))) props.vanish = true;
  const color = colorOf(child(rPr, 'w:color'), 'w:val');
  if (color) props.color = color;
  const sz = child(rPr, 'w:sz')?.attribs?.['w:val'];
  if (sz && /^\d+$/.test(sz)) props.halfPoints = parseInt(sz, 10);
  const shade = colorOf(child(rPr, 'w:shd'), 'w:fill');
  if (shade) props.shade = shade;
  const highlight = child(rPr, 'w:highlight')?.attribs?.['w:val'];
  if (highlight && highlight !== 'none') props.shade = parseColor(highlight) ?? props.shade;
  return props;
}

/**
 * Styles read while resolving one document's chains: every style is read once when no chain
 * repeats, so only a package built to make each run walk a long cycle reaches it; its document
 * is then reported unreadable.
 */
const MAX_STYLE_STEPS = 1_000_000;

const merge = (...layers: RunProps[]): RunProps => Object.assign({}, ...layers.map((l) => Object.fromEntries(Object.entries(l).filter(([, v]) => v !== undefined))));

/** Styles and document defaults read from styles.xml. */
export class DocxStyles {
  private readonly styles = new Map<string, StyleDef>();
  private readonly defaults: RunProps;
  /** Each style's properties with its chain's, once worked out (for chains that do not repeat). */
  private readonly resolved = new Map<string, RunProps>();
  /** The same for styles whose chain comes back on itself, where the result depends on the start. */
  private readonly resolvedInCycle = new Map<string, RunProps>();
  /** Styles read while resolving chains, bounded by MAX_STYLE_STEPS. */
  private steps = 0;

  constructor(stylesXml: string | undefined) {
    const root = stylesXml ? parseXml(stylesXml) : { type: 'root' };
    const defaultsNode = descendants(root, 'w:rPrDefault')[0];
    this.defaults = readRunProps(defaultsNode ? child(defaultsNode, 'w:rPr') : undefined);
    for (const style of descendants(root, 'w:style')) {
      const id = style.attribs?.['w:styleId'];
      if (!id) continue;
      this.styles.set(id, { basedOn: child(style, 'w:basedOn')?.attribs?.['w:val'], props: readRunProps(child(style, 'w:rPr')) });
    }
  }

  /**
   * Properties of a style with its `basedOn` chain, ancestors first (a chain that comes back to a
   * style stops there). Each style's result is kept: runs and paragraphs name the same styles
   * again and again, and walking a long chain for each took time growing with their product.
   */
  chain(id: string | undefined): RunProps {
    if (!id) return {};
    const known = this.resolved.get(id) ?? this.resolvedInCycle.get(id);
    if (known) return known;
    // The styles from `id` up to the first one resolved before, missing, or repeated.
    const path: StyleDef[] = [];
    const ids: string[] = [];
    const onPath = new Set<string>();
    let base: RunProps = {};
    let cyclic = false;
    for (let at: string | undefined = id; at; ) {
      const done = this.resolved.get(at);
      if (done) {
        base = done;
        break;
      }
      if (onPath.has(at)) {
        cyclic = true;
        break;
      }
      const style = this.styles.get(at);
      if (!style) break;
      if (++this.steps > MAX_STYLE_STEPS) throw new Error('style chains too long to resolve');
      path.push(style);
      ids.push(at);
      onPath.add(at);
      at = style.basedOn;
    }
    let props = base;
    for (let i = path.length - 1; i >= 0; i--) {
      props = merge(props, path[i].props);
      if (!cyclic) this.resolved.set(ids[i], props);
    }
    if (cyclic) this.resolvedInCycle.set(id, props);
    return props;
  }

  get documentDefaults(): RunProps {
    return this.defaults;
  }
}

const TINY_HALF_POINTS = 3;

/** Hidden spans of one WordprocessingML part (document, header, footer, notes). */
export function hiddenRuns(partXml: string, styles: DocxStyles): HiddenSpan[] {
  const root = parseXml(partXml);
  const found = new HiddenTexts();
  const add = (t: HiddenTechnique, text: string) => {
    if (text.trim()) found.add(t, text);
  };
  const pageBackground = colorOf(descendants(root, 'w:background')[0], 'w:color') ?? WHITE;

  const visitParagraph = (p: XmlNode, cellShade: Rgba | undefined) => {
    const pPr = child(p, 'w:pPr');
    const paragraphProps = merge(styles.documentDefaults, styles.chain(pPr ? child(pPr, 'w:pStyle')?.attribs?.['w:val'] : undefined));
    const paragraphShade = colorOf(pPr ? child(pPr, 'w:shd') : undefined, 'w:fill');
    for (const r of descendants(p, 'w:r')) {
      const rPr = child(r, 'w:rPr');
      const props = merge(paragraphProps, styles.chain(rPr ? child(rPr, 'w:rStyle')?.attribs?.['w:val'] : undefined), readRunProps(rPr));
      const text = children(r, 'w:t').map(textOf).join('');
      const deleted = children(r, 'w:delText').map(textOf).join('');
      if (deleted) add('tracked_deletion', deleted);
      if (!text) continue;
      const background = props.shade ?? paragraphShade ?? cellShade ?? pageBackground;
      if (props.vanish) add('docx_vanish', text);
      else if (props.halfPoints !== undefined && props.halfPoints <= TINY_HALF_POINTS) add('tiny_text', text);
      else if (props.color && indistinguishable(props.color, background)) add(background === WHITE ? 'white_text' : 'same_color', text);
    }
  };

  // Table cells carry their own shading; paragraphs elsewhere sit on the page background.
  const walk = (n: XmlNode, cellShade: Rgba | undefined) => {
    for (const c of n.children ?? []) {
      if (!isTag(c)) continue;
      if (c.name === 'w:p') visitParagraph(c, cellShade);
      else if (c.name === 'w:tc') {
        const tcPr = child(c, 'w:tcPr');
        walk(c, colorOf(tcPr ? child(tcPr, 'w:shd') : undefined, 'w:fill') ?? cellShade);
      } else walk(c, cellShade);
    }
  };
  walk(root, undefined);

  for (const docPr of descendants(root, 'wp:docPr')) {
    const alt = [docPr.attribs?.descr, docPr.attribs?.title].filter(Boolean).join(' ');
    if (alt) add('alt_text', alt);
  }
  return found.spans();
}
