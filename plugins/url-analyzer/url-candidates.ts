/**
 * Finds URL-like strings in text, markdown and HTML, and says how each appears: fetched on
 * render (markdown image, <img>, <iframe>, <script> ... : the classic exfiltration channel, no
 * click needed), a link the reader must click, or a bare URL in prose.
 */
import { bareHostMatches } from './bare-hosts.js';
import { tagAttributeMatches, tagAttributePattern } from './tag-attributes.js';
import { bracketMatches, bracketPattern } from './bracket-links.js';
import { cssUrlMatches } from './css-urls.js';

/** How a URL appears in the text. */
export type UrlContext = 'autoload' | 'link' | 'bare';

/** One URL found in the text. */
export interface UrlCandidate {
  /** The URL as written (after refanging), without surrounding markup. */
  raw: string;
  context: UrlContext;
  /** Offsets in the scanned text, to tell whether the URL was defanged. */
  start: number;
  end: number;
}

const MD_IMAGE = bracketPattern(String.raw`!\[[^\]\n]{0,1000}\]\(\s*(?:<([^>\n]+)>|([^\s)]+))`);
const MD_LINK = bracketPattern(String.raw`(?<!!)\[[^\]\n]{0,1000}\]\(\s*(?:<([^>\n]+)>|([^\s)]+))`);
const MD_REF_IMAGE = bracketPattern(String.raw`!\[[^\]\n]{0,1000}\]\[([^\]\n]{1,200})\]`);
const MD_REF_DEF = /^[ \t]{0,3}\[([^\]\n]{1,200})\]:[ \t]*(?:<([^>\n]+)>|(\S+))/gm;
const HTML_AUTOLOAD = tagAttributePattern('img|iframe|script|embed|video|audio|source|track|input|frame', 'src|data|poster|srcset');
const HTML_LINK = tagAttributePattern('a|area|link|form|base', 'href|action');
const AUTOLINK = /<((?:https?|ftp):\/\/[^\s<>]+)>/gi;
const SCHEMED = /\b(?:https?|ftp|wss?|file):\/\/[^\s<>"'`\\^{}|]+/gi;
const WWW = /(?<![\w.@/-])www\.[^\s<>"'`\\^{}|]+/gi;
const SCRIPT_SCHEME = /(?<![\w-])(?:javascript|vbscript|livescript)\s*:[^\s<>"'`]+/gi;
const DATA_URI = /(?<![\w-])data:(?:[a-z]+\/[\w.+-]+)?(?:;[\w-]+=[\w.-]+)*(?:;base64)?,[^\s<>"'`)]*/gi;
/**
 * A pattern, and a quick search for a literal part every match of it holds: a text without that
 * part is not searched by the pattern, which tries every position.
 */
export interface GuardedPattern {
  pattern: RegExp;
  mayMatch: (text: string) => boolean;
}

/** Reference-style link definitions (`[label]: url`), each with `]:`. */
export const REFERENCE_DEFINITIONS: GuardedPattern = { pattern: MD_REF_DEF, mayMatch: (text) => text.includes(']:') };

/** Autolinks (`<https://...>`), each with `://`. */
export const AUTOLINKS: GuardedPattern = { pattern: AUTOLINK, mayMatch: (text) => text.includes('://') };

/** Bare script and data URLs, schemed URLs and `www.` hosts, in the order they are searched. */
export const BARE_URLS: readonly GuardedPattern[] = [
  { pattern: SCRIPT_SCHEME, mayMatch: (text) => holdsBefore(text, ':', 'script', true) },
  { pattern: DATA_URI, mayMatch: (text) => holdsBefore(text, ':', 'data', false) },
  { pattern: SCHEMED, mayMatch: (text) => text.includes('://') },
  { pattern: WWW, mayMatch: (text) => holdsBefore(text, '.', 'www', false) },
];

const SPACE = /\s/;

/**
 * Whether some `mark` of `text` follows `word` (lower case ASCII letters) in any case, with
 * white space between when `spaced`: found from the marks by a quick search (a text has few
 * colons and some dots), where a case-blind pattern would try every position.
 */
function holdsBefore(text: string, mark: string, word: string, spaced: boolean): boolean {
  for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + 1)) {
    let end = at;
    if (spaced) while (end > 0 && SPACE.test(text[end - 1])) end--;
    const start = end - word.length;
    if (start < 0) continue;
    let k = 0;
    while (k < word.length && (text.charCodeAt(start + k) | 0x20) === word.charCodeAt(k)) k++;
    if (k === word.length) return true;
  }
  return false;
}

// Punctuation that ends a sentence rather than a URL.
function trimTrailing(url: string): string {
  let out = url.replace(/[.,;:!?'"*_~]+$/u, '');
  // A closing bracket belongs to the URL only if it opened one.
  while (/[)\]}]$/.test(out)) {
    const close = out[out.length - 1];
    const open = close === ')' ? '(' : close === ']' ? '[' : '{';
    if (out.split(open).length >= out.split(close).length) break;
    out = out.slice(0, -1).replace(/[.,;:!?'"*_~]+$/u, '');
  }
  return out;
}

const escapeName = (name: string) => name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** Whether `text` at `at` holds `lower` (lower-case ASCII), ignoring the case of ASCII letters. */
function holdsAt(text: string, at: number, lower: string): boolean {
  if (at < 0 || at + lower.length > text.length) return false;
  for (let k = 0; k < lower.length; k++) {
    const c = text.charCodeAt(at + k);
    if ((c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== lower.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * A test for any of the names, each of which has a dot: tried only at the dots of the text
 * (found by a quick search), where the names whose part after the first dot starts with the
 * next code unit are compared on both sides, instead of trying every name at every position.
 * True for exactly the texts that hold one of the names. Names beyond ASCII keep a pattern (case
 * is then folded beyond ASCII too).
 */
function byFirstDot(names: readonly string[]): NameTest {
  if (names.some((name) => /[^\x00-\x7f]/.test(name))) return new RegExp(`(?:${names.map(escapeName).join('|')})`, 'i');
  // By the code unit after the first dot: each name as its parts before and after that dot.
  const byNext = new Map<number, Array<[string, string]>>();
  for (const name of names.map((n) => n.toLowerCase())) {
    const dot = name.indexOf('.');
    const next = name.charCodeAt(dot + 1);
    const list = byNext.get(next) ?? [];
    list.push([name.slice(0, dot), name.slice(dot + 1)]);
    byNext.set(next, list);
  }
  return {
    test(text: string): boolean {
      for (let dot = text.indexOf('.'); dot >= 0; dot = text.indexOf('.', dot + 1)) {
        const c = text.charCodeAt(dot + 1);
        const candidates = byNext.get(c >= 0x41 && c <= 0x5a ? c | 0x20 : c);
        if (candidates) for (const [head, tail] of candidates) if (holdsAt(text, dot + 1, tail) && holdsAt(text, dot - head.length, head)) return true;
      }
      return false;
    },
  };
}

/**
 * Builds the pattern of bare host names configured by the operator (deny list, shorteners), so
 * that `is.gd/x` or `tiny.cc/x` is found even though `gd` and `cc` are not trusted TLDs.
 */
export function knownHostPattern(hosts: readonly string[]): KnownHosts | undefined {
  if (hosts.length === 0) return undefined;
  const unique = [...new Set(hosts)].sort((a, b) => b.length - a.length);
  const names = unique.map(escapeName);
  return {
    pattern: new RegExp(`(?<![\\w.@/:-])(?:[a-z0-9-]+\\.)*(?:${names.join('|')})(?![\\w-])(?:[/?#][^\\s<>"'\`]*)?`, 'gi'),
    anyName: unique.every((h) => h.includes('.')) ? byFirstDot(unique) : new RegExp(`(?:${names.join('|')})`, 'i'),
  };
}

/** Whether a text holds any of some names. */
export interface NameTest {
  test(text: string): boolean;
}

/** The pattern of known host names, and a test for any of the names (which every match holds). */
export interface KnownHosts {
  pattern: RegExp;
  anyName: NameTest;
}

/**
 * The URLs found in one text so far. One object per text, its methods shared: a text costs no
 * new closures.
 */
class FoundUrls {
  readonly found: UrlCandidate[] = [];
  /**
   * The characters a URL already found covers: "does this span overlap one found before" reads
   * the span's own characters, where comparing with every span found took time growing with the
   * square of their number. Allocated at the first URL.
   */
  private covered: Uint8Array | undefined;

  constructor(
    private readonly text: string,
    private readonly limit: number,
  ) {}

  add(raw: string, context: UrlContext, start: number): void {
    const url = context === 'bare' ? trimTrailing(raw) : raw.trim();
    if (!url || this.found.length >= this.limit) return;
    const end = start + url.length;
    const covered = this.covered;
    if (covered) for (let i = start; i < end; i++) if (covered[i]) return;
    (this.covered ??= new Uint8Array(this.text.length)).fill(1, start, end);
    this.found.push({ raw: url, context, start, end });
  }

  /** Adds a pattern's matches over the text, or matches found otherwise (bare host names). */
  scan(matches: RegExp | Iterable<RegExpMatchArray>, context: UrlContext): void {
    for (const m of matches instanceof RegExp ? this.text.matchAll(matches) : matches) {
      const group = m.slice(1).findIndex((g) => g !== undefined);
      const value = group >= 0 ? m[group + 1] : m[0];
      const start = (m.index ?? 0) + m[0].indexOf(value);
      this.add(value, context, start);
    }
  }
}

/** Finds candidate URLs; a URL covered by markup is reported once, with its markup context. */
export function findUrlCandidates(text: string, limit: number, knownHosts?: KnownHosts): UrlCandidate[] {
  const urls = new FoundUrls(text, limit);

  // Markup patterns all need a bracket, a tag or a parenthesis: text without one skips them.
  const markdown = text.includes('[');
  const html = text.includes('<');
  const parenthesis = text.includes('(');

  // Reference-style images: the definition of a label used by an image is fetched on render.
  if (markdown) {
    const imageLabels = new Set([...bracketMatches(text, MD_REF_IMAGE)].map((m) => m[1].toLowerCase()));
    if (REFERENCE_DEFINITIONS.mayMatch(text)) for (const m of text.matchAll(MD_REF_DEF)) {
      const url = m[2] ?? m[3];
      const start = (m.index ?? 0) + m[0].lastIndexOf(url);
      urls.add(url, imageLabels.has(m[1].toLowerCase()) ? 'autoload' : 'link', start);
    }
    urls.scan(bracketMatches(text, MD_IMAGE), 'autoload');
  }
  if (html) urls.scan(tagAttributeMatches(text, HTML_AUTOLOAD), 'autoload');
  if (parenthesis) urls.scan(cssUrlMatches(text), 'autoload');
  if (markdown) urls.scan(bracketMatches(text, MD_LINK), 'link');
  if (html) {
    urls.scan(tagAttributeMatches(text, HTML_LINK), 'link');
    if (AUTOLINKS.mayMatch(text)) urls.scan(AUTOLINK, 'link');
  }
  for (const { pattern, mayMatch } of BARE_URLS) if (mayMatch(text)) urls.scan(pattern, 'bare');
  urls.scan(bareHostMatches(text), 'bare');
  // A text that holds none of the names cannot match the pattern: one cheap scan decides.
  if (knownHosts && knownHosts.anyName.test(text)) urls.scan(knownHosts.pattern, 'bare');
  return urls.found;
}
