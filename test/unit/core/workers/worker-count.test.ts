/**
 * The worker count of `portcullis start` (`--workers`, PORTCULLIS_WORKERS): every core by
 * default, a whole number from 1 to 256 otherwise; anything else is refused naming the setting.
 */
import { availableParallelism } from 'node:os';
import { expect } from 'chai';
import { resolveSettings, SettingsInputError } from '../../../../core/config/settings.js';

describe('core/config/settings: workers', () => {
  it('defaults to the number of cores the process may use', () => {
    expect(resolveSettings({}, {}).workers).to.equal(availableParallelism());
  });

  it('takes the flag before the environment', () => {
    expect(resolveSettings({ workers: '3' }, { PORTCULLIS_WORKERS: '5' }).workers).to.equal(3);
    expect(resolveSettings({}, { PORTCULLIS_WORKERS: '5' }).workers).to.equal(5);
    expect(resolveSettings({ workers: '256' }, {}).workers).to.equal(256);
    expect(resolveSettings({ workers: '1' }, {}).workers).to.equal(1);
  });

  it('refuses 0, more than 256, fractions and words', () => {
    for (const value of ['0', '257', '1.5', 'four', '-1', '1e2']) {
      expect(() => resolveSettings({ workers: value }, {}), value).to.throw(SettingsInputError, `workers must be a whole number from 1 to 256, got "${value}"`);
    }
  });
});
