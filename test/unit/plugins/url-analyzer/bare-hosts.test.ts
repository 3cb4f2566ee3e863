import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BARE_HOST, bareHostMatches } from '../../../../plugins/url-analyzer/bare-hosts.js';
import { randomStrings } from '../random-strings.js';

const cases = fileURLToPath(new URL('../../../fixtures/detectors/url-analyzer/url-cases.jsonl', import.meta.url));

const summary = (matches: Iterable<RegExpMatchArray>) => [...matches].map((m) => [m.index, m[0]]);

describe('url_analyzer bare host names', () => {
  it('finds exactly what matchAll of the pattern finds', () => {
    const texts = readFileSync(cases, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l).text as string);
    const pieces = ['a', 'Bc', '9', '-', '.', '.com', '.CO', '.uk', '.io', '.md', '.community', 'x_y', '@', '/', ':', ' ', '\n', '?q=1', '#f', '(', ')', 'é', 'ſ', 'www', 'http://'];
    texts.push(...randomStrings(pieces, 20000, 30, 11));
    let found = 0;
    for (const text of texts) {
      const expected = summary(text.matchAll(BARE_HOST));
      expect(summary(bareHostMatches(text)), JSON.stringify(text)).to.deep.equal(expected);
      found += expected.length;
    }
    expect(found).to.be.greaterThan(1000);
  });

  it('finds exactly what matchAll finds where a TLD is cut, grown, followed by a hyphen or cased otherwise', () => {
    const pieces = ['a', 'b1', '.', '.online', '.ONLINE', '.Online', 'x', '9', '_', '-', '.co', 'm', '.com', '.c', '.onlin', 'e', '.io', '.IO', 'é', 'ſ', 'K', ' ', '/'];
    let found = 0;
    for (const text of randomStrings(pieces, 20000, 12, 12)) {
      const expected = summary(text.matchAll(BARE_HOST));
      expect(summary(bareHostMatches(text)), JSON.stringify(text)).to.deep.equal(expected);
      found += expected.length;
    }
    expect(found).to.be.greaterThan(1000);
  });
});
