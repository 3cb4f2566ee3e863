import { expect } from 'chai';
import { tagAttributeMatches, tagAttributePattern } from '../../../../plugins/url-analyzer/tag-attributes.js';
import { seededTexts } from '../prompt-guard/seeded-texts.js';

const AUTOLOAD = tagAttributePattern('img|iframe|script|embed|video|audio|source|track|input|frame', 'src|data|poster|srcset');
const LINK = tagAttributePattern('a|area|link|form|base', 'href|action');

/** Index, text and groups of each match, to compare two ways of finding them. */
const summary = (matches: Iterable<RegExpMatchArray>) => [...matches].map((m) => [m.index, ...m]);

describe('url_analyzer tag attributes', () => {
  it('gives exactly the matches of the whole pattern, in order', () => {
    const pieces = ['<img', '<IMG', '<a', '<area', '<iframe', '<imgx', '<', '>', ' ', '\t', '\n', '\u00a0', 'src', 'SRC', 'href', 'srcset', 'data', '=', ' = ', '"', "'", 'x', 'é', '<a href=', ' src="y"'];
    let matched = 0;
    for (const text of seededTexts(pieces, 30_000, 30, 4242)) {
      for (const pattern of [AUTOLOAD, LINK]) {
        const want = summary(text.matchAll(pattern.whole));
        matched += want.length;
        expect(summary(tagAttributeMatches(text, pattern)), JSON.stringify(text)).to.deep.equal(want);
      }
    }
    expect(matched).to.be.greaterThan(5_000);
  });

  it('finds the attribute of a tag that holds a `<` or spans lines, and none past a `>`', () => {
    const urls = (text: string) => [...tagAttributeMatches(text, AUTOLOAD)].map((m) => m[1] ?? m[2] ?? m[3]);
    expect(urls('<img alt="a<b" src="https://x.test/p.png">')).to.deep.equal(['https://x.test/p.png']);
    expect(urls('<img\n  class="c"\n  src=//x.test/a.gif>')).to.deep.equal(['//x.test/a.gif']);
    expect(urls('<img alt="x"> src=//x.test/a.gif')).to.deep.equal([]);
    expect(urls('<img <img <img src=//x.test/b.gif')).to.deep.equal(['//x.test/b.gif']);
  });
});
