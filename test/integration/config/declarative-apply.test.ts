/**
 * Declarative configuration end to end, with `portcullis apply` and `portcullis export` run as
 * real processes against a live gateway: a YAML file turns an empty gateway into one that proxies
 * a chat call (official openai SDK) to a fake upstream with the key read from the environment;
 * export gives back a file that applies with "no changes" and exports to the identical text,
 * without the secret; --dry-run prints the diff and writes nothing; a file that breaks an admin
 * API schema, or names a missing secret, is refused with exit 2 before anything is written.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { parse } from 'yaml';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { localSecret } from '../../../core/bootstrap/local-secrets.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { makeTempDir, removeTempDir } from '../../fixtures/files/temp-dir.js';
import { adminTokenFor, printedKey, runCli, writeFile } from './declarative-cli.js';

const UPSTREAM_KEY = 'sk-declarative-upstream-key-7f3a';

function acmeFile(upstreamUrl: string, extra = ''): string {
  return `version: 1
gateways:
  - slug: acme
    name: Acme
    tenant_id: t-acme
    entitlements: {tier: team, caps: {}, max_instances: 5}
    registries:
      - slug: fake-openai
        type: LLM
        provider: openai
        base_url: ${upstreamUrl}
        auth: {api_key: {env: ACME_OPENAI_KEY}}
        models: [gpt-4o-mini]
    policies:
      - slug: limits
        type: rate_limiter
        settings: {limits: [{requests: 1000, window: minute}]}
    auths:
      - name: app key
        type: api_key
    consumers:
      - slug: app
        name: App
        registries: [{registry: fake-openai, weight: 2}]
        model_policies: [{registry: fake-openai, allow: [gpt-4o-mini], default: gpt-4o-mini}]
        auths: [app key]
        policies: [limits]
${extra}guardrail:
  collectors:
    - name: support bot
      tenant_id: t-acme
      type: langchain
  policies:
    - name: acme default
      tenant_id: t-acme
      collectors: [support bot]
      rules: [{detector: topic_keyword_moderation, direction: input, action: block, settings: {keywords: [project-x]}}]
`;
}

describe('config: declarative apply and export (CLI processes)', function () {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let token: string;
  let dir: string;
  let firstExport: string;

  before(async () => {
    gateway = await createTestGateway();
    upstream = await startFakeOpenAI();
    token = await adminTokenFor(gateway);
    dir = makeTempDir('portcullis-declarative-');
  });
  after(async () => {
    await gateway?.close();
    await upstream?.close();
    if (dir) removeTempDir(dir);
  });

  const gatewaySlugs = async () => {
    const res = await fetch(`${gateway.urls.admin}/v1/gateways?size=100`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { items: Array<{ slug: string }> }).items.map((g) => g.slug);
  };

  it('a file that breaks an admin API schema is refused naming the bad field, exit 2, nothing written', async () => {
    const bad = acmeFile(upstream.url).replace('weight: 2', 'weight: -1');
    const run = await runCli(['apply', '-f', writeFile(dir, 'bad.yaml', bad)], gateway, token, { ACME_OPENAI_KEY: UPSTREAM_KEY });
    expect(run.code, run.stderr).to.equal(2);
    expect(run.stderr.trim().split('\n')).to.have.length(1);
    expect(run.stderr).to.contain('/gateways/0/consumers/0/registries/0/weight must be >= 0');
    expect(run.stdout).to.equal('');
    expect(await gatewaySlugs()).to.deep.equal([]);
  });

  it('a secret whose environment variable is unset stops the apply before its first write', async () => {
    const run = await runCli(['apply', '-f', writeFile(dir, 'acme.yaml', acmeFile(upstream.url))], gateway, token, { ACME_OPENAI_KEY: '' });
    expect(run.code, run.stderr).to.equal(2);
    expect(run.stderr).to.contain('/gateways/0/registries/0/auth/api_key: environment variable ACME_OPENAI_KEY is not set');
    expect(await gatewaySlugs()).to.deep.equal([]);
  });

  it('--dry-run on an empty gateway prints the diff and writes nothing', async () => {
    const run = await runCli(['apply', '--dry-run', '-f', writeFile(dir, 'acme.yaml', acmeFile(upstream.url))], gateway, token, { ACME_OPENAI_KEY: UPSTREAM_KEY });
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain('+ create gateway acme');
    expect(run.stdout).to.contain('+ create registry acme/fake-openai');
    expect(run.stdout).to.contain('+ create consumer acme/app');
    expect(run.stdout).to.contain('+ create guardrail policy acme default');
    expect(run.stdout).not.to.contain('applied');
    expect(await gatewaySlugs()).to.deep.equal([]);
  });

  it('applies the YAML file to an empty gateway; its consumer proxies a chat call with the key from the environment', async () => {
    const run = await runCli(['apply', '-f', writeFile(dir, 'acme.yaml', acmeFile(upstream.url))], gateway, token, { ACME_OPENAI_KEY: UPSTREAM_KEY });
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain('applied 7 changes');
    expect(run.stdout).not.to.contain(UPSTREAM_KEY);

    const client = new OpenAI({ apiKey: printedKey(run.stdout), baseURL: `${gateway.proxyUrl('app')}/v1`, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: 'auto', messages: [{ role: 'user', content: 'hello' }] });
    expect(completion.choices[0]!.message.content).to.equal('Hello from openai');
    expect(upstream.requests.at(-1)!.headers.authorization).to.equal(`Bearer ${UPSTREAM_KEY}`);
  });

  it('applying the same file again makes no change and says so', async () => {
    const run = await runCli(['apply', '-f', writeFile(dir, 'acme.yaml', acmeFile(upstream.url))], gateway, token, { ACME_OPENAI_KEY: UPSTREAM_KEY });
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout.trim()).to.equal('no changes');
  });

  it('export writes the file back by name, with secrets as references and never their value', async () => {
    const run = await runCli(['export'], gateway, token);
    expect(run.code, run.stderr).to.equal(0);
    firstExport = run.stdout;
    expect(firstExport).not.to.contain(UPSTREAM_KEY);
    expect(firstExport).not.to.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
    const exported = parse(firstExport) as { gateways: Array<Record<string, Array<Record<string, unknown>>>>; guardrail: Record<string, Array<Record<string, unknown>>> };
    const acme = exported.gateways[0]!;
    expect(acme.registries![0]!.auth).to.deep.equal({ api_key: { env: 'ACME_FAKE_OPENAI_API_KEY' } });
    expect(acme.consumers![0]).to.include({ slug: 'app' });
    expect(acme.consumers![0]!.registries).to.deep.equal([{ registry: 'fake-openai', weight: 2 }]);
    expect(acme.consumers![0]!.auths).to.deep.equal(['app key']);
    expect(acme.consumers![0]!.policies).to.deep.equal(['limits']);
    expect(exported.guardrail.policies![0]!.collectors).to.deep.equal(['support bot']);
  });

  it('the exported file applies with "no changes" (its secrets unset) and exports to the identical text', async () => {
    const applied = await runCli(['apply', '-f', writeFile(dir, 'exported.yaml', firstExport)], gateway, token);
    expect(applied.code, applied.stderr).to.equal(0);
    expect(applied.stdout.trim()).to.equal('no changes');
    const again = await runCli(['export'], gateway, token);
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.equal(firstExport);
  });

  it('--dry-run of a changed file prints each change and writes nothing', async () => {
    const extra = `      - slug: batch
        registries: [{registry: fake-openai}]
`;
    const changed = acmeFile(upstream.url, extra).replace('weight: 2', 'weight: 3');
    const run = await runCli(['apply', '--dry-run', '-f', writeFile(dir, 'changed.yaml', changed)], gateway, token);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout.trim().split('\n')).to.deep.equal(['~ update consumer acme/app (registries)', '+ create consumer acme/batch']);
    expect((await runCli(['export'], gateway, token)).stdout).to.equal(firstExport);
  });

  it('apply and export answer --help with exit 0, and a missing or unknown flag with one line and exit 2', async () => {
    const help = await runCli(['apply', '--help'], gateway, token);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.contain('--dry-run').and.to.contain('--prune').and.to.contain('--admin-token');
    expect((await runCli(['export', '--help'], gateway, token)).stdout).to.contain('--gateway <slug>');
    const missing = await runCli(['apply'], gateway, token);
    expect(missing.code).to.equal(2);
    expect(missing.stderr.trim().split('\n')[0]).to.contain("required option '-f, --file <file>'");
    const unknown = await runCli(['export', '--gatway', 'acme'], gateway, token);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.contain("unknown option '--gatway'");
  });

  it('a call the API refuses stops the apply with one line naming the call and the API error, exit 1', async () => {
    // A tenant admin may not create gateways for a tenant; the file is valid, the API says no.
    const tenantToken = await mintAdminToken(localSecret(gateway.dataDir, 'admin-jwt.secret', undefined), { sub: 'tenant-op', tenantId: 't-other', roles: ['tenant_admin'], ttlSeconds: 600 });
    const other = 'version: 1\ngateways:\n  - slug: other\n    tenant_id: t-other\n    entitlements: {tier: free, caps: {}, max_instances: 1}\n';
    const run = await runCli(['apply', '-f', writeFile(dir, 'other.yaml', other)], gateway, tenantToken);
    expect(run.code, run.stderr).to.equal(1);
    expect(run.stdout).to.contain('+ create gateway other');
    expect(run.stderr.trim().split('\n')).to.have.length(1);
    expect(run.stderr).to.match(/^portcullis: POST \/v1\/gateways answered 4\d\d \w+: /);
    expect(run.stderr).not.to.contain(tenantToken);
    expect(await gatewaySlugs()).not.to.include('other');
  });

  it('export --gateway of an unknown slug, and apply without a token, are operator mistakes (exit 2)', async () => {
    const unknown = await runCli(['export', '--gateway', 'nope'], gateway, token);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.contain('no gateway with slug nope');
    const tokenless = await runCli(['apply', '-f', writeFile(dir, 'acme.yaml', acmeFile(upstream.url))], gateway, token, { PORTCULLIS_ADMIN_TOKEN: '' });
    expect(tokenless.code).to.equal(2);
    expect(tokenless.stderr).to.contain('an admin token is needed');
  });
});
