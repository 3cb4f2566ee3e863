/**
 * The declarative file's outline and secrets: YAML and JSON both parse; unknown keys, a wrong
 * version, a section that is not a list and a secret written inline are refused as operator
 * mistakes naming their path; secret references resolve from the environment or a file, and the
 * placeholder export writes is named after its record.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { CliUsageError } from '../../../../core/cli/commands.js';
import { parseConfigFile, stringifyConfigFile } from '../../../../core/config/declarative/config-file.js';
import { covers } from '../../../../core/config/declarative/plan.js';
import { expectSecretReference, placeholderReference, resolveSecret } from '../../../../core/config/declarative/secret-reference.js';
import { makeTempDir, removeTempDir } from '../../../fixtures/files/temp-dir.js';

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(CliUsageError);
    return (err as Error).message;
  }
  throw new Error('not refused');
};

describe('config: declarative file format', () => {
  it('reads YAML and JSON alike', () => {
    const yaml = parseConfigFile('version: 1\ngateways:\n  - slug: acme\n', 'a.yaml');
    const json = parseConfigFile('{"version": 1, "gateways": [{"slug": "acme"}]}', 'a.json');
    expect(yaml).to.deep.equal(json);
  });

  it('reads a gateway\'s oauth and store mappings, and refuses a store key it does not know or a mapping that is a list', () => {
    const config = parseConfigFile('version: 1\ngateways:\n  - slug: a\n    oauth: {issuer: https://idp.example}\n    store: {servers: [{code: gh}], access: {rules: []}}\n', 'f');
    expect(config.gateways![0]!.store).to.deep.equal({ servers: [{ code: 'gh' }], access: { rules: [] } });
    expect(refusal(() => parseConfigFile('version: 1\ngateways:\n  - slug: a\n    store: {installs: []}\n', 'f'))).to.equal('/gateways/0/store/installs is not allowed (known: servers, access)');
    expect(refusal(() => parseConfigFile('version: 1\ngateways:\n  - slug: a\n    store: {servers: {code: gh}}\n', 'f'))).to.equal('/gateways/0/store/servers must be a list');
    expect(refusal(() => parseConfigFile('version: 1\ngateways:\n  - slug: a\n    oauth: []\n', 'f'))).to.equal('/gateways/0/oauth must be a mapping');
    expect(refusal(() => parseConfigFile('version: 1\ngateways:\n  - slug: a\n    store: {access: [{code: gh}]}\n', 'f'))).to.equal('/gateways/0/store/access must be a mapping');
  });

  it('refuses unknown keys, a wrong version, a section that is not a list, and text that is not YAML', () => {
    expect(refusal(() => parseConfigFile('version: 1\ngateway: []\n', 'f'))).to.contain('/gateway is not allowed');
    expect(refusal(() => parseConfigFile('version: 2\n', 'f'))).to.equal('/version must be 1');
    expect(refusal(() => parseConfigFile('version: 1\ngateways:\n  - slug: a\n    consumer: []\n', 'f'))).to.equal('/gateways/0/consumer is not allowed');
    expect(refusal(() => parseConfigFile('version: 1\ngateways:\n  - slug: a\n    consumers: {}\n', 'f'))).to.equal('/gateways/0/consumers must be a list');
    expect(refusal(() => parseConfigFile('version: 1\nguardrail:\n  keys: []\n', 'f'))).to.equal('/guardrail/keys is not allowed');
    expect(refusal(() => parseConfigFile('version: 1\nversion: 1\n', 'f'))).to.contain('is not valid YAML or JSON');
  });

  it('writes a commented YAML header that says secrets are references', () => {
    const text = stringifyConfigFile({ version: 1 });
    expect(text).to.match(/^# Portcullis declarative configuration/);
    expect(text).to.contain('never writes a secret value');
    expect(parseConfigFile(text, 'f')).to.deep.equal({ version: 1 });
  });
});

describe('config: declarative secret references', () => {
  let dir: string;
  before(() => (dir = makeTempDir('portcullis-secret-ref-')));
  after(() => removeTempDir(dir));

  it('refuses a secret written inline, naming its path and never echoing it', () => {
    const message = refusal(() => expectSecretReference('sk-inline-value', '/gateways/0/vault_credentials/0/secret'));
    expect(message).to.contain('/gateways/0/vault_credentials/0/secret must be a secret reference');
    expect(message).not.to.contain('sk-inline-value');
  });

  it('reads an environment variable or a file without its trailing newline', () => {
    expect(resolveSecret({ env: 'K' }, '/p', { K: 'from-env' })).to.equal('from-env');
    writeFileSync(join(dir, 'k'), 'from-file\n');
    expect(resolveSecret({ file: join(dir, 'k') }, '/p', {})).to.equal('from-file');
    expect(refusal(() => resolveSecret({ env: 'MISSING' }, '/p', {}))).to.equal('/p: environment variable MISSING is not set');
    expect(refusal(() => resolveSecret({ file: join(dir, 'none') }, '/p', {}))).to.contain('cannot read secret file');
  });

  it('names the export placeholder after its record', () => {
    expect(placeholderReference('acme', 'openai-main', 'api_key')).to.deep.equal({ env: 'ACME_OPENAI_MAIN_API_KEY' });
    expect(placeholderReference('acme', 'openai key', 'secret')).to.deep.equal({ env: 'ACME_OPENAI_KEY_SECRET' });
  });
});

describe('config: declarative comparison', () => {
  it('compares only what the file says: fields it leaves out keep their stored value', () => {
    expect(covers({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 2 } })).to.equal(true);
    expect(covers({ a: 1 }, { a: 2 })).to.equal(false);
    expect(covers([{ registry: 'r', weight: 1 }], [{ registry: 'r' }])).to.equal(true);
    expect(covers([{ registry: 'r' }, { registry: 's' }], [{ registry: 'r' }])).to.equal(false);
  });

  it('a deeply nested value is compared without exhausting the call stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = { n: deep };
    expect(covers(deep, deep)).to.equal(true);
  });

  it('a secret reference matches any stored secret (the API never shows one)', () => {
    expect(covers({ api_key: { env: 'EXPORTED_NAME' } }, { api_key: { env: 'OTHER' } })).to.equal(true);
    expect(covers({}, { api_key: { file: '/run/secrets/k' } })).to.equal(false);
  });
});
