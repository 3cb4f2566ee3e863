/**
 * Finds phrases in split words with the same results as one regex alternation of their
 * `phraseSource`s scanned with `matchAll`: at each word, the first phrase in list order that
 * matches wins, and the search resumes after the words it covered.
 */
import type { FoldedWords } from './folded-words.js';
import { FirstWordIndex } from './first-word-index.js';
import { phraseWords, type PhraseWords } from './phrase-words.js';

/** Reports phrase matches, in text order, by the phrase's index in the compiled list. */
export interface PhraseMatcher {
  /**
   * Calls `visit` for each match among words `from` to `to` (exclusive; all words when absent),
   * as if they were a text of their own; stops early when it returns false.
   */
  scan(text: FoldedWords, visit: (phrase: number) => boolean, from?: number, to?: number): void;
  /**
   * Whether a range of words reads as the text its words were cut from: true when no phrase's
   * trailing symbols hold whitespace. A chunk's own text has one space where the whole text has
   * a run of whitespace (and ends where the whole text goes on with whitespace); a suffix
   * without whitespace fails at the first of those characters in either text.
   */
  readsRanges: boolean;
}

const WHITESPACE = /\s/u;

// Whether phrase `p`, its first word already fitted at word `at`, matches there; the index of the word after it, or -1.
function matchAt(p: PhraseWords, { text, starts, ends }: FoldedWords, at: number, to: number): number {
  const { words, suffix } = p;
  if (at + words.length > to) return -1;
  for (let k = 1; k < words.length; k++) if (!words[k].test(text, starts[at + k], ends[at + k])) return -1;
  const next = at + words.length;
  if (suffix && !text.startsWith(suffix, ends[next - 1])) return -1;
  return next;
}

/** Compiles phrases (folded like the text); undefined when any of them needs the regex. */
export function compilePhraseMatcher(phrases: readonly string[]): PhraseMatcher | undefined {
  const compiled: PhraseWords[] = [];
  for (const phrase of phrases) {
    const words = phraseWords(phrase);
    if (!words) return undefined;
    compiled.push(words);
  }
  const index = new FirstWordIndex(compiled.map((p) => p.words[0]));
  return {
    readsRanges: !compiled.some((p) => WHITESPACE.test(p.suffix)),
    scan(folded, visit, from = 0, to = folded.starts.length) {
      const { text, starts, ends } = folded;
      let at = from;
      while (at < to) {
        index.lookup(text, starts[at], ends[at]);
        let next = -1;
        for (let c = 0; c < index.count && next < 0; c++) {
          const phrase = index.found[c];
          next = matchAt(compiled[phrase], folded, at, to);
          if (next >= 0 && !visit(phrase)) return;
        }
        at = next >= 0 ? next : at + 1;
      }
    },
  };
}
