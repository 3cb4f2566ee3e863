/**
 * A gateway's OAuth authorization server and its Store (installable servers, access rules) kept
 * in the declarative file: apply creates them through the admin API, a second apply changes
 * nothing, a changed field is updated and only it, export round-trips with the client secret as
 * a reference, and a server the file created is installable. Files that are wrong (an inline
 * client secret, an instance naming an unknown registry, a bad access level) are refused by the
 * `portcullis apply` process with the file path of the field, exit 2 and nothing written.
 */
import { expect } from 'chai';
import { parse } from 'yaml';
import { ConfigApiClient, type ApiEndpoints } from '../../../core/config/declarative/api-client.js';
import { applyConfig } from '../../../core/config/declarative/apply-config.js';
import { parseConfigFile, stringifyConfigFile } from '../../../core/config/declarative/config-file.js';
import { exportConfig } from '../../../core/config/declarative/export-config.js';
import { readLiveState } from '../../../core/config/declarative/live-state.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { makeTempDir, removeTempDir } from '../../fixtures/files/temp-dir.js';
import { adminTokenFor, runCli, writeFile } from './declarative-cli.js';

const CLIENT_SECRET = 'idp-client-secret-4c1e';

/** The file: an MCP registry, the gateway's OAuth, two Store servers and the access rules. */
const storeFile = (groupsClaim = 'groups', githubDescription = 'Issues and pull requests') => `version: 1
gateways:
  - slug: sso
    tenant_id: t-sso
    entitlements: {tier: enterprise, caps: {}, max_instances: 3}
    registries:
      - slug: github-mcp
        type: MCP
        provider: mcp
        base_url: http://127.0.0.1:9/mcp
    oauth:
      issuer: https://idp.example/realms/sso
      client_id: portcullis
      client_secret: {env: SSO_IDP_SECRET}
      groups_claim: ${groupsClaim}
    store:
      servers:
        - code: github
          name: GitHub
          description: ${githubDescription}
          instances: [{name: github.com, registry: github-mcp}]
        - code: docs
          name: Docs
          base_url: https://docs.example/mcp
      access:
        rules:
          - {code: '*', group: eng, level: approval}
          - {code: github, group: eng, level: allowed}
`;

