/**
 * A phrase as a sequence of word tests, the word-level reading of `phraseSource`: each run of
 * word characters (with `*` wildcards) must be one whole word of the text, any separator
 * between runs is any gap between words, and trailing symbols ("401(k)") must follow the last
 * word at once. Phrases this reading cannot express exactly (leading symbols, a bare `*`) get
 * undefined, and their callers keep the regex.
 */

const WORD_RUN = /^[\p{L}\p{N}*]+$/u;
const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;
const SURROGATE = /[\uD800-\uDFFF]/;
const WILDCARD = '[\\p{L}\\p{N}]*';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** Whether a whole word of a text fits one run of a phrase. */
export interface WordTest {
  /** Literal text the word starts with ('' when the run starts with `*`). */
  head: string;
  /** Literal text the word ends with ('' when the run ends with `*`). */
  tail: string;
  /** Whether the run has a `*` (otherwise the word must equal `head`). */
  wildcard: boolean;
  /** Whether `text.slice(start, end)`, one whole word, fits. */
  test(text: string, start: number, end: number): boolean;
}

/** A phrase compiled to word tests. */
export interface PhraseWords {
  words: WordTest[];
  /** Symbols that must follow the last word immediately ('' for none). */
  suffix: string;
}

// Literal parts are word characters, so a part found at a word's edge lies inside that word.
function wordTest(run: string): WordTest {
  const parts = run.split('*');
  const head = parts[0];
  const tail = parts.length > 1 ? parts[parts.length - 1] : head;
  if (parts.length === 1) {
    return { head, tail, wildcard: false, test: (text, start, end) => end - start === run.length && text.startsWith(run, start) };
  }
  if (parts.length === 2 && tail === '') return { head, tail, wildcard: true, test: (text, start) => text.startsWith(head, start) };
  if (parts.length === 2 && head === '') {
    return { head, tail, wildcard: true, test: (text, start, end) => end - start >= tail.length && text.startsWith(tail, end - tail.length) };
  }
  const regex = new RegExp(`^${parts.map(escape).join(WILDCARD)}$`, 'u');
  return { head, tail, wildcard: true, test: (text, start, end) => regex.test(text.slice(start, end)) };
}

/** The word tests of a phrase already folded like the text, or undefined when it needs the regex. */
export function phraseWords(phrase: string): PhraseWords | undefined {
  const runs = phrase.trim().match(/[\p{L}\p{N}*]+|[^\p{L}\p{N}*]+/gu);
  if (!runs || !WORD_RUN.test(runs[0])) return undefined;
  const last = runs[runs.length - 1];
  const suffix = WORD_RUN.test(last) ? '' : last.trim();
  if (SURROGATE.test(suffix)) return undefined;
  const wordRuns = runs.filter((run) => WORD_RUN.test(run));
  if (!wordRuns.every((run) => HAS_WORD_CHAR.test(run))) return undefined;
  return { words: wordRuns.map(wordTest), suffix };
}
