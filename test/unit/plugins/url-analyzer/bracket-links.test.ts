import { expect } from 'chai';
import { bracketMatches, bracketPattern } from '../../../../plugins/url-analyzer/bracket-links.js';
import { seededTexts } from '../prompt-guard/seeded-texts.js';

const PATTERNS = [
  bracketPattern(String.raw`!\[[^\]\n]{0,1000}\]\(\s*(?:<([^>\n]+)>|([^\s)]+))`),
  bracketPattern(String.raw`(?<!!)\[[^\]\n]{0,1000}\]\(\s*(?:<([^>\n]+)>|([^\s)]+))`),
  bracketPattern(String.raw`!\[[^\]\n]{0,1000}\]\[([^\]\n]{1,200})\]`),
];
const summary = (matches: Iterable<RegExpMatchArray>) => [...matches].map((m) => [m.index, ...m]);

describe('url_analyzer markdown brackets', () => {
  it('gives exactly the matches of the whole pattern, in order', () => {
    const pieces = ['[', ']', '![', '](', '][', '(', ')', '!', '<', '>', ' ', '\n', 'x', 'http://a.test', 'label', '<u>', ']()'];
    let matched = 0;
    for (const text of seededTexts(pieces, 30_000, 30, 99)) {
      for (const pattern of PATTERNS) {
        const want = summary(text.matchAll(pattern.whole));
        matched += want.length;
        expect(summary(bracketMatches(text, pattern)), JSON.stringify(text)).to.deep.equal(want);
      }
    }
    expect(matched).to.be.greaterThan(5_000);
  });

  it('keeps the 1,000-character reach between the brackets', () => {
    const [image, link] = PATTERNS;
    for (const [length, found] of [[1000, 1], [1001, 0]] as const) {
      const text = `see [${'x'.repeat(length)}](https://a.test) and ![${'y'.repeat(length)}](https://b.test)`;
      expect([...bracketMatches(text, link)].length).to.equal(found);
      expect([...bracketMatches(text, image)].length).to.equal(found);
    }
    // A `[` out of reach of the `]` does not hide a later one in reach of it.
    expect([...bracketMatches(`[${'x'.repeat(1001)}[y](https://a.test)`, link)].map((m) => m[2])).to.deep.equal(['https://a.test']);
  });

  it('refuses a pattern of another shape', () => {
    expect(() => bracketPattern(String.raw`\[[^\]]*\]`)).to.throw(/not a bracket pattern/);
  });
});
