import { expect } from 'chai';
import { validatorFor } from '../../../../core/schema/ajv.js';
import detector from '../../../../plugins/indirect-prompt-injection/index.js';

describe('indirect_prompt_injection settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(detector.schemaId);

  it('applies the defaults', () => {
    const settings: Record<string, unknown> = {};
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal({
      sensitivity: 'balanced', scan_documents: 'from_tool', min_confidence: 0.1, decode_encodings: true, hidden_text_confidence: 0.9, allow_phrases: [], max_chars: 50000,
    });
  });

  it('rejects unknown fields and bad values', () => {
    expect(validate({ sources: ['prompt'] })).to.equal(false);
    expect(validate({ scan_documents: 'some' })).to.equal(false);
    expect(validate({ sensitivity: 'max' })).to.equal(false);
    expect(validate({ min_confidence: -0.1 })).to.equal(false);
    expect(validate({ hidden_text_confidence: 2 })).to.equal(false);
    expect(validate({ max_chars: 100 })).to.equal(false);
    expect(validate({ allow_phrases: 'reply' })).to.equal(false);
  });
});
