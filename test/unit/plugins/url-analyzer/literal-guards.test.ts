import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BARE_URLS, REFERENCE_DEFINITIONS, type GuardedPattern } from '../../../../plugins/url-analyzer/url-candidates.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';

const cases = fileURLToPath(new URL('../../../fixtures/detectors/url-analyzer/url-cases.jsonl', import.meta.url));

/**
 * Texts with every scheme and host form in every case, spaced or broken: the fixture cases, and
 * generated mixtures of their pieces.
 */
function texts(): string[] {
  const out = readFileSync(cases, 'utf8').split('\n').filter((l) => l.trim()).map((l) => (JSON.parse(l) as { text: string }).text);
  const r = seededRandom(354);
  const pieces = [
    'javascript', 'VBScript', 'LiveScript', 'script', ' :', ':', '\t:', 'alert(1)', 'data', 'DATA', 'data:', 'text/html', ';base64', ',', 'PGI+',
    'http', 'HTTPS', 'ftp', 'wss', 'file', '://', ':/', '/', 'www', 'WWW', 'Www', 'www.', 'WwW.', '.', 'example.com', ' ', '\n', '[x]', ']:', ' [ref]: ', '<', '>', 'é', '-', '_',
  ];
  for (let n = 0; n < 5000; n++) {
    let text = '';
    const length = 1 + Math.floor(r() * 12);
    for (let k = 0; k < length; k++) text += pieces[Math.floor(r() * pieces.length)];
    out.push(text);
  }
  return out;
}

describe('url_analyzer literal guards', () => {
  const all = texts();
  const guarded: Array<[string, GuardedPattern]> = [['reference definitions', REFERENCE_DEFINITIONS], ...BARE_URLS.map((g): [string, GuardedPattern] => [g.pattern.source, g])];

  for (const [name, { pattern, mayMatch }] of guarded) {
    it(`lets through every text the pattern matches: ${name}`, () => {
      let matched = 0;
      let skipped = 0;
      for (const text of all) {
        const matches = [...text.matchAll(pattern)].length;
        if (matches) {
          matched++;
          expect(mayMatch(text), JSON.stringify(text)).to.equal(true);
        } else if (!mayMatch(text)) skipped++;
      }
      // The guard lets every match through and keeps the pattern from most texts.
      expect(matched).to.be.greaterThan(20);
      expect(skipped).to.be.greaterThan(all.length / 3);
    });
  }
});
