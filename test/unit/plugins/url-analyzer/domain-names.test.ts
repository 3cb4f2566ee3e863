import { expect } from 'chai';
import { endsWithLabels, matchDomain, registrableDomain, startsWithLabels } from '../../../../plugins/url-analyzer/domain-names.js';
import { skeleton } from '../../../../plugins/url-analyzer/lookalike.js';

const CONFUSABLE_SAMPLE: Record<string, string> = { 'а': 'a', 'о': 'o', 'і': 'i', 'ο': 'o', '0': 'o', '1': 'l', '5': 's', '|': 'l' };

/** Skeletons as first written: every character through NFKD and the confusables table. */
function referenceSkeleton(label: string): string {
  const base = label.toLowerCase().normalize('NFKD').replace(/\p{M}+/gu, '');
  let out = '';
  for (const ch of base) out += CONFUSABLE_SAMPLE[ch] ?? ch;
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w');
}

function randomStrings(pieces: string[], count: number, seed: number): string[] {
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => {
    let s = '';
    const n = Math.floor(next() * 8);
    for (let k = 0; k < n; k++) s += pieces[Math.floor(next() * pieces.length)];
    return s;
  });
}

describe('url_analyzer domain names', () => {
  it('matches a host against a list as `host === entry || host.endsWith(`.${entry}`)` does', () => {
    const names = randomStrings(['a', 'b', '.', 'co', 'm', '-'], 3000, 3);
    for (const host of names) {
      for (const entry of names.slice(0, 40)) {
        expect(endsWithLabels(host, entry)).to.equal(host.endsWith(`.${entry}`));
        expect(startsWithLabels(host, entry)).to.equal(host.startsWith(`${entry}.`));
      }
      const list = names.slice(0, 40);
      expect(matchDomain(host, list)).to.equal(list.find((entry) => host === entry || host.endsWith(`.${entry}`)));
    }
  });

  it('finds the registrable domain as splitting into labels does', () => {
    const reference = (host: string) => {
      const labels = host.split('.');
      if (labels.length <= 2) return host;
      const lastTwo = labels.slice(-2).join('.');
      return ['co.uk', 'github.io'].includes(lastTwo) ? labels.slice(-3).join('.') : lastTwo;
    };
    for (const host of randomStrings(['a', '.', 'co', 'uk', 'github', 'io', '.co.uk', '.github.io', 'x.'], 5000, 4)) {
      expect(registrableDomain(host), host).to.equal(reference(host));
    }
  });

  it('skeletons ASCII labels as the full Unicode path does', () => {
    for (const label of randomStrings(['a', 'R', 'n', 'rn', 'V', 'v', '0', '1', '5', '|', '-', 'x', 'Z', '9'], 3000, 9)) {
      expect(skeleton(label), label).to.equal(referenceSkeleton(label));
    }
    for (const label of ['pаypal', 'gοogle', 'ﬁrst', 'Ｇoogle', 'rnicrosoft', 'résumé']) expect(skeleton(label), label).to.equal(referenceSkeleton(label));
  });
});
