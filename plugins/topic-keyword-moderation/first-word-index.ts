/**
 * Phrases indexed by their first word, so a word of the text costs a short walk instead of a
 * test of every phrase. Literal first words and wildcard heads ("diagnos*") share a trie over
 * code units, walked along the word until it leaves the trie (after a letter or two for most
 * words); first words that start with `*` ("*cillin") are bucketed by their last code unit.
 */
import type { WordTest } from './phrase-words.js';

interface TrieNode {
  next: Map<number, TrieNode>;
  /** Phrases whose first word is exactly the path to this node. */
  exact: number[];
  /** Phrases whose first word starts with the path to this node and has a `*`. */
  headed: number[];
}

const node = (): TrieNode => ({ next: new Map(), exact: [], headed: [] });
const ascending = (a: number, b: number) => a - b;

/** Finds, for a word of a text, the phrases whose first word it fits. */
export class FirstWordIndex {
  private readonly root = node();
  private readonly byLastCode = new Map<number, number[]>();
  private readonly anyWord: number[] = [];
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
          this.byLastCode.set(code, [...(this.byLastCode.get(code) ?? []), index]);
        }
        return;
      }
      let at = this.root;
      for (let i = 0; i < first.head.length; i++) {
        const code = first.head.charCodeAt(i);
        let child = at.next.get(code);
        if (!child) at.next.set(code, (child = node()));
        at = child;
      }
      (first.wildcard ? at.headed : at.exact).push(index);
    });
  }

  /** Fills `found` and `count` with the phrases whose first word fits `text.slice(start, end)`. */
  lookup(text: string, start: number, end: number): void {
    this.count = 0;
    let sources = 0;
    let at: TrieNode | undefined = this.root;
    let i = start;
    for (; i < end && at; i++) {
      at = at.next.get(text.charCodeAt(i));
      if (at && at.headed.length && this.collect(at.headed, text, start, end)) sources++;
    }
    if (at && i === end && at.exact.length) {
      for (const index of at.exact) this.found[this.count++] = index;
      sources++;
    }
    const byLast = this.byLastCode.get(text.charCodeAt(end - 1));
    if (byLast && this.collect(byLast, text, start, end)) sources++;
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
