/**
 * The literal text every match of a regular expression begins with, read from its source: the
 * characters up to the first class, escape class, look-around or repetition, through
 * non-capturing groups and optional (`?`) parts, each alternative spelled out. Used to try a
 * pattern only where its whole literal start stands (patterns.ts), and to look for the attack
 * cues' words only where one can begin (attack-cues.ts).
 */

import { CodeUnitTrie } from './code-unit-trie.js';

// Regex syntax that ends a literal; an escaped character other than a letter or digit is literal.
const SYNTAX = new Set([...'\\()[]{}|?*+.^$']);

/**
 * The distinct literal prefixes of `source` (a regex source without flags): every match begins
 * with one of them. A sequence stops growing its prefixes where spelling out the next part would
 * make them more than `max` (they stay shorter, and still true); null when the alternatives alone
 * are more. A prefix may be empty when an alternative begins with something other than a literal.
 */
export function literalPrefixes(source: string, max = 128): string[] | null {
  const prefixes = prefixesOf(source, 0, source.length, max);
  return prefixes && [...new Set(prefixes.map((p) => p.text))];
}

/** A literal a match may begin with, and whether the pattern may go on after it (`open`). */
interface LiteralPrefix {
  text: string;
  open: boolean;
}

/**
 * The literal prefixes of the regex sequence `s[from..to)` (which may hold top-level `|`): every
 * match of it begins with one of them. Reading stops at anything but a literal character, a
 * non-capturing group or a `?` after either; null when the prefixes would be too many.
 */
function prefixesOf(s: string, from: number, to: number, max: number): LiteralPrefix[] | null {
  const out: LiteralPrefix[] = [];
  for (const [a, b] of topLevelRanges(s, from, to)) {
    const branch = sequencePrefixes(s, a, b, max);
    if (!branch || out.length + branch.length > max) return null;
    for (const prefix of branch) out.push(prefix);
  }
  return out;
}

/** The `[from, to)` ranges of the top-level alternatives of `s[from..to)`. */
function topLevelRanges(s: string, from: number, to: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let depth = 0;
  let inClass = false;
  let start = from;
  for (let i = from; i < to; i++) {
    // Inside a class, `(`, `)` and `|` are literal: only its `]` ends it.
    if (s[i] === '\\') i++;
    else if (inClass) inClass = s[i] !== ']';
    else if (s[i] === '[') inClass = true;
    else if (s[i] === '(') depth++;
    else if (s[i] === ')') depth--;
    else if (s[i] === '|' && depth === 0) {
      ranges.push([start, i]);
      start = i + 1;
    }
  }
  ranges.push([start, to]);
  return ranges;
}

/** The index of the `)` closing the group opened at `s[open]`, or -1. */
function closingParen(s: string, open: number, to: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < to; i++) {
    if (s[i] === '\\') i++;
    else if (inClass) inClass = s[i] !== ']';
    else if (s[i] === '[') inClass = true;
    else if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The literal prefixes of one alternative `s[from..to)` (no top-level `|`); null when too many. */
function sequencePrefixes(s: string, from: number, to: number, max: number): LiteralPrefix[] | null {
  let prefixes: LiteralPrefix[] = [{ text: '', open: true }];
  let i = from;
  const close = (): LiteralPrefix[] => prefixes.map((p) => ({ text: p.text, open: false }));
  while (i < to) {
    let items: LiteralPrefix[];
    let next: number;
    if (s[i] === '(') {
      const end = closingParen(s, i, to);
      if (!s.startsWith('(?:', i) || end < 0) return close();
      const inner = prefixesOf(s, i + 3, end, max);
      if (!inner) return close();
      items = inner;
      next = end + 1;
    } else if (s[i] === '\\') {
      // An escaped letter or digit is a class (\s, \p{L}, \d); other escapes are literal.
      if (i + 1 >= to || /[\p{L}\p{N}]/u.test(s[i + 1])) return close();
      items = [{ text: s[i + 1], open: true }];
      next = i + 2;
    } else if (SYNTAX.has(s[i])) {
      return close();
    } else {
      items = [{ text: s[i], open: true }];
      next = i + 1;
    }
    const quantifier = s[next];
    if (quantifier === '?') {
      items = [...items, { text: '', open: true }];
      next += s[next + 1] === '?' ? 2 : 1;
    } else if (quantifier === '*' || quantifier === '+' || quantifier === '{') {
      return close();
    }
    const crossed: LiteralPrefix[] = [];
    for (const p of prefixes) {
      if (!p.open) crossed.push(p);
      else for (const item of items) crossed.push({ text: p.text + item.text, open: item.open });
    }
    if (crossed.length > max) return close();
    prefixes = crossed;
    if (!prefixes.some((p) => p.open)) return prefixes;
    i = next;
  }
  return prefixes;
}


/**
 * A set of literals (prefixes of matches) asked whether one of them begins at a position of a
 * text, by a walk of at most `depth` code units: a literal longer than that is taken as matching
 * once its first `depth` units do, so the answer may be yes where no literal begins, never no
 * where one does.
 */
export class PrefixSet {
  /** The literals cut to `depth` units. */
  private readonly trie: CodeUnitTrie;
  /** 1 for each code unit a literal begins with: most positions of a text are rejected here. */
  private readonly first = new Uint8Array(0x10000);

  constructor(literals: Iterable<string>, depth = 6) {
    const cut: Array<[string, number]> = [];
    for (const literal of literals) {
      this.first[literal.charCodeAt(0)] = 1;
      cut.push([literal.slice(0, depth), 0]);
    }
    this.trie = new CodeUnitTrie(cut);
  }

  /** Whether some literal begins with code unit `code` (a literal may then begin where it stands). */
  mayBeginWith(code: number): boolean {
    return this.first[code] === 1;
  }

  /** Whether one of the literals may begin at `index` of `text`. */
  beginsAt(text: string, index: number): boolean {
    if (this.first[text.charCodeAt(index)] === 0) return false;
    const trie = this.trie;
    let node = 0;
    for (let k = index; ; k++) {
      if (trie.endsAt(node)) return true;
      if (k >= text.length) return false;
      node = trie.child(node, text.charCodeAt(k));
      if (node === 0) return false;
    }
  }
}