describe('config: declarative OAuth and Store sections', function () {
  let gateway: TestGateway;
  let endpoints: ApiEndpoints;
  let token: string;
  let dir: string;
  let lines: string[];

  const apply = async (text: string, options: { dryRun?: boolean } = {}) => {
    lines = [];
    return applyConfig(parseConfigFile(text, 'test.yaml'), endpoints, { ...options, env: { SSO_IDP_SECRET: CLIENT_SECRET }, out: (line) => lines.push(line) });
  };
  const exported = async () => stringifyConfigFile(exportConfig(await readLiveState(new ConfigApiClient(endpoints))));
  const admin = (method: string, path: string, body?: unknown) => new ConfigApiClient(endpoints).admin(method, path, body);
  const gatewayId = async () => (await new ConfigApiClient(endpoints).listAdmin('/v1/gateways')).find((g) => g.slug === 'sso')?.id;

  /** Runs `portcullis apply` on `text` and checks it is refused with `message`, exit 2, nothing written. */
  const refused = async (text: string, message: string) => {
    const before = await exported();
    const run = await runCli(['apply', '-f', writeFile(dir, 'refused.yaml', text)], gateway, token, { SSO_IDP_SECRET: CLIENT_SECRET });
    expect(run.code, run.stderr).to.equal(2);
    expect(run.stderr.trim().split('\n')).to.have.length(1);
    expect(run.stderr).to.contain(message);
    expect(run.stdout).to.equal('');
    expect(await exported()).to.equal(before);
  };

  before(async () => {
    gateway = await createTestGateway();
    dir = makeTempDir('portcullis-declarative-store-');
    token = await adminTokenFor(gateway);
    endpoints = { adminUrl: gateway.urls.admin!, guardrailUrl: gateway.urls.guardrail!, token };
  });
  after(async () => {
    await gateway?.close();
    if (dir) removeTempDir(dir);
  });

  it('a client secret written inline is refused with its path, exit 2, nothing written', async () => {
    await refused(storeFile().replace('{env: SSO_IDP_SECRET}', CLIENT_SECRET), '/gateways/0/oauth/client_secret must be a secret reference');
    expect(await gatewayId()).to.equal(undefined);
  });

  it('--dry-run prints the OAuth and Store creations and writes nothing', async () => {
    expect(await apply(storeFile(), { dryRun: true })).to.equal(6);
    expect(lines).to.deep.equal([
      '+ create gateway sso',
      '+ create registry sso/github-mcp',
      '+ create store server sso/github',
      '+ create store server sso/docs',
      '+ create oauth sso',
      '+ create store access sso',
    ]);
    expect(await gatewayId()).to.equal(undefined);
  });

  it('apply creates the OAuth configuration, the Store servers and access rules, visible through the admin API', async () => {
    expect(await apply(storeFile())).to.equal(6);
    expect(lines).to.include.members(['+ create oauth sso', '+ create store server sso/github', '+ create store server sso/docs', '+ create store access sso']);
    const id = await gatewayId();
    expect(await admin('GET', `/v1/gateways/${id}/oauth`)).to.deep.include({ issuer: 'https://idp.example/realms/sso', client_id: 'portcullis', groups_claim: 'groups' });
    const registryId = (await new ConfigApiClient(endpoints).listAdmin(`/v1/gateways/${id}/registries`))[0]!.id;
    const github = await admin('GET', `/v1/gateways/${id}/store/servers/github`);
    expect(github).to.deep.include({ name: 'GitHub', instances: [{ name: 'github.com', registry_id: registryId }] });
    expect(await admin('GET', `/v1/gateways/${id}/store/servers/docs`)).to.deep.include({ base_url: 'https://docs.example/mcp' });
    expect((await admin('GET', `/v1/gateways/${id}/store/access`)).rules).to.deep.equal([
      { code: '*', group: 'eng', level: 'approval' },
      { code: 'github', group: 'eng', level: 'allowed' },
    ]);
  });

  it('a Store server the file created installs for a user its access rules allow', async () => {
    const id = await gatewayId();
    const install = await admin('POST', `/v1/gateways/${id}/store/principal/installs`, { code: 'github', principal_sub: 'alice', groups: ['eng'] });
    expect(install).to.deep.include({ code: 'github', status: 'installed', already_installed: false });
  });

  it('applying the same file again changes nothing', async () => {
    expect(await apply(storeFile())).to.equal(0);
    expect(lines).to.deep.equal(['no changes']);
  });

  it('a changed field is updated and only it; the fields the file leaves out keep their stored values', async () => {
    const id = await gatewayId();
    expect(await apply(storeFile('realm_access.roles', 'Issues, pull requests and releases'))).to.equal(2);
    expect(lines).to.deep.equal(['~ update store server sso/github (description)', '~ update oauth sso (groups_claim)', 'applied 2 changes']);
    expect(await admin('GET', `/v1/gateways/${id}/oauth`)).to.deep.include({ issuer: 'https://idp.example/realms/sso', client_id: 'portcullis', groups_claim: 'realm_access.roles' });
    expect(await admin('GET', `/v1/gateways/${id}/store/servers/github`)).to.deep.include({ name: 'GitHub', description: 'Issues, pull requests and releases' });
    // The user's install survives an update that keeps the instance.
    expect((await new ConfigApiClient(endpoints).listAdmin(`/v1/gateways/${id}/store/installs`)).map((i) => i.principal_sub)).to.deep.equal(['alice']);

    // A file without groups_claim (whose API default is `groups`) keeps the stored claim.
    expect(await apply(storeFile('realm_access.roles', 'Issues, pull requests and releases').replace(/      groups_claim: .*\n/, ''))).to.equal(0);
    // A file that drops the sections leaves the OAuth configuration and the Store alone.
    const withoutSections = storeFile().replace(/    oauth:[\s\S]*$/, '');
    expect(await apply(withoutSections)).to.equal(0);
    expect(lines).to.deep.equal(['no changes']);
  });

  it('export writes both sections with the client secret as a reference, and round-trips', async () => {
    const text = await exported();
    expect(text).not.to.contain(CLIENT_SECRET);
    expect(text).not.to.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
    const sso = (parse(text) as { gateways: Array<Record<string, unknown>> }).gateways[0]!;
    expect(sso.oauth).to.deep.equal({ issuer: 'https://idp.example/realms/sso', client_id: 'portcullis', client_secret: { env: 'SSO_OAUTH_CLIENT_SECRET' }, groups_claim: 'realm_access.roles' });
    const store = sso.store as { servers: Array<Record<string, unknown>>; access: unknown };
    expect(store.servers.map((s) => s.code)).to.deep.equal(['docs', 'github']);
    expect(store.servers[1]!.instances).to.deep.equal([{ registry: 'github-mcp', name: 'github.com' }]);
    expect(store.access).to.deep.equal({ rules: [{ code: '*', group: 'eng', level: 'approval' }, { code: 'github', group: 'eng', level: 'allowed' }] });
    lines = [];
    expect(await applyConfig(parseConfigFile(text, 'export'), endpoints, { env: {}, out: (line) => lines.push(line) })).to.equal(0);
    expect(lines).to.deep.equal(['no changes']);
    expect(await exported()).to.equal(text);
  });

  it('a Store instance naming an unknown registry is refused with its path, exit 2, nothing written', async () => {
    await refused(storeFile().replace('registry: github-mcp}', 'registry: gitlab-mcp}'), '/gateways/0/store/servers/0/instances/0/registry: no registry named "gitlab-mcp"');
  });

  it('a Store server the API would refuse (an LLM registry as instance, neither base_url nor instances) is refused before anything is written', async () => {
    const before = await exported();
    const current = storeFile('realm_access.roles', 'Issues, pull requests and releases');
    const llm = current.replace('        base_url: http://127.0.0.1:9/mcp\n', '        base_url: http://127.0.0.1:9/mcp\n      - {slug: chat, type: LLM, provider: openai, base_url: http://127.0.0.1:9/v1}\n')
      .replace('registry: github-mcp}', 'registry: chat}');
    const refusal = async (text: string) => apply(text).then(() => 'applied', (err: Error) => err.message);
    expect(await refusal(llm)).to.equal('/gateways/0/store/servers/0/instances/0/registry: chat is not an MCP registry (a Store server installs MCP servers)');
    const nowhere = current.replace('          base_url: https://docs.example/mcp\n', '          base_url: https://docs.example/mcp\n        - {code: empty, name: Empty}\n');
    expect(await refusal(nowhere)).to.equal('/gateways/0/store/servers/2: a Store server needs base_url or instances (it is installed from one of them)');
    const signIn = current.replace('          name: GitHub\n', '          name: GitHub\n          requires_auth: true\n');
    expect(await refusal(signIn)).to.equal('/gateways/0/store/servers/0/instances/0/registry: github-mcp has no auth.oauth, so the users of a server with requires_auth cannot sign in');
    expect(await exported()).to.equal(before);
  });

  it('a changed issuer sends the client secret again, so its variable must be set; the secret alone is never compared', async () => {
    const moved = storeFile('realm_access.roles', 'Issues, pull requests and releases').replace('realms/sso', 'realms/sso-2');
    lines = [];
    const noSecret = await applyConfig(parseConfigFile(moved, 'test.yaml'), endpoints, { env: {}, out: (line) => lines.push(line) }).then(() => 'applied', (err: Error) => err.message);
    expect(noSecret).to.equal('/gateways/0/oauth/client_secret: environment variable SSO_IDP_SECRET is not set');
    expect(await apply(moved)).to.equal(1);
    expect(lines[0]).to.equal('~ update oauth sso (issuer)');
    expect(await apply(moved.replace('{env: SSO_IDP_SECRET}', '{env: SSO_IDP_SECRET_ROTATED}'))).to.equal(0);
  });

  it('--prune deletes the Store servers the file no longer lists, and leaves the OAuth and access rules it leaves out', async () => {
    const id = await gatewayId();
    const onlyGithub = storeFile('realm_access.roles', 'Issues, pull requests and releases').replace('realms/sso', 'realms/sso-2')
      .replace(/        - code: docs\n.*\n.*\n/, '').replace(/    oauth:\n(      .*\n)+/, '').replace(/      access:\n[\s\S]*$/, '');
    expect(await apply(onlyGithub)).to.equal(0);
    lines = [];
    expect(await applyConfig(parseConfigFile(onlyGithub, 'test.yaml'), endpoints, { prune: true, env: {}, out: (line) => lines.push(line) })).to.equal(1);
    expect(lines).to.deep.equal(['- delete store server sso/docs', 'applied 1 change']);
    expect((await new ConfigApiClient(endpoints).listAdmin(`/v1/gateways/${id}/store/servers`)).map((s) => s.code)).to.deep.equal(['github']);
    expect(await admin('GET', `/v1/gateways/${id}/oauth`)).to.deep.include({ issuer: 'https://idp.example/realms/sso-2' });
    expect((await admin('GET', `/v1/gateways/${id}/store/access`)).rules).to.have.length(2);
  });

  it('a bad access level is refused with its path, exit 2, nothing written', async () => {
    await refused(storeFile().replace('level: allowed', 'level: always'), '/gateways/0/store/access/rules/1/level must be equal to one of the allowed values');
  });

  it('the client secret of a registry\'s auth.oauth is a reference too: inline is refused; a requires_auth server on that registry applies and round-trips', async () => {
    const signIn = `version: 1
gateways:
  - slug: sso
    registries:
      - slug: crm-mcp
        type: MCP
        provider: mcp
        base_url: http://127.0.0.1:9/mcp
        auth: {oauth: {issuer: https://auth.crm.example, client_id: portcullis, client_secret: {env: CRM_SECRET}}}
    store:
      servers:
        - {code: crm, name: CRM, requires_auth: true, instances: [{name: main, registry: crm-mcp}]}
`;
    const before = await exported();
    const inline = await apply(signIn.replace('{env: CRM_SECRET}', 'crm-inline-secret')).then(() => 'applied', (err: Error) => err.message);
    expect(inline).to.equal('/gateways/0/registries/0/auth/oauth/client_secret must be a secret reference ({env: NAME} or {file: PATH}), never the secret itself');
    expect(await exported()).to.equal(before);

    lines = [];
    expect(await applyConfig(parseConfigFile(signIn, 'test.yaml'), endpoints, { env: { CRM_SECRET: 'crm-secret-9b2f' }, out: (line) => lines.push(line) })).to.equal(2);
    const text = await exported();
    expect(text).not.to.contain('crm-secret-9b2f');
    const registries = (parse(text) as { gateways: Array<{ registries: Array<Record<string, unknown>> }> }).gateways[0]!.registries;
    expect(registries.find((r) => r.slug === 'crm-mcp')!.auth).to.deep.equal({
      oauth: { issuer: 'https://auth.crm.example', client_id: 'portcullis', client_secret: { env: 'SSO_CRM_MCP_OAUTH_CLIENT_SECRET' } },
    });
    expect(await apply(text)).to.equal(0);
    expect(await exported()).to.equal(text);
  });
});
