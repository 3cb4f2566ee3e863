import { expect } from 'chai';
import { IPV6_CANDIDATE, ipv6Matches } from '../../../../plugins/data-loss-prevention/recognizers/ipv6-matches.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';

const asFound = (ms: Iterable<RegExpMatchArray>) => [...ms].map((m) => [m.index, m[0]]);

describe('data_loss_prevention IPv6 candidates', () => {
  it('finds exactly the matches the pattern finds at every position, on generated texts', () => {
    const r = seededRandom(355);
    // Hex groups of every length, colons single and double, dotted quads, zones, word and other characters.
    const pieces = ['2001', 'db8', 'fe80', 'a', 'F', 'abcd', 'abcde', '0', '1.2.3.4', '192.168.0.1', ':', ':', '::', '%eth0', '%', '.', ' ', 'g', 'x', '_', '-', '\n', 'é', '12:30:45', 'note: '];
    let found = 0;
    for (let n = 0; n < 20000; n++) {
      let text = '';
      const length = 1 + Math.floor(r() * 16);
      for (let k = 0; k < length; k++) text += pieces[Math.floor(r() * pieces.length)];
      const expected = asFound(text.matchAll(IPV6_CANDIDATE));
      expect(asFound(ipv6Matches(text)), JSON.stringify(text)).to.deep.equal(expected);
      found += expected.length;
    }
    expect(found).to.be.greaterThan(3000);
  });

  it('finds the addresses of prose with many colons', () => {
    const text = 'Server: fe80::1%eth0, backup 2001:db8:85a3::8a2e:370:7334 at 12:30:45; mapped ::ffff:192.0.2.128 and abcd:ef01::';
    expect(asFound(ipv6Matches(text))).to.deep.equal(asFound(text.matchAll(IPV6_CANDIDATE)));
    expect(ipv6Matches(text).map((m) => m[0])).to.include.members(['fe80::1%eth0', '2001:db8:85a3::8a2e:370:7334', 'abcd:ef01::']);
  });
});
