import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BARE_HOST, bareHostMatches } from '../../../../plugins/url-analyzer/bare-hosts.js';

const cases = fileURLToPath(new URL('../../../fixtures/detectors/url-analyzer/url-cases.jsonl', import.meta.url));

const summary = (matches: Iterable<RegExpMatchArray>) => [...matches].map((m) => [m.index, m[0]]);

describe('url_analyzer bare host names', () => {
  it('finds exactly what matchAll of the pattern finds', () => {
    const texts = readFileSync(cases, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l).text as string);
    const pieces = ['a', 'Bc', '9', '-', '.', '.com', '.CO', '.uk', '.io', '.md', '.community', 'x_y', '@', '/', ':', ' ', '\n', '?q=1', '#f', '(', ')', 'é', 'ſ', 'www', 'http://'];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 20000; i++) {
      let text = '';
      const n = Math.floor(next() * 30);
      for (let k = 0; k < n; k++) text += pieces[Math.floor(next() * pieces.length)];
      texts.push(text);
    }
    let found = 0;
    for (const text of texts) {
      const expected = summary(text.matchAll(BARE_HOST));
      expect(summary(bareHostMatches(text)), JSON.stringify(text)).to.deep.equal(expected);
      found += expected.length;
    }
    expect(found).to.be.greaterThan(1000);
  });
});
