import { expect } from 'chai';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { SCHEMAS_DIR } from '../../../../core/paths/project-root.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import detector from '../../../../plugins/doc-analyzer/index.js';
import { DEFAULT_SETTINGS } from '../../../../plugins/doc-analyzer/settings.js';

const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'plugins/doc_analyzer.schema.json'), 'utf8'));

describe('doc_analyzer settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(detector.schemaId);

  it('applies the defaults, which match DEFAULT_SETTINGS', () => {
    const settings: Record<string, unknown> = {};
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal(DEFAULT_SETTINGS);
  });

  it('rejects unknown fields, limits out of range and unknown segment sources', () => {
    expect(validate({ max_size: 10 })).to.equal(false);
    expect(validate({ max_bytes: 10 })).to.equal(false);
    expect(validate({ max_bytes: 1e9 })).to.equal(false);
    expect(validate({ max_pages: 0 })).to.equal(false);
    expect(validate({ max_pages: 2.5 })).to.equal(false);
    expect(validate({ segment_sources: ['email'] })).to.equal(false);
    expect(validate({ segment_sources: ['document', 'document'] })).to.equal(false);
  });
});
