import { expect } from 'chai';
import { endsWithLabels, matchDomain, registrableDomain, startsWithLabels } from '../../../../plugins/url-analyzer/domain-names.js';
import { skeleton } from '../../../../plugins/url-analyzer/lookalike.js';
import { randomStrings } from '../random-strings.js';

const CONFUSABLE_SAMPLE: Record<string, string> = { 'а': 'a', 'о': 'o', 'і': 'i', 'ο': 'o', '0': 'o', '1': 'l', '5': 's', '|': 'l' };

/** Skeletons as first written: every character through NFKD and the confusables table. */
function referenceSkeleton(label: string): string {
  const base = label.toLowerCase().normalize('NFKD').replace(/\p{M}+/gu, '');
  let out = '';
  for (const ch of base) out += CONFUSABLE_SAMPLE[ch] ?? ch;
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w');
}

describe('url_analyzer domain names', () => {
  it('matches a host against a list as `host === entry || host.endsWith(`.${entry}`)` does', () => {
    const names = randomStrings(['a', 'b', '.', 'co', 'm', '-'], 3000, 8, 3);
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
    for (const host of randomStrings(['a', '.', 'co', 'uk', 'github', 'io', '.co.uk', '.github.io', 'x.'], 5000, 8, 4)) {
      expect(registrableDomain(host), host).to.equal(reference(host));
    }
  });

  it('skeletons ASCII labels as the full Unicode path does', () => {
    for (const label of randomStrings(['a', 'R', 'n', 'rn', 'V', 'v', '0', '1', '5', '|', '-', 'x', 'Z', '9'], 3000, 8, 9)) {
      expect(skeleton(label), label).to.equal(referenceSkeleton(label));
    }
    for (const label of ['pаypal', 'gοogle', 'ﬁrst', 'Ｇoogle', 'rnicrosoft', 'résumé']) expect(skeleton(label), label).to.equal(referenceSkeleton(label));
  });
});
