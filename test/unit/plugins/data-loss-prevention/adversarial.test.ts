/**
 * data_loss_prevention on adversarial input: hundreds of thousands of values of each kind in a
 * few MB (every one masked: the report is capped by the service, never the masking), huge
 * tokens, deep brackets, and runs that come close to its patterns without completing them.
 * Each case must finish (the mocha timeout is the hang detector) and not throw.
 */
import { expect } from 'chai';
import type { DetectorHit } from '../../../../core/guardrail/detector.js';
import detector from '../../../../plugins/data-loss-prevention/index.js';
import { ALL_ENTITIES } from '../../../../plugins/data-loss-prevention/entity-types.js';
import { streetAddressRecognizer } from '../../../../plugins/data-loss-prevention/recognizers/street-address.js';
import type { Span } from '../../../../plugins/data-loss-prevention/span.js';
import { COMMON_CASES, MB, expectWithinLimits, repeated, requestOf, settingsOf } from '../adversarial-inputs.js';

// Every entity type on: the opt-in names, addresses, places and dates are the costliest recognizers.
const inspect = (text: string): DetectorHit[] => detector.create(settingsOf(detector, { entities: [...ALL_ENTITIES] })).inspect(requestOf([text])) as DetectorHit[];

describe('data_loss_prevention: adversarial inputs', function () {
  this.timeout(60_000);

  for (const [what, make] of COMMON_CASES) {
    it(`reads ${what}`, () => expectWithinLimits(inspect(make())));
  }

  // Each value kind, many times over: every one is found and masked, in one hit per family.
  const MANY: ReadonlyArray<readonly [string, string, number]> = [
    ['e-mail addresses', 'a@b.co ', 400_000],
    ['IPv4 addresses', '1.2.3.4 ', 300_000],
    ['dates of birth after a cue', 'born on 12/03/1990 ', 100_000],
    ['phone numbers', '+1 415 555 0100 ', 100_000],
    ['payment cards', '4111 1111 1111 1111 ', 100_000],
    ['street addresses', '12 Elm St x ', 150_000],
    ['names after a cue', 'my name is John Smith. ', 80_000],
  ];
  for (const [what, unit, count] of MANY) {
    it(`masks each of ${count.toLocaleString('en')} ${what}`, () => {
      const hits = inspect(unit.repeat(count));
      expectWithinLimits(hits);
      const pii = hits.find((h) => h.type === 'pii');
      expect(pii?.redactions, what).to.have.length(count);
      expect(pii?.masked).to.equal(count);
    });
  }

  it('hands 150,000 street addresses to the detector without a spread into a call (which overflowed the stack)', () => {
    const out: Span[] = [];
    streetAddressRecognizer().find('12 Elm St x '.repeat(150_000), out);
    expect(out).to.have.length(150_000);
  });

  it('reads 200,000 address cues each followed by an address in linear time (each cue checked once against the spans before it)', () => {
    const hits = inspect('it is 12 Elm St\n'.repeat(200_000));
    expect(hits.find((h) => h.type === 'pii')?.redactions?.length).to.be.greaterThan(0);
  });

  const NEAR_MISSES: ReadonlyArray<readonly [string, () => string]> = [
    ['an endless Bearer value', () => `Bearer ${'a'.repeat(MB)}===`],
    ['an endless Basic value', () => `Basic ${'a'.repeat(MB)}===`],
    ['Bearer followed by a megabyte of spaces', () => `Bearer${' '.repeat(MB)}`],
    ['JWT-like runs without a signature', () => repeated('eyJaaaaaaaa.', 2 * MB)],
    ['a megabyte of colons and hex digits (IPv6 candidates)', () => repeated('a:', MB)],
    ['a megabyte of dotted digits (IPv4 candidates)', () => repeated('1.', MB)],
    ['digits with spaces (card and phone candidates)', () => repeated('1 ', 2 * MB)],
    ['IBAN-like runs', () => repeated('DE89', MB)],
    ['assignment keys without values', () => repeated('password=', MB)],
    ['database URL schemes without hosts', () => repeated('postgres://', MB)],
    ['private key headers without bodies', () => repeated('-----BEGIN PRIVATE KEY-----\n', 2 * MB)],
    ['address block lines that end on a refused character', () => repeated('12 Elm St\nAbc Def Ghi Jkl Mno Pqr#\n', MB)],
    ['capitalised word runs (name candidates)', () => repeated('Anna Bell ', MB)],
    ['place cues', () => repeated('in Paris, ', MB)],
    ['birth cues and dates', () => repeated('born on 12/03/1990 ', MB)],
    ['a megabyte of one letter after an address cue', () => `lives at ${'a'.repeat(MB)}`],
  ];
  for (const [what, make] of NEAR_MISSES) {
    it(`reads ${what}`, () => expectWithinLimits(inspect(make())));
  }
});

describe('data_loss_prevention: a tenant allow pattern', function () {
  this.timeout(60_000);

  it('runs in linear time on every value found, even one that backtracks exponentially (it once stalled the service)', () => {
    const evil = detector.create(settingsOf(detector, { entities: [...ALL_ENTITIES], allow_patterns: ['(.+)+x'] }));
    const address = `${'a'.repeat(60)}@example.com`;
    const hits = evil.inspect(requestOf([`write to ${address} today`])) as DetectorHit[];
    expect(hits.flatMap((h) => h.entities)).to.include('EMAIL_ADDRESS');
  });
});
