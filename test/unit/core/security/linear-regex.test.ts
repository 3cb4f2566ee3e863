/**
 * Regular expressions that tenants write (keyword patterns, DLP allow patterns, gate `matches`)
 * run on the shared guardrail service against text that callers choose: they run in linear time,
 * so a pattern such as `(a+)+$` cannot stall the service for every tenant.
 */
import { expect } from 'chai';
import { compileLinearRegex, linearRegexRefusal } from '../../../../core/security/linear-regex.js';
import { validatorFor } from '../../../../core/schema/ajv.js';

describe('core/security linear-time regular expressions', () => {
  it('finishes a pattern that backtracks exponentially in a backtracking engine, on 100,000 characters', () => {
    const evil = compileLinearRegex('(a+)+$');
    expect(evil.test(`${'a'.repeat(100_000)}!`)).to.equal(false);
    expect(evil.test('aaa')).to.equal(true);
    expect(compileLinearRegex('^(\\w+\\s?)*$').test(`${'word '.repeat(20_000)}!`)).to.equal(false);
  });

  it('keeps the syntax tenants write: classes, Unicode properties, anchors, case folding', () => {
    expect(compileLinearRegex('project[- ]x\\b').test('the project-x plan')).to.equal(true);
    expect(compileLinearRegex('^\\p{Lu}\\p{L}+$').test('Zürich')).to.equal(true);
    expect(compileLinearRegex('secret', { ignoreCase: true }).test('A SECRET')).to.equal(true);
    expect(compileLinearRegex('secret').test('A SECRET')).to.equal(false);
  });

  it('refuses what a linear-time engine cannot run (look-around, back-references), saying why', () => {
    for (const source of ['(?<=a)b', 'a(?=b)', '(a)\\1', '(?!x)y']) expect(linearRegexRefusal(source), source).to.be.a('string');
    expect(linearRegexRefusal('\\d{3}-\\d{4}')).to.equal(undefined);
  });

  it('is the `linear-regex` format of the settings schemas: such a pattern is refused when written', () => {
    const topic = validatorFor('https://portcullis.dev/schemas/plugins/topic_keyword_moderation.schema.json');
    expect(topic({ patterns: [{ id: 'p', regex: '(a+)+$' }] })).to.equal(true);
    expect(topic({ patterns: [{ id: 'p', regex: '(?<=x)secret' }] })).to.equal(false);
    const dlp = validatorFor('https://portcullis.dev/schemas/plugins/data_loss_prevention.schema.json');
    expect(dlp({ allow_patterns: ['10\\.\\d+\\.\\d+\\.\\d+'] })).to.equal(true);
    expect(dlp({ allow_patterns: ['(\\d)\\1'] })).to.equal(false);
  });
});
