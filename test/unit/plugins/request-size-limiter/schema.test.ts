import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { SCHEMAS_DIR } from '../../../../core/paths/project-root.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import plugin from '../../../../plugins/request-size-limiter/index.js';

const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'plugins/request_size_limiter.schema.json'), 'utf8')) as { $id: string; title: string; examples: object[] };

describe('request_size_limiter settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(plugin.schemaId);

  it('is the plugin\'s schema, with a PascalCase title', () => {
    expect(schema.$id).to.equal(plugin.schemaId);
    expect(schema.title).to.equal('RequestSizeLimiterSettings');
  });

  it('accepts every example', () => {
    for (const example of schema.examples) expect(validate(structuredClone(example)), JSON.stringify(validate.errors)).to.equal(true);
  });

  it('needs at least one limit, and refuses out-of-range values rather than clamping them', () => {
    expect(validate({})).to.equal(false);
    expect(validate({ max_bytes: 0 })).to.equal(false);
    expect(validate({ max_bytes: 64 * 1024 * 1024 })).to.equal(false);
    expect(validate({ max_characters: 1.5 })).to.equal(false);
    expect(validate({ max_characters: '100' })).to.equal(false);
    expect(validate({ max_bytes: 100, max_tokens: 5 })).to.equal(false);
  });
});
