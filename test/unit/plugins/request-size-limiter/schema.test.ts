import { expect } from 'chai';
import { validatorFor } from '../../../../core/schema/ajv.js';
import plugin from '../../../../plugins/request-size-limiter/index.js';

describe('request_size_limiter settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(plugin.schemaId);

  it('needs at least one limit, and refuses out-of-range values rather than clamping them', () => {
    expect(validate({})).to.equal(false);
    expect(validate({ max_bytes: 0 })).to.equal(false);
    expect(validate({ max_bytes: 64 * 1024 * 1024 })).to.equal(false);
    expect(validate({ max_characters: 1.5 })).to.equal(false);
    expect(validate({ max_characters: '100' })).to.equal(false);
    expect(validate({ max_bytes: 100, max_tokens: 5 })).to.equal(false);
  });
});
