import { expect } from 'chai';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { SCHEMAS_DIR } from '../../../../core/paths/project-root.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import detector from '../../../../plugins/data-loss-prevention/index.js';
import { ALL_ENTITIES, DEFAULT_ENTITIES } from '../../../../plugins/data-loss-prevention/entity-types.js';

const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'plugins/data_loss_prevention.schema.json'), 'utf8'));

describe('data_loss_prevention settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(detector.schemaId);

  it('applies the defaults: the high-precision entity types, empty allow lists, entropy 3.3', () => {
    const settings: Record<string, unknown> = {};
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal({
      sensitivity: 'balanced',
      entities: [...DEFAULT_ENTITIES],
      allow_list: [],
      allow_patterns: [],
      entropy_threshold: 3.3,
      min_secret_length: 10,
      phone_regions: ['US', 'GB', 'DE', 'FR', 'IN', 'AU', 'CA'],
    });
  });

  it('lists exactly the entity types the detector knows', () => {
    expect(schema.properties.entities.items.enum).to.have.members([...ALL_ENTITIES]);
  });

  it('defaults to exactly the entity types entity-types.ts calls default, in its order', () => {
    expect(schema.properties.entities.default).to.deep.equal([...DEFAULT_ENTITIES]);
  });

  it('rejects unknown fields, unknown entity types, bad regexes and out-of-range numbers', () => {
    expect(validate({ entity: ['EMAIL_ADDRESS'] })).to.equal(false);
    expect(validate({ entities: ['EMAIL'] })).to.equal(false);
    expect(validate({ entities: [] })).to.equal(false);
    expect(validate({ entities: ['PERSON', 'PERSON'] })).to.equal(false);
    expect(validate({ allow_patterns: ['([a-z'] })).to.equal(false);
    expect(validate({ allow_list: [''] })).to.equal(false);
    expect(validate({ entropy_threshold: 9 })).to.equal(false);
    expect(validate({ entropy_threshold: '3' })).to.equal(false);
    expect(validate({ min_secret_length: 2 })).to.equal(false);
    expect(validate({ phone_regions: ['us'] })).to.equal(false);
  });
});
