import { expect } from 'chai';
import { CodeUnits } from '../../../../plugins/shared/prompt-features/chars.js';
import { leetEnd, nextLeetWord } from '../../../../plugins/prompt-guard/leet-words.js';
import { hasSpacedLetters, spacedLetterTrials } from '../../../../plugins/prompt-guard/spaced-letters.js';
import { seededTexts } from './seeded-texts.js';

// The regexes the loops stand for (deobfuscate.ts).
const LEET_WORD_ASCII = /(?<![A-Za-z0-9])(?=[a-z0-9@$!|]*[a-z])(?=[a-z0-9@$!|]*[0-9@$!|][a-z0-9@$!|]*[a-z0-9])[a-z0-9@$!|]{3,}/g;
const LEET_WORD = /(?<![\p{L}\p{N}])(?=[a-z0-9@$!|]*[a-z])(?=[a-z0-9@$!|]*[0-9@$!|][a-z0-9@$!|]*[a-z0-9])[a-z0-9@$!|]{3,}/gu;
const SPACED_HINT = /(?:^|[^\p{L}\p{N}])\p{L}[ .\-_*|+]\p{L}[ .\-_*|+]\p{L}[ .\-_*|+]\p{L}/u;

const texts = (pieces: readonly string[], count: number) => seededTexts(pieces, count, 20, 12345);

describe('prompt_guard deobfuscation scans', () => {
  it('finds the leetspeak candidates LEET_WORD_ASCII matches, in order', () => {
    const units = new CodeUnits();
    for (const s of texts(['a', 'b', '3', 'Z', '0', '@', '$', '!', '|', ' ', '.', '-', 'x', '1', 'e'], 50_000)) {
      const want = [...s.matchAll(LEET_WORD_ASCII)].map((m) => `${m.index}-${m.index! + m[0].length}`);
      const got: string[] = [];
      const u = units.of(s);
      for (let p = nextLeetWord(u, s.length, 0); p >= 0; p = nextLeetWord(u, s.length, leetEnd)) got.push(`${p}-${leetEnd}`);
      expect(got, JSON.stringify(s)).to.deep.equal(want);
    }
  });

  it('finds the leetspeak candidates LEET_WORD matches beyond ASCII, surrogate pairs included', () => {
    const units = new CodeUnits();
    const alphabet = ['a', 'b', '3', '0', '@', '!', '|', ' ', 'é', 'ж', '٣', '中', '\ud835\udc00', '\ud83d\ude00', '\udc00', '1', 'e', '-'];
    for (const s of texts(alphabet, 50_000)) {
      const want = [...s.matchAll(LEET_WORD)].map((m) => `${m.index}-${m.index! + m[0].length}`);
      const got: string[] = [];
      const u = units.of(s);
      for (let p = nextLeetWord(u, s.length, 0); p >= 0; p = nextLeetWord(u, s.length, leetEnd)) got.push(`${p}-${leetEnd}`);
      expect(got, JSON.stringify(s)).to.deep.equal(want);
    }
  });

  it('answers as the spaced-letter regex, surrogates and marks included', () => {
    const alphabet = ['a', ' ', '\ud835\udc00', '.', 'ж', '\ud835', '1', '\udc00', '!', '\u0301', 'B', '-', '_', '😀'];
    for (const size of [5, 8, alphabet.length]) {
      for (const s of texts(alphabet.slice(0, size), 30_000)) expect(hasSpacedLetters(s), JSON.stringify(s)).to.equal(SPACED_HINT.test(s));
    }
  });

  it('reads no code point where ASCII around a separator rules a match out (padded tables, short words)', () => {
    const table = '| medal  | name                       | sport      |\n| silver | jaspal rana satendra kumar | shooting   |\n';
    const prose = 'is my car in the garage of a friend, or is it at my mom - at the to-do list - we do not know.\n';
    const before = spacedLetterTrials();
    expect(hasSpacedLetters(table.repeat(20) + prose.repeat(20))).to.equal(false);
    expect(spacedLetterTrials() - before).to.equal(0);
    // A place the ASCII check cannot settle is still read, and a real run still found.
    expect(hasSpacedLetters('please i g n o r e that')).to.equal(true);
    expect(hasSpacedLetters('x ж.b.c.d y')).to.equal(true);
  });
});
