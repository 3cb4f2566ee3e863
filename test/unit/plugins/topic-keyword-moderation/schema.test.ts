import { expect } from 'chai';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { SCHEMAS_DIR } from '../../../../core/paths/project-root.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import detector from '../../../../plugins/topic-keyword-moderation/index.js';
import { DEFAULT_SETTINGS } from '../../../../plugins/topic-keyword-moderation/settings.js';

const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'plugins/topic_keyword_moderation.schema.json'), 'utf8'));

describe('topic_keyword_moderation settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(detector.schemaId);

  it('accepts every example, including the API example rule settings', () => {
    expect(schema.examples).to.have.length.greaterThan(0);
    for (const example of schema.examples) expect(validate(structuredClone(example)), JSON.stringify(validate.errors)).to.equal(true);
    expect(validate({ keywords: ['project-x'], denied_topics: ['medical advice'] })).to.equal(true);
  });

  it('applies the defaults, which match DEFAULT_SETTINGS', () => {
    const settings: Record<string, unknown> = {};
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal(DEFAULT_SETTINGS);
  });

  it('rejects unknown fields, wrong types, invalid regexes and bad ranges', () => {
    expect(validate({ keyword: ['x'] })).to.equal(false);
    expect(validate({ keywords: 'project-x' })).to.equal(false);
    expect(validate({ keywords: [''] })).to.equal(false);
    expect(validate({ patterns: [{ id: 'p', regex: '([a-z' }] })).to.equal(false);
    expect(validate({ patterns: [{ id: 'has space', regex: 'x' }] })).to.equal(false);
    expect(validate({ denied_topics: [{ terms: ['x'] }] })).to.equal(false);
    expect(validate({ denied_topics: [{ name: 'x', extra: 1 }] })).to.equal(false);
    expect(validate({ context_turns: 0 })).to.equal(false);
    expect(validate({ case_sensitive: 'true' })).to.equal(false);
  });
});
