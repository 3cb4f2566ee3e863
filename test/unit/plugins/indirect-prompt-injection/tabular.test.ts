import { expect } from 'chai';
import { isTabular } from '../../../../plugins/indirect-prompt-injection/cues.js';
import { seededRandom as rng } from '../../../fixtures/seeded-random.js';

/** The definition: most lines that are not blank, trimmed, start with `|`. */
function tabularBySplitting(text: string): boolean {
  let rows = 0;
  let lines = 0;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t) continue;
    lines++;
    if (t.startsWith('|')) rows++;
  }
  return lines >= 2 && rows / lines >= 0.6;
}

describe('indirect_prompt_injection isTabular', () => {
  it('tells tables as splitting the text into trimmed lines does', () => {
    const random = rng(35);
    const pieces = ['| a | b |', '|x', 'text', ' ', '\t', '\u00a0', '\u2028', '\ufeff', '\r', '\n', '\n', '\n\n', '  | c |', 'word | not a row', '|', ''];
    let tables = 0;
    for (let n = 0; n < 5000; n++) {
      let text = '';
      const length = Math.floor(random() * 12);
      for (let k = 0; k < length; k++) text += pieces[Math.floor(random() * pieces.length)];
      const expected = tabularBySplitting(text);
      if (expected) tables++;
      expect(isTabular(text), JSON.stringify(text)).to.equal(expected);
    }
    expect(tables).to.be.within(200, 4800);
  });
});
