import { expect } from 'chai';
import { FirstWordIndex } from '../../../../plugins/topic-keyword-moderation/first-word-index.js';
import { splitWords } from '../../../../plugins/topic-keyword-moderation/folded-words.js';
import { phraseWords, type WordTest } from '../../../../plugins/topic-keyword-moderation/phrase-words.js';
import { foldForTopics } from '../../../../plugins/topic-keyword-moderation/topic-matcher.js';
import { TOPIC_LEXICONS } from '../../../../plugins/topic-keyword-moderation/topic-lexicons.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';

/** The straightforward lookup: every first word tested, in phrase order. */
function everyFit(firstWords: WordTest[], text: string, start: number, end: number): number[] {
  return firstWords.flatMap((w, i) => (w.test(text, start, end) ? [i] : []));
}

/**
 * Checks the index's look-up of every word of `text` against everyFit; the number of first words
 * found (so a test can show it found some).
 */
function expectEveryFit(index: FirstWordIndex, firstWords: WordTest[], text: string): number {
  const words = splitWords(text);
  let found = 0;
  for (let w = 0; w < words.starts.length; w++) {
    const expected = everyFit(firstWords, text, words.starts[w], words.ends[w]);
    index.lookup(text, words.starts[w], words.ends[w]);
    expect(index.found.slice(0, index.count), text.slice(words.starts[w], words.ends[w])).to.deep.equal(expected);
    found += expected.length;
  }
  return found;
}

const LETTERS = 'abcdeilmnorstxyzé😀ßİ0';

describe('topic_keyword_moderation first-word index', () => {
  const r = seededRandom(351);
  const randomWord = () => {
    const chars = [...LETTERS];
    let w = '';
    const length = 1 + Math.floor(r() * 6);
    for (let k = 0; k < length; k++) w += chars[Math.floor(r() * chars.length)];
    return w;
  };
  // Lists with every kind of first word: literal, one-unit, head*, *tail, *, a*b, non-ASCII.
  const lists: Array<[string, string[]]> = [
    ...TOPIC_LEXICONS.map((l): [string, string[]] => [l.name, [...l.strong, ...l.medium, ...l.weak]]),
    ['one-unit heads and tails', ['x', 'a*', '*s', '*ing', 'pre*', 'é*', '*é', 'ab', 'ba*', '*x', 'me*d', '😀*', 's']],
    ['random words', Array.from({ length: 60 }, (_, i) => {
      const w = randomWord();
      return i % 4 === 0 ? `${w}*` : i % 4 === 1 ? `*${w}` : i % 7 === 0 ? `${w}*${randomWord()}` : w;
    })],
  ];

  for (const [name, terms] of lists) {
    it(`finds the first words every phrase test finds, in phrase order: ${name}`, () => {
      const firstWords = terms.map((t) => phraseWords(foldForTopics(t))).filter((p) => p !== undefined).map((p) => p.words[0]);
      const index = new FirstWordIndex(firstWords);
      // Words of the lists' own terms, inflected and cut, and random words over the same letters.
      const pool = [...terms.flatMap((t) => t.split(/[ *]/)), ...Array.from({ length: 400 }, randomWord)];
      let found = 0;
      for (let k = 0; k < 3000; k++) {
        const word = pool[Math.floor(r() * pool.length)] + (r() < 0.3 ? pool[Math.floor(r() * pool.length)] : '');
        found += expectEveryFit(index, firstWords, foldForTopics(`${randomWord()} ${word} ${randomWord()}`));
      }
      expect(found).to.be.greaterThan(100);
    });

    it(`finds the same for words cut from the first words at every length, and grown by a unit: ${name}`, () => {
      const firstWords = terms.map((t) => phraseWords(foldForTopics(t))).filter((p) => p !== undefined).map((p) => p.words[0]);
      const index = new FirstWordIndex(firstWords);
      // The length tables' edges: each first word's starts and ends of every length, one unit
      // longer or shorter than it, and with a unit beyond ASCII at either end.
      const words = new Set<string>();
      for (const first of firstWords) {
        const literal = first.head + first.tail;
        for (let k = 1; k <= literal.length; k++) {
          for (const cut of [literal.slice(0, k), literal.slice(-k), first.head.slice(0, k), first.tail.slice(-k)]) {
            if (!cut) continue;
            for (const word of [cut, `${cut}s`, `s${cut}`, `${cut}é`, `é${cut}`, `${cut}${cut}`]) words.add(word);
          }
        }
      }
      let found = 0;
      for (const word of words) found += expectEveryFit(index, firstWords, foldForTopics(`x ${word} y`));
      expect(found).to.be.greaterThan(20);
    });
  }
});
