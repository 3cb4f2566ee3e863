/**
 * Phrases indexed by their first word, so a word of the text costs a short walk instead of a
 * test of every phrase. Literal first words and wildcard heads ("diagnos*") share a trie over
 * code units, walked along the word until it leaves the trie (after a letter or two for most
 * words); first words that start with `*` ("*cillin") are bucketed by their last code unit.
 */
import type { WordTest } from './phrase-words.js';

interface TrieNode {
  /** Child code units and, at the same positions, the children (a node has few: a scan beats a map). */
  codes: number[];
  kids: TrieNode[];
  /** Phrases whose first word is exactly the path to this node. */
  exact: number[];
  /** Phrases whose first word starts with the path to this node and has a `*`. */
  headed: number[];
}

const node = (): TrieNode => ({ codes: [], kids: [], exact: [], headed: [] });

function child(at: TrieNode, code: number): TrieNode | undefined {
  const { codes } = at;
  for (let k = 0; k < codes.length; k++) if (codes[k] === code) return at.kids[k];
  return undefined;
}
const ascending = (a: number, b: number) => a - b;

// What a word's first two ASCII code units tell the trie walk (FirstWordIndex.asciiPairs).
const NO_PATH = 0;
const WALK = 1;
const CHECK_TRIPLE = 2;
const tripleHash = (c0: number, c1: number, c2: number) => Math.imul((c0 << 14) | (c1 << 7) | c2, 0x9e3779b1) >>> 20;
/** A word length of three units or more as one bit: 3 to 9 units each their own, 10 or more together. */
const lengthBit = (length: number) => (length <= 9 ? 1 << (length - 3) : 0x80);
/** The bits of every length from `length` (three or more) up. */
const lengthsFrom = (length: number) => (length <= 9 ? (0xff << (length - 3)) & 0xff : 0x80);

/** The lengths (as lengthBit bits) of the words of three units or more that may fit below `third`, a node three units deep. */
function lengthsBelow(third: TrieNode): number {
  let bits = 0;
  // An explicit stack: first words come from settings, and a long one must not deepen the call stack.
  const stack: Array<[TrieNode, number]> = [[third, 3]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [at, depth] = next;
    if (at.exact.length) bits |= lengthBit(depth);
    // A word with a wildcard fits words at least as long as its head.
    if (at.headed.length) bits |= lengthsFrom(depth);
    for (const kid of at.kids) stack.push([kid, depth + 1]);
  }
  return bits;
}

/** Finds, for a word of a text, the phrases whose first word it fits. */
export class FirstWordIndex {
  private readonly root = node();
  /** The root's children by ASCII code unit: the one node every word visits, and the widest. */
  private readonly rootAscii: Array<TrieNode | undefined> = new Array(0x80).fill(undefined);
  /** Phrases whose first word starts with `*`, by the word's last code unit (ASCII ones in an array). */
  private readonly byLastAscii: Array<number[] | undefined> = new Array(0x80).fill(undefined);
  private readonly byLastCode = new Map<number, number[]>();
  private readonly anyWord: number[] = [];
  /**
   * By a word's first two code units when both are ASCII (first * 128 + second): whether the
   * trie may hold anything for it (NO_PATH, WALK, or CHECK_TRIPLE: only a first word of three
   * units or more starts so, all of them ASCII, and `asciiTriples` says which third units may
   * follow). Most words of a text start with a pair or a triple no first word starts with, and
   * skip the walk.
   */
  private readonly asciiPairs = new Uint8Array(0x80 * 0x80);
  /**
   * By a 12-bit hash of three ASCII code units: the lengths (lengthBit) of the words starting
   * with them that some first word may fit, 0 when none ("the" fits no first word when only
   * "therapy" starts so). Collisions only add lengths, which cost a walk; 4 KB per topic.
   */
  private readonly asciiTriples = new Uint8Array(1 << 12);
  /**
   * By a word's first two code units when both are ASCII: 1 when a word of just those two may
   * fit a first word ("is"; not "in" when only "infection" and "insulin" start so).
   */
  private readonly asciiTwoUnitWords = new Uint8Array(0x80 * 0x80);
  /**
   * For the phrases bucketed by last code unit, by a word's last two code units: the length of
   * the shortest first word ending with them (a word shorter than that fits none), 0 for none.
   */
  private readonly asciiLastPairs = new Uint8Array(0x80 * 0x80);
  /**
   * By a 12-bit hash of a word's last three ASCII code units: the lengths (lengthBit) of the
   * words ending with them that some first word of three units or more bucketed by last code
   * unit may fit; read when every such first word ending with the word's last two is that long.
   */
  private readonly asciiLastTriples = new Uint8Array(1 << 12);
  /** By an ASCII code unit: 1 when a word of just that unit may fit a first word. */
  private readonly asciiOneUnitWords = new Uint8Array(0x80);
  /** Filled by `lookup`: the phrases that fit, in phrase order. */
  readonly found: number[] = [];
  /** How many entries of `found` the last lookup filled. */
  count = 0;

