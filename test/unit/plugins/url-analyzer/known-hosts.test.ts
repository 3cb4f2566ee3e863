import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { knownHostPattern } from '../../../../plugins/url-analyzer/url-candidates.js';
import { DEFAULT_SETTINGS } from '../../../../plugins/url-analyzer/settings.js';
import { normaliseDomain } from '../../../../plugins/url-analyzer/domain-names.js';
import { randomStrings } from '../random-strings.js';

const cases = fileURLToPath(new URL('../../../fixtures/detectors/url-analyzer/url-cases.jsonl', import.meta.url));

/** The plain test the quick one stands for: any of the names anywhere, ignoring case. */
const anyOf = (names: string[]) => new RegExp(`(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|')})`, 'i');

describe('url_analyzer known host names', () => {
  it('says a text holds one of the names exactly when a plain alternation finds one', () => {
    const lists = [
      [...DEFAULT_SETTINGS.shorteners, 'pastebin.com', 'malware-drop.net'].map(normaliseDomain),
      ['a.b.c', 'x-y.z', 'co.uk', 'bit.ly'],
    ];
    const texts = readFileSync(cases, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l).text as string);
    const pieces = ['bit', '.', 'ly', 'BIT.LY', 'T.co', 't', 'co', 'a', 'b', 'c', 'x-y', 'z', 'uk', ' ', '/', 'is.gd', 'ġ', 'tiny', '.cc'];
    texts.push(...randomStrings(pieces, 20000, 12, 5));
    for (const names of lists) {
      const quick = knownHostPattern(names)!.anyName;
      const plain = anyOf([...new Set(names)].sort((a, b) => b.length - a.length));
      let hits = 0;
      for (const text of texts) {
        const expected = plain.test(text);
        expect(quick.test(text), JSON.stringify(text)).to.equal(expected);
        if (expected) hits++;
      }
      expect(hits).to.be.greaterThan(500);
    }
  });
});
