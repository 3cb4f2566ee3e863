import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../../../../core/paths/project-root.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import detector from '../../../../plugins/doc-analyzer/index.js';
import { DEFAULT_SETTINGS } from '../../../../plugins/doc-analyzer/settings.js';

const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'plugins/doc_analyzer.schema.json'), 'utf8'));

describe('doc_analyzer settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(detector.schemaId);

  it('has the detector $id and a PascalCase title', () => {
    expect(schema.$id).to.equal(detector.schemaId);
    expect(schema.title).to.match(/^[A-Z][A-Za-z]+$/);
  });

  it('accepts every example', () => {
    expect(schema.examples).to.have.length.greaterThan(0);
    for (const example of schema.examples) expect(validate(structuredClone(example)), JSON.stringify(validate.errors)).to.equal(true);
  });

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
