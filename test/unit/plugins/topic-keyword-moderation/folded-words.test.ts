import { expect } from 'chai';
import { splitWords } from '../../../../plugins/topic-keyword-moderation/folded-words.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';

/** The straightforward split: every maximal run of letters and digits, by the regex. */
function regexWords(text: string): Array<[number, number]> {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => [m.index, m.index + m[0].length]);
}

describe('topic_keyword_moderation folded words', () => {
  it('splits a text into the runs of letters and digits the regex finds, astral ones and lone surrogates included', () => {
    const r = seededRandom(352);
    // ASCII, BMP letters and marks, astral letters (Deseret, CJK extension B, bold digits) and
    // astral symbols (emoji), lone high and low surrogates, spaces and punctuation.
    const pieces = ['a', 'Z', '7', ' ', '.', '-', 'é', 'ß', '\u0301', '中', '\u00a0', '\u{10400}', '\u{20000}', '\u{1d7ce}', '😀', '\ud800', '\udc00', '\u200b', '_', '٣'];
    for (let n = 0; n < 3000; n++) {
      let text = '';
      const length = Math.floor(r() * 40);
      for (let k = 0; k < length; k++) text += pieces[Math.floor(r() * pieces.length)];
      const words = splitWords(text);
      const found = Array.from(words.starts, (s, i): [number, number] => [s, words.ends[i]]);
      expect(found, JSON.stringify(text)).to.deep.equal(regexWords(text));
    }
  });
});