  constructor(private readonly firstWords: readonly WordTest[]) {
    firstWords.forEach((first, index) => {
      if (!first.head) {
        if (!first.tail) this.anyWord.push(index);
        else {
          const code = first.tail.charCodeAt(first.tail.length - 1);
          let list = this.byLastCode.get(code);
          if (!list) {
            this.byLastCode.set(code, (list = []));
            if (code < 0x80) this.byLastAscii[code] = list;
          }
          list.push(index);
          const before = first.tail.length > 1 ? first.tail.charCodeAt(first.tail.length - 2) : -1;
          // A tail of one code unit ("*x") fits every word that ends with it (and is one unit or more).
          if (code < 0x80 && before < 0x80) {
            const shortest = Math.min(first.tail.length, 0xff);
            const note = (pair: number) => {
              const known = this.asciiLastPairs[pair];
              if (known === 0 || shortest < known) this.asciiLastPairs[pair] = shortest;
            };
            if (before < 0) {
              for (let p = 0; p < 0x80; p++) note(p * 0x80 + code);
              this.asciiOneUnitWords[code] = 1;
            } else note(before * 0x80 + code);
            const third = first.tail.length > 2 ? first.tail.charCodeAt(first.tail.length - 3) : 0x80;
            if (before >= 0 && third < 0x80) this.asciiLastTriples[tripleHash(third, before, code)] |= lengthsFrom(first.tail.length);
          }
        }
        return;
      }
      let at = this.root;
      for (let i = 0; i < first.head.length; i++) {
        const code = first.head.charCodeAt(i);
        let next = child(at, code);
        if (!next) {
          at.codes.push(code);
          at.kids.push((next = node()));
          if (at === this.root && code < 0x80) this.rootAscii[code] = next;
        }
        at = next;
      }
      (first.wildcard ? at.headed : at.exact).push(index);
    });
    this.rootAscii.forEach((first, c0) => {
      if (!first) return;
      if (first.exact.length || first.headed.length) this.asciiOneUnitWords[c0] = 1;
      // A head of one code unit ("a*") fits every word that starts with it; a one-unit exact
      // word is no word of two units.
      if (first.headed.length) {
        this.asciiPairs.fill(WALK, c0 * 0x80, (c0 + 1) * 0x80);
        this.asciiTwoUnitWords.fill(1, c0 * 0x80, (c0 + 1) * 0x80);
        return;
      }
      first.kids.forEach((second, k) => {
        const c1 = first.codes[k];
        if (c1 >= 0x80) return;
        if (second.headed.length || second.exact.length) this.asciiTwoUnitWords[c0 * 0x80 + c1] = 1;
        // A head of two units ("ab*") fits any word starting so; a third unit beyond ASCII has no triple.
        if (second.headed.length || second.codes.some((c2) => c2 >= 0x80)) {
          this.asciiPairs[c0 * 0x80 + c1] = WALK;
          return;
        }
        this.asciiPairs[c0 * 0x80 + c1] = CHECK_TRIPLE;
        second.kids.forEach((third, j) => {
          this.asciiTriples[tripleHash(c0, c1, second.codes[j])] |= lengthsBelow(third);
        });
      });
    });
  }

  /** Fills `found` and `count` with the phrases whose first word fits `text.slice(start, end)`. */
  lookup(text: string, start: number, end: number): void {
    this.count = 0;
    let sources = 0;
    let at: TrieNode | undefined = this.root;
    let byLastMayFit = true;
    const length = end - start;
    if (length > 1) {
      const c0 = text.charCodeAt(start);
      const c1 = text.charCodeAt(start + 1);
      if ((c0 | c1) < 0x80) {
        const pair = this.asciiPairs[c0 * 0x80 + c1];
        if (pair === NO_PATH || (length === 2 && this.asciiTwoUnitWords[c0 * 0x80 + c1] === 0)) at = undefined;
        else if (pair === CHECK_TRIPLE && length > 2) {
          const c2 = text.charCodeAt(start + 2);
          if (c2 < 0x80 && (this.asciiTriples[tripleHash(c0, c1, c2)] & lengthBit(length)) === 0) at = undefined;
        }
      }
      const p = text.charCodeAt(end - 2);
      const l = text.charCodeAt(end - 1);
      if ((p | l) < 0x80) {
        const shortest = this.asciiLastPairs[p * 0x80 + l];
        if (shortest === 0 || length < shortest) byLastMayFit = false;
        else if (shortest > 2) {
          const q = text.charCodeAt(end - 3);
          if (q < 0x80 && (this.asciiLastTriples[tripleHash(q, p, l)] & lengthBit(length)) === 0) byLastMayFit = false;
        }
      }
    } else {
      const c = text.charCodeAt(start);
      // anyWord first words are tested below whatever the word.
      if (c < 0x80 && this.asciiOneUnitWords[c] === 0) {
        at = undefined;
        byLastMayFit = false;
      }
    }
    let i = start;
    for (; i < end && at; i++) {
      const code = text.charCodeAt(i);
      at = at === this.root && code < 0x80 ? this.rootAscii[code] : child(at, code);
      if (at && at.headed.length && this.collect(at.headed, text, start, end)) sources++;
    }
    if (at && i === end && at.exact.length) {
      for (const index of at.exact) this.found[this.count++] = index;
      sources++;
    }
    if (byLastMayFit) {
      const last = text.charCodeAt(end - 1);
      const byLast = last < 0x80 ? this.byLastAscii[last] : this.byLastCode.get(last);
      if (byLast && this.collect(byLast, text, start, end)) sources++;
    }
    if (this.anyWord.length && this.collect(this.anyWord, text, start, end)) sources++;
    if (sources > 1) {
      this.found.length = this.count;
      this.found.sort(ascending);
    }
  }

  // Adds the phrases of `list` whose first word fits; whether any did.
  private collect(list: number[], text: string, start: number, end: number): boolean {
    const before = this.count;
    for (const index of list) if (this.firstWords[index].test(text, start, end)) this.found[this.count++] = index;
    return this.count > before;
  }
}
