import { expect } from 'chai';
import { matchesSecretDigest, secretDigest } from '../../../../core/security/same-secret.js';

describe('core/security same secret', () => {
  const expected = secretDigest('cluster-token-0123456789');

  it('matches only the very secret, whatever length is presented', () => {
    expect(matchesSecretDigest('cluster-token-0123456789', expected)).to.equal(true);
    // Shorter, longer, empty and one character off: refused, and none throws on a length mismatch.
    for (const presented of ['', 'cluster-token', 'cluster-token-0123456789-and-more', 'cluster-token-0123456780', 'x'.repeat(10_000)]) {
      expect(matchesSecretDigest(presented, expected), presented.slice(0, 40)).to.equal(false);
    }
  });
});
