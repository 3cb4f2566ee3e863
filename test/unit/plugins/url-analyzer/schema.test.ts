import { expect } from 'chai';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { SCHEMAS_DIR } from '../../../../core/paths/project-root.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import detector from '../../../../plugins/url-analyzer/index.js';
import { DEFAULT_SETTINGS } from '../../../../plugins/url-analyzer/settings.js';

const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'plugins/url_analyzer.schema.json'), 'utf8'));

describe('url_analyzer settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(detector.schemaId);

  it('applies the defaults, which match DEFAULT_SETTINGS (brand and shortener lists included)', () => {
    const settings: Record<string, unknown> = {};
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal(DEFAULT_SETTINGS);
  });

  it('rejects unknown fields, URLs where domains belong, and out-of-range numbers', () => {
    expect(validate({ deny: ['x.com'] })).to.equal(false);
    expect(validate({ deny_domains: ['https://evil.example/path'] })).to.equal(false);
    expect(validate({ deny_domains: ['user@evil.example'] })).to.equal(false);
    expect(validate({ allow_domains: [''] })).to.equal(false);
    expect(validate({ exfiltration_min_length: 4 })).to.equal(false);
    expect(validate({ max_urls: 0 })).to.equal(false);
    expect(validate({ shorteners: 'bit.ly' })).to.equal(false);
  });
});
