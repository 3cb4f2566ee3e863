import { expect } from 'chai';
import { scanEveryCharacter, scanInvisible } from '../../../../plugins/doc-analyzer/invisible-unicode.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';

describe('doc_analyzer invisible-character prefilter', () => {
  it('gives every BMP code unit, alone between letters, the full scan\'s reading', () => {
    let found = 0;
    for (let code = 0; code < 0x10000; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      const full = scanEveryCharacter(text);
      expect(scanInvisible(text), `U+${code.toString(16)}`).to.deep.equal(full);
      if (Object.keys(full.counts).length) found++;
    }
    expect(found).to.be.greaterThan(20);
  });

  it('gives every astral code point after the high surrogate of tags and selectors the full scan\'s reading', () => {
    for (let point = 0xe0000; point < 0xe0400; point++) {
      const run = String.fromCodePoint(point).repeat(5);
      const text = `x${run}y`;
      expect(scanInvisible(text), `U+${point.toString(16)}`).to.deep.equal(scanEveryCharacter(text));
    }
  });

  it('gives generated texts of letters, emoji, flags, joiners, selectors and tags the full scan\'s reading', () => {
    const r = seededRandom(353);
    const pieces = ['a', ' ', 'é', 'ب', 'क', '😀', '🏴', '\u200d', '\u200c', '\u200b', '\u202e', '\ufeff', '\ufe0f', '\u3164', '\u{e0041}', '\u{e007f}', '\u{e0101}', '\u{1f600}', '\ud800'];
    let hits = 0;
    for (let n = 0; n < 3000; n++) {
      let text = '';
      const length = Math.floor(r() * 30);
      for (let k = 0; k < length; k++) text += r() < 0.7 ? 'plain text ' : pieces[Math.floor(r() * pieces.length)];
      const full = scanEveryCharacter(text);
      expect(scanInvisible(text), JSON.stringify(text)).to.deep.equal(full);
      if (full.smuggled.length || Object.keys(full.counts).length) hits++;
    }
    expect(hits).to.be.greaterThan(1000);
  });
});
