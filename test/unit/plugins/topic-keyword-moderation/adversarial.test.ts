/**
 * topic_keyword_moderation on adversarial input, with keywords (one-letter, phrases, every
 * allowed wildcard form), denied and allowed topics: a million keyword matches, huge words,
 * endless separator runs, words that keep a wildcard searching, deep brackets. Each case must
 * finish (the mocha timeout is the hang detector), not throw, and report within the service's
 * limits; a wildcard form that would take time growing with a power of a word's length is
 * refused when written.
 */
import { expect } from 'chai';
import type { DetectorHit } from '../../../../core/guardrail/detector.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import detector from '../../../../plugins/topic-keyword-moderation/index.js';
import { phraseSource } from '../../../../plugins/topic-keyword-moderation/phrase-pattern.js';
import { COMMON_CASES, MB, expectWithinLimits, repeated, requestOf, settingsOf } from '../adversarial-inputs.js';

const settings = settingsOf(detector, {
  keywords: ['a', 'project x', 'law*maker*', '*ab*', 'tumou*r', 'a**b', 'c++'],
  patterns: [{ id: 'ticket', regex: '\\bSEC-\\d{4,}\\b' }],
  denied_topics: ['politics', 'weapons', { name: 'internal', terms: ['*ab*', 'codename*'] }],
  allowed_topics: ['billing'],
});
const inspect = (text: string): DetectorHit[] => detector.create(settings).inspect(requestOf([text])) as DetectorHit[];

describe('topic_keyword_moderation: adversarial inputs', function () {
  this.timeout(60_000);

  for (const [what, make] of COMMON_CASES) {
    it(`reads ${what}`, () => expectWithinLimits(inspect(make())));
  }

  const CASES: ReadonlyArray<readonly [string, () => string]> = [
    ['a million matches of a one-letter keyword', () => repeated('a ', 2 * MB)],
    ['half a million phrase matches across separators', () => repeated('project-x ', 2 * MB)],
    ['a 1 MB word a leading and a trailing wildcard search through', () => repeated('ab', MB)],
    ['a 1 MB word an inner wildcard searches through', () => `law${repeated('makex', MB)}`],
    ['a 1 MB word between a collapsed double wildcard', () => `${'a'.repeat(MB)}c`],
    ['a phrase start followed by a megabyte of separators', () => `project${'-'.repeat(MB)}y`],
    ['denied topic terms a million times', () => repeated('election vote senate ', 2 * MB)],
    ['pattern near misses', () => repeated('SEC-123 ', 2 * MB)],
    ['symbol keyword near misses', () => repeated('c+', MB)],
  ];
  for (const [what, make] of CASES) {
    it(`reads ${what}`, () => expectWithinLimits(inspect(make())));
  }

  it('a million keyword matches still name the keyword', () => {
    expect(inspect(repeated('a ', 2 * MB)).find((h) => h.type === 'keyword')?.entities).to.deep.equal(['a']);
  });

  it('runs a tenant pattern that backtracks exponentially in linear time (it once stalled the service)', () => {
    const evil = detector.create(settingsOf(detector, { patterns: [{ id: 'evil', regex: '(a+)+$' }] }));
    expect(evil.inspect(requestOf([`${'a'.repeat(200_000)}!`]))).to.deep.equal([]);
    expect((evil.inspect(requestOf(['aaaa'])) as DetectorHit[])[0]?.entities).to.deep.equal(['pattern:evil']);
  });

  it('refuses, when written, a word with two wildcards before letters (a long word would take a power of its length)', () => {
    const validate = validatorFor(detector.schemaId);
    for (const keyword of ['b*a*z', '*ab*c', 'x*y**z*']) {
      expect(validate({ keywords: [keyword] }), keyword).to.equal(false);
      expect(validate({ denied_topics: [{ name: 't', terms: [keyword] }] }), keyword).to.equal(false);
    }
    for (const keyword of ['diagnos*', '*cillin', 'law*maker*', '*ab*', 'a**b', 'tumou*r']) expect(validate({ keywords: [keyword] }), keyword).to.equal(true);
  });

  it('a stored keyword of that form fails to compile (a detector error under the policy\'s fail mode) instead of hanging on a long word', () => {
    expect(() => phraseSource('b*a*b*a*z')).to.throw(/only one \*/);
    expect(() => detector.create({ ...settings, keywords: ['b*a*b*a*z'] })).to.throw(/only one \*/);
  });
});
