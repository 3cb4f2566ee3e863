/**
 * What the logger masks: every kind of secret it knows, wherever it stands in a string, in any
 * field, nested or not; a string holding none passes unchanged.
 */
import { expect } from 'chai';
import { maskSecrets } from '../../../../core/logging/logger.js';

const SECRETS = {
  'gateway key': 'ag_abcdefghijklmnop0123456789',
  'collector key': 'tgk_abcdefghijklmnop0123456789',
  'bearer token (any case)': 'bEaReR abcdefgh.ijklmnop',
  'provider key': 'sk-proj-0123456789abcdef',
  'JSON web token': 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
};

describe('logging: masking secrets', () => {
  for (const [kind, secret] of Object.entries(SECRETS)) {
    it(`masks a ${kind} at the start, in the middle and at the end of a string`, () => {
      for (const text of [secret, `token ${secret} used`, `used:${secret}`]) {
        const masked = maskSecrets(text);
        expect(masked, text).to.include('[redacted]');
        expect(masked, text).to.not.include(secret.slice(6));
      }
    });
  }

  it('passes strings that hold no secret unchanged, look-alikes included', () => {
    for (const text of ['/app/v1/chat/completions', 'openai/gpt-4o', 'a task-list', 'bag_of_words', 'eyes', 'ag_short', '']) {
      expect(maskSecrets(text)).to.equal(text);
    }
  });
});
