import { expect } from 'chai';
import { validatorFor } from '../../../../core/schema/ajv.js';
import detector from '../../../../plugins/prompt-guard/index.js';

describe('prompt_guard settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(detector.schemaId);

  it('applies the defaults', () => {
    const settings: Record<string, unknown> = {};
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal({
      sensitivity: 'balanced', sources: ['prompt'], skip_roles: ['system', 'developer'], min_confidence: 0.1, decode_encodings: true,
      hidden_text_confidence: 0.9, allow_phrases: [], max_chars: 12000,
    });
  });

  it('rejects unknown fields, unknown sources and out-of-range numbers', () => {
    expect(validate({ threshold: 0.5 })).to.equal(false);
    expect(validate({ sensitivity: 'medium' })).to.equal(false);
    expect(validate({ sources: ['email'] })).to.equal(false);
    expect(validate({ sources: [] })).to.equal(false);
    expect(validate({ min_confidence: 1.5 })).to.equal(false);
    expect(validate({ max_chars: 10 })).to.equal(false);
    expect(validate({ allow_phrases: [''] })).to.equal(false);
    expect(validate({ decode_encodings: 'yes' })).to.equal(false);
  });
});
