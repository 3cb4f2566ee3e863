import { expect } from 'chai';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { SCHEMAS_DIR } from '../../../../core/paths/project-root.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import detector from '../../../../plugins/toxicity/index.js';
import { CATEGORIES } from '../../../../plugins/toxicity/categories.js';

const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'plugins/toxicity.schema.json'), 'utf8'));

describe('toxicity settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(detector.schemaId);

  it('applies the defaults: balanced sensitivity, every category, minimum severity low, no allow-words', () => {
    const settings: Record<string, unknown> = {};
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal({
      sensitivity: 'balanced',
      categories: [...CATEGORIES],
      min_severity: Object.fromEntries(CATEGORIES.map((c) => [c, 'low'])),
      allow_words: [],
    });
  });

  it('fills the severities left out of min_severity', () => {
    const settings: Record<string, unknown> = { min_severity: { hate: 'high' } };
    expect(validate(settings)).to.equal(true);
    expect((settings.min_severity as Record<string, string>).hate).to.equal('high');
    expect((settings.min_severity as Record<string, string>).profanity).to.equal('low');
  });

  it('rejects unknown fields, categories and severities', () => {
    expect(validate({ category: ['hate'] })).to.equal(false);
    expect(validate({ categories: ['spam'] })).to.equal(false);
    expect(validate({ categories: [] })).to.equal(false);
    expect(validate({ min_severity: { hate: 'extreme' } })).to.equal(false);
    expect(validate({ min_severity: { spam: 'low' } })).to.equal(false);
    expect(validate({ allow_words: [''] })).to.equal(false);
    expect(validate({ allow_words: 'hoe' })).to.equal(false);
  });
});
