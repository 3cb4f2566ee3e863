import { expect } from 'chai';
import { validatorFor } from '../../../../core/schema/ajv.js';
import plugin from '../../../../plugins/cache/index.js';

describe('cache settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(plugin.schemaId);

  it('applies the defaults, semantic ones included', () => {
    const settings: Record<string, unknown> = { semantic: { registry: 'emb', model: 'text-embedding-3-small' } };
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal({
      ttl_seconds: 300,
      max_entries: 1000,
      max_bytes: 67108864,
      max_entry_bytes: 1048576,
      respect_cache_control: true,
      semantic: { registry: 'emb', model: 'text-embedding-3-small', threshold: 0.95, timeout_ms: 2000, max_candidates: 1000 },
    });
  });

  it('rejects bad bounds and incomplete semantic settings', () => {
    expect(validate({ ttl_seconds: 0 })).to.equal(false);
    expect(validate({ max_entries: 0 })).to.equal(false);
    expect(validate({ semantic: { registry: 'emb' } })).to.equal(false);
    expect(validate({ semantic: { registry: 'emb', model: 'm', threshold: 0 } })).to.equal(false);
    expect(validate({ semantic: { registry: 'emb', model: 'm', threshold: 1.5 } })).to.equal(false);
    expect(validate({ mode: 'semantic' })).to.equal(false);
  });
});
