import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { settingsValidator } from 'portcullis/testing';

const schema = JSON.parse(readFileSync(new URL('../schema.json', import.meta.url), 'utf8')) as { $id: string; examples: object[] };
const validate = settingsValidator(schema);

describe('plugin-template: request_tagger schema', () => {
  it('accepts every example', () => {
    for (const example of schema.examples) expect(validate(structuredClone(example)), JSON.stringify(validate.errors)).to.equal(true);
  });

  it('applies defaults', () => {
    const settings: Record<string, unknown> = {};
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal({ upstream_headers: {}, response_headers: {} });
  });

  it('rejects unknown fields and invalid header names', () => {
    expect(validate({ headers: {} })).to.equal(false);
    expect(validate({ upstream_headers: { 'bad header': 'x' } })).to.equal(false);
    expect(validate({ require_client_header: 'no spaces allowed' })).to.equal(false);
  });
});
