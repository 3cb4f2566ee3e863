/**
 * Every record kind a declarative file manages, applied in process through the public APIs:
 * vault credentials (secret from a file), registries using them, roles with model policies (an
 * update-only field) and tool sets, a global policy, consumer attachments added and removed,
 * guardrail records; the round trip export -> apply -> export is exact; `--prune` deletes what the
 * file no longer names, and only then.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import OpenAI from 'openai';
import { parse } from 'yaml';
import { ConfigApiClient, type ApiEndpoints } from '../../../core/config/declarative/api-client.js';
import { applyConfig } from '../../../core/config/declarative/apply-config.js';
import { parseConfigFile, stringifyConfigFile } from '../../../core/config/declarative/config-file.js';
import { exportConfig } from '../../../core/config/declarative/export-config.js';
import { readLiveState } from '../../../core/config/declarative/live-state.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { makeTempDir, removeTempDir } from '../../fixtures/files/temp-dir.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { adminTokenFor, printedKey } from './declarative-cli.js';

const VAULT_SECRET = 'sk-vault-secret-from-file-93ab';

describe('config: declarative records of every kind (in process)', function () {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let endpoints: ApiEndpoints;
  let dir: string;
  let lines: string[];

  const file = (consumerPolicies: string, extraPolicy = '') => `version: 1
gateways:
  - slug: kinds
    tenant_id: t-kinds
    entitlements: {tier: enterprise, caps: {}, max_instances: 3}
    vault_credentials:
      - name: openai key
        description: rotated monthly
        secret: {file: ${join(dir, 'openai.secret')}}
    registries:
      - slug: vaulted
        type: LLM
        provider: openai
        base_url: ${upstream.url}
        auth: {credential: openai key}
      - slug: tools
        type: MCP
        provider: mcp
        base_url: http://127.0.0.1:9/mcp
    policies:
      - slug: everywhere
        type: request_size_limiter
        global: true
        settings: {max_bytes: 1048576}
      - slug: limits
        type: rate_limiter
        settings: {limits: [{requests: 100, window: minute}]}
${extraPolicy}    auths:
      - {name: kinds key, type: api_key}
    roles:
      - name: analysts
        match: {claim: groups, any_of: [analysts]}
        registries: [vaulted, tools]
        model_policies: [{registry: vaulted, allow: [gpt-4o-mini]}]
        tool_sets: [{registry: tools, tools: [search]}]
    consumers:
      - slug: kinds-app
        registries: [{registry: vaulted}]
        tools: {allow: [tools__search]}
        auths: [kinds key]
        policies: ${consumerPolicies}
`;

  const apply = async (text: string, options: { prune?: boolean; dryRun?: boolean } = {}) => {
    lines = [];
    return applyConfig(parseConfigFile(text, 'test.yaml'), endpoints, { ...options, env: {}, out: (line) => lines.push(line) });
  };
  const exported = async () => stringifyConfigFile(exportConfig(await readLiveState(new ConfigApiClient(endpoints))));

  before(async () => {
    gateway = await createTestGateway();
    upstream = await startFakeOpenAI();
    dir = makeTempDir('portcullis-declarative-kinds-');
    writeFileSync(join(dir, 'openai.secret'), `${VAULT_SECRET}\n`);
    endpoints = { adminUrl: gateway.urls.admin!, guardrailUrl: gateway.urls.guardrail!, token: await adminTokenFor(gateway) };
  });
  after(async () => {
    await gateway?.close();
    await upstream?.close();
    if (dir) removeTempDir(dir);
  });

  it('creates every kind; the vault secret read from a file reaches the upstream', async () => {
    expect(await apply(file('[limits]'))).to.equal(9);
    const client = new OpenAI({ apiKey: printedKey(lines.join('\n')), baseURL: `${gateway.proxyUrl('kinds-app')}/v1`, maxRetries: 0 });
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] });
    expect(upstream.requests.at(-1)!.headers.authorization).to.equal(`Bearer ${VAULT_SECRET}`);
  });

  it('exports names, the update-only role model policies and the global flag; the export round-trips exactly', async () => {
    const text = await exported();
    expect(text).not.to.contain(VAULT_SECRET);
    const kinds = (parse(text) as { gateways: Array<Record<string, Array<Record<string, unknown>>>> }).gateways[0]!;
    expect(kinds.vault_credentials![0]!.secret).to.deep.equal({ env: 'KINDS_OPENAI_KEY_SECRET' });
    expect(kinds.registries!.find((r) => r.slug === 'vaulted')!.auth).to.deep.equal({ credential: 'openai key' });
    expect(kinds.roles![0]).to.deep.include({ registries: ['vaulted', 'tools'], model_policies: [{ registry: 'vaulted', allow: ['gpt-4o-mini'] }], tool_sets: [{ registry: 'tools', tools: ['search'] }] });
    expect(kinds.policies!.find((p) => p.slug === 'everywhere')!.global).to.equal(true);
    expect(await apply(text)).to.equal(0);
    expect(lines).to.deep.equal(['no changes']);
    expect(await exported()).to.equal(text);
  });

  it('an attachment the file drops is detached; a record it drops stays unless --prune', async () => {
    const before = await exported();
    const dropped = file('[]');
    expect(await apply(dropped, { dryRun: true })).to.equal(1);
    expect(lines).to.deep.equal(['~ update consumer kinds/kinds-app (policies)']);
    expect(await exported()).to.equal(before);

    await apply(dropped);
    const withoutLimits = file('[]').replace(/      - slug: limits\n.*\n.*\n/, '');
    expect(await apply(withoutLimits)).to.equal(0);
    expect(await apply(withoutLimits, { prune: true })).to.equal(1);
    expect(lines[0]).to.equal('- delete policy kinds/limits');
    const policies = (parse(await exported()) as { gateways: Array<{ policies: Array<{ slug: string }> }> }).gateways[0]!.policies.map((p) => p.slug);
    expect(policies).to.deep.equal(['everywhere']);
  });

  it('a name two stored records share is refused before anything is written', async () => {
    const gatewayId = (await new ConfigApiClient(endpoints).listAdmin('/v1/gateways')).find((g) => g.slug === 'kinds')!.id;
    const client = new ConfigApiClient(endpoints);
    await client.admin('POST', `/v1/gateways/${gatewayId}/auths`, { name: 'kinds key', type: 'api_key' });
    const before = await exported();
    let refused: Error | undefined;
    try {
      await apply(file('[]').replace('slug: kinds-app', 'slug: kinds-app\n        name: renamed'));
    } catch (err) {
      refused = err as Error;
    }
    expect(refused?.message).to.equal('/gateways/0/auths/0/name: the gateway holds several auth records named "kinds key"; rename or delete all but one through the admin API');
    expect(await exported()).to.equal(before);
    const auths = await client.listAdmin(`/v1/gateways/${gatewayId}/auths`);
    await client.admin('DELETE', `/v1/gateways/${gatewayId}/auths/${auths.at(-1)!.id}`);
  });

  it('a file without a guardrail section never calls the guardrail API', async () => {
    lines = [];
    const noGuardrail = { ...endpoints, guardrailUrl: 'http://127.0.0.1:9' };
    const text = file('[]').replace(/      - slug: limits\n.*\n.*\n/, '');
    expect(await applyConfig(parseConfigFile(text, 'test.yaml'), noGuardrail, { env: {}, out: (line) => lines.push(line) })).to.equal(0);
    expect(lines).to.deep.equal(['no changes']);
  });

  it('guardrail records of tenants the file does not mention are neither matched nor pruned', async () => {
    const client = new ConfigApiClient(endpoints);
    await client.guardrail('POST', '/v1/collectors', { name: 'other team bot', type: 'langchain', tenant_id: 't-other' });
    await client.guardrail('POST', '/v1/collectors', { name: 'stale kinds bot', type: 'langchain', tenant_id: 't-kinds' });
    const text = `${file('[]').replace(/      - slug: limits\n.*\n.*\n/, '')}guardrail:\n  collectors:\n    - {name: kinds bot, tenant_id: t-kinds, type: rest_api}\n`;
    expect(await apply(text, { prune: true })).to.equal(2);
    expect(lines).to.deep.equal(['+ create guardrail collector kinds bot', '- delete guardrail collector stale kinds bot', 'applied 2 changes']);
    const names = (await client.listGuardrail('/v1/collectors')).map((c) => c.name).sort();
    expect(names).to.deep.equal(['kinds bot', 'other team bot']);
    // Another tenant's record of the same name is not this file's: no "cannot change tenant_id".
    await client.guardrail('POST', '/v1/collectors', { name: 'shared name', type: 'langchain', tenant_id: 't-other' });
    const sameName = text.replace('kinds bot, tenant_id: t-kinds, type: rest_api}', 'kinds bot, tenant_id: t-kinds, type: rest_api}\n    - {name: shared name, tenant_id: t-kinds, type: langchain}');
    expect(await apply(sameName)).to.equal(1);
    expect(lines[0]).to.equal('+ create guardrail collector shared name');
  });

  it('a global flag the file turns off goes through the global endpoint', async () => {
    const local = file('[]').replace(/      - slug: limits\n.*\n.*\n/, '').replace('global: true', 'global: false');
    expect(await apply(local)).to.equal(1);
    expect(lines[0]).to.equal('~ update policy kinds/everywhere (global)');
    expect(await apply(local)).to.equal(0);
  });
});
