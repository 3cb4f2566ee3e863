/**
 * Reads the CSS of one element (inline style, matching simple rules from <style> blocks, and
 * presentational attributes) and says whether it hides its text, and how. Only simple
 * selectors (tag, .class, #id, tag.class, and lists of them) are matched; cascading
 * subtleties are out of scope, which means some hidden text goes unseen, never that visible
 * text is called hidden.
 */
import type { HiddenTechnique } from './document-types.js';
import { parseColor, type Rgba } from './css-colors.js';
import { ruleBlocks, withoutMediaWrappers } from './css-blocks.js';

/** Declarations that matter for visibility, by property name. */
export type Declarations = Map<string, string>;

/** A simple CSS rule from a <style> block. */
export interface SimpleRule {
  tag?: string;
  classes: string[];
  id?: string;
  declarations: Declarations;
}

/** Parses `a: b; c: d` into a map (later declarations win). */
function parseDeclarations(style: string): Declarations {
  const out: Declarations = new Map();
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    out.set(part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim().toLowerCase());
  }
  return out;
}

// tag, .classes, #id, .classes. The classes after the id are read only after one, so a list of
// classes has one way to match (two lists side by side made a failing selector quadratic).
const SIMPLE_SELECTOR = /^([a-z][a-z0-9]*)?((?:\.[\w-]+)*)(?:(#[\w-]+)((?:\.[\w-]+)*))?$/i;

/** Parses the simple rules of a style sheet; anything more complex is skipped. */
export function parseStyleSheet(css: string): SimpleRule[] {
  const rules: SimpleRule[] = [];
  const clean = withoutMediaWrappers(css.replace(/\/\*[\s\S]*?\*\//g, ''));
  for (const [selectors, body] of ruleBlocks(clean)) {
    const declarations = parseDeclarations(body);
    for (const selector of selectors.split(',')) {
      const s = selector.trim();
      const simple = SIMPLE_SELECTOR.exec(s);
      if (!simple || !s) continue;
      const classes = `${simple[2]}${simple[4] ?? ''}`.split('.').filter(Boolean);
      rules.push({ tag: simple[1]?.toLowerCase(), classes, id: simple[3]?.slice(1), declarations });
    }
  }
  return rules;
}

/**
 * A document's simple rules, indexed by the one name each is filed under (its id, else its first
 * class, else its tag): an element looks up only the rules filed under its own names, where
 * trying every rule on every element took time growing with rules times elements.
 */
export interface StyleRules {
  list: SimpleRule[];
  byName: Map<string, number[]>;
  /** Rule matches the document may still try (MAX_RULE_CHECKS in all). */
  checksLeft: number;
}

/**
 * Rule matches tried per document: a page whose elements each match many rules would otherwise
 * cost rules times elements. Beyond it the document is unreadable (StyleTooComplex), as one
 * nested too deeply is.
 */
export const MAX_RULE_CHECKS = 2_000_000;

/** Thrown when a document's style rules need more than MAX_RULE_CHECKS matches. */
export class StyleTooComplex extends Error {}

const ruleName = (rule: SimpleRule): string | undefined =>
  rule.id !== undefined ? `#${rule.id}` : rule.classes.length ? `.${rule.classes[0]}` : rule.tag !== undefined ? rule.tag : undefined;

/** Indexes a document's rules once (a rule with no tag, id or class matches nothing and is left out). */
export function indexRules(list: SimpleRule[]): StyleRules {
  const byName = new Map<string, number[]>();
  list.forEach((rule, i) => {
    const name = ruleName(rule);
    if (name === undefined) return;
    const filed = byName.get(name);
    if (filed) filed.push(i);
    else byName.set(name, [i]);
  });
  return { list, byName, checksLeft: MAX_RULE_CHECKS };
}

/** The declarations that apply to an element: matching rules in document order, then its inline style. */
export function elementDeclarations(tag: string, attribs: Record<string, string>, rules: StyleRules): Declarations {
  const classes = (attribs.class ?? '').split(/\s+/).filter(Boolean);
  const out: Declarations = new Map();
  const candidates: number[] = [];
  const gather = (name: string) => {
    const filed = rules.byName.get(name);
    if (filed) for (const i of filed) candidates.push(i);
  };
  gather(tag);
  if (attribs.id !== undefined) gather(`#${attribs.id}`);
  for (const c of new Set(classes)) gather(`.${c}`);
  rules.checksLeft -= candidates.length;
  if (rules.checksLeft < 0) throw new StyleTooComplex('style rules match too many elements');
  candidates.sort((a, b) => a - b);
  for (let k = 0; k < candidates.length; k++) {
    if (k > 0 && candidates[k] === candidates[k - 1]) continue;
    const rule = rules.list[candidates[k]];
    if (rule.tag && rule.tag !== tag) continue;
    if (rule.id && rule.id !== attribs.id) continue;
    if (!rule.classes.every((c) => classes.includes(c))) continue;
    for (const [key, v] of rule.declarations) out.set(key, v);
  }
  if (attribs.style) for (const [k, v] of parseDeclarations(attribs.style)) out.set(k, v);
  // Presentational attributes of old HTML e-mail.
  if (attribs.color && !out.has('color')) out.set('color', attribs.color.toLowerCase());
  if (attribs.bgcolor && !out.has('background-color')) out.set('background-color', attribs.bgcolor.toLowerCase());
  return out;
}

// A length in px, or undefined; em/rem/% are relative to a 16px default.
function lengthPx(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(-?[\d.]+)(px|pt|em|rem|%|vw|vh)?/.exec(value.trim());
  if (!m) return undefined;
  const n = parseFloat(m[1]);
  switch (m[2]) {
    case 'pt': return (n * 4) / 3;
    case 'em': case 'rem': return n * 16;
    case '%': return (n * 16) / 100;
    case 'vw': case 'vh': return n * 10;
    default: return n;
  }
}

/** The background colour an element sets, if any. */
export function backgroundOf(decl: Declarations): Rgba | undefined {
  const bg = decl.get('background-color') ?? decl.get('background');
  if (!bg) return undefined;
  const direct = parseColor(bg);
  if (direct) return direct;
  // `background: #000 url(x.png) no-repeat` - take the colour word.
  for (const word of bg.split(/\s+(?![^(]*\))/)) {
    const c = parseColor(word);
    if (c) return c;
  }
  return undefined;
}

/** The way these declarations hide an element's text, if they do (colour is judged by the caller). */
export function hidingTechnique(decl: Declarations, attribs: Record<string, string>, tag: string): HiddenTechnique | undefined {
  if ('hidden' in attribs || tag === 'template' || decl.get('display')?.startsWith('none')) return 'display_none';
  const visibility = decl.get('visibility');
  if (visibility?.startsWith('hidden') || visibility?.startsWith('collapse')) return 'visibility_hidden';
  const opacity = decl.get('opacity');
  if (opacity !== undefined && parseFloat(opacity) <= 0.05) return 'opacity_zero';
  const size = lengthPx(decl.get('font-size'));
  if (size !== undefined && size <= 2) return 'tiny_text';
  const left = lengthPx(decl.get('left'));
  const top = lengthPx(decl.get('top'));
  const indent = lengthPx(decl.get('text-indent'));
  const position = decl.get('position');
  if ((position?.startsWith('absolute') || position?.startsWith('fixed')) && ((left !== undefined && left <= -500) || (top !== undefined && top <= -500))) return 'offscreen';
  if (indent !== undefined && indent <= -500) return 'offscreen';
  const clip = decl.get('clip') ?? '';
  const clipPath = decl.get('clip-path') ?? '';
  if (/rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)/.test(clip) || /inset\(\s*(50|100)%/.test(clipPath)) return 'clipped';
  const overflowHidden = decl.get('overflow')?.startsWith('hidden');
  const zero = (p: string) => {
    const px = lengthPx(decl.get(p));
    return px !== undefined && px <= 1;
  };
  if (overflowHidden && (zero('height') || zero('max-height') || zero('width') || zero('max-width'))) return 'clipped';
  return undefined;
}
