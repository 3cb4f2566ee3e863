import { expect } from 'chai';
import { CSS_URL, cssUrlMatches } from '../../../../plugins/url-analyzer/css-urls.js';
import { seededTexts } from '../prompt-guard/seeded-texts.js';

const summary = (matches: Iterable<RegExpMatchArray>) => [...matches].map((m) => [m.index, ...m]);

/** Checks cssUrlMatches against the whole pattern on `count` texts of up to `length` pieces; the matches seen. */
function expectPatternMatches(pieces: string[], count: number, length: number, seed: number): number {
  let matched = 0;
  for (const text of seededTexts(pieces, count, length, seed)) {
    const want = summary(text.matchAll(CSS_URL));
    matched += want.length;
    expect(summary(cssUrlMatches(text)), JSON.stringify(text)).to.deep.equal(want);
  }
  return matched;
}

describe('url_analyzer CSS url()', () => {
  it('gives exactly the matches of the whole pattern, in order', () => {
    const pieces = ['url(', 'URL(', 'url', '(', ')', '"', "'", ' ', '\t', '\n', '\u00a0', 'x', '//a.test/p.png', 'u', 'rl('];
    expect(expectPatternMatches(pieces, 30_000, 30, 1234)).to.be.greaterThan(3_000);
  });

  it('gives the same matches with url( in every mix of cases, beside other parentheses', () => {
    const pieces = ['url(', 'Url(', 'uRl(', 'urL(', 'URL(', 'ur(', 'rl(', 'l(', '(', ')', '"', ' ', 'x', 'u', 'r', 'ü', '//a.test/p.png'];
    expect(expectPatternMatches(pieces, 20_000, 12, 4321)).to.be.greaterThan(2_000);
  });

  it('reads a value that holds `(`, and nothing that is not closed', () => {
    const values = (text: string) => [...cssUrlMatches(text)].map((m) => m[1]);
    expect(values('background: url( "https://x.test/a(1).png" )')).to.deep.equal(['https://x.test/a(1']);
    expect(values('url(url(url(https://x.test/b.png)')).to.deep.equal(['url(url(https://x.test/b.png']);
    expect(values('url(https://x.test/c.png')).to.deep.equal([]);
  });
});
