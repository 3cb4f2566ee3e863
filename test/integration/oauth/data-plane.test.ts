/**
 * OAuth across planes, as real processes: the authorization server runs on the control plane's
 * process (it holds the store), and a data plane fed by it verifies the gateway's access tokens
 * from its config snapshot alone (the gateway's public key and revocations travel in the config),
 * serves the resource metadata, and answers the authorization server's own paths with 404; once
 * the gateway's OAuth is turned off, it refuses those tokens and serves no metadata. A
 * client identified by a client ID metadata document (an https URL, here a loopback server whose
 * certificate the control plane's process trusts) logs in without registering.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { ensureConfigCollections } from '../../../core/records/collections.js';
import { generateMasterKey, SecretBox } from '../../../core/security/secret-box.js';
import { openStore } from '../../../core/store/open-store.js';
import { Seeder } from '../../../core/testing/seed.js';
import { TempDirs } from '../../fixtures/files/temp-dir.js';
import { eventually, startPortcullisProcess, type PortcullisProcess } from '../../fixtures/processes/portcullis-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { decodeJwt } from 'jose';
import { asMetadata, authorize, Browser, obtainTokens, registerClient, startIdp, type TestIdp } from './helpers/oauth-harness.js';

const TLS_CERT = fileURLToPath(new URL('../../fixtures/oauth/loopback-tls.crt', import.meta.url));
const TLS_KEY = fileURLToPath(new URL('../../fixtures/oauth/loopback-tls.key', import.meta.url));
const MASTER_KEY = generateMasterKey();
const CLUSTER_TOKEN = 'oauth-cluster-token-for-tests-0123456789';
const JWT_SECRET = 'oauth-admin-jwt-secret-for-tests-0123456789';

describe('oauth: a data plane verifies the gateway\'s tokens (real processes)', function () {
  this.timeout(120_000);
  const dirs = new TempDirs('portcullis-oauth-dp-');
  let idp: TestIdp;
  let upstream: FakeOpenAI;
  let cp: PortcullisProcess;
  let dp: PortcullisProcess;
  let gatewayId: string;
  let gatewaySlug: string;
  let adminToken: string;
  /** The key of an inline consumer of the gateway, which OAuth never covers. */
  let keyedKey: string;
  let cimd: Server;
  let cimdUrl: string;
  const cimdRedirect = 'http://127.0.0.1:9/cimd-callback';

  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${cp.urls.admin}${path}`, { method, headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, any> };
  };
  const chat = async (proxyUrl: string, token: string, consumerSlug = 'agents') => {
    const res = await fetch(`${proxyUrl}/${consumerSlug}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'auto', messages: [{ role: 'user', content: 'hi' }] }),
    });
    await res.arrayBuffer();
    return res.status;
  };

  before(async () => {
    idp = await startIdp();
    upstream = await startFakeOpenAI();
    // The client's metadata document, served over https on loopback.
    cimd = createServer({ cert: readFileSync(TLS_CERT), key: readFileSync(TLS_KEY) }, (req, res) => {
      if (req.url !== '/agent/client.json') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      res.end(JSON.stringify({ client_id: cimdUrl, client_name: 'Metadata document agent', redirect_uris: [cimdRedirect], token_endpoint_auth_method: 'none', grant_types: ['authorization_code'], response_types: ['code'] }));
    });
    await new Promise<void>((resolve) => cimd.listen(0, '127.0.0.1', resolve));
    cimdUrl = `https://127.0.0.1:${(cimd.address() as AddressInfo).port}/agent/client.json`;
    const cpDir = dirs.make('cp');
    const store = await openStore({ dataDir: join(cpDir, 'store') });
    await ensureConfigCollections(store);
    const seed = new Seeder(store, new SecretBox(MASTER_KEY));
    const gw = await seed.gateway({ slug: 'oauthdp', tenant_id: 'tenant-1' });
    gatewayId = gw.id;
    gatewaySlug = gw.slug;
    const registry = await seed.registry(gatewayId, { provider: 'openai', slug: 'openai-main', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const agents = await seed.consumer(gatewayId, { slug: 'agents', routing_mode: 'role_based' });
    keyedKey = (await seed.consumer(gatewayId, { slug: 'keyed', registries: [{ registry_id: registry._id, weight: 1 }] })).key;
    await seed.role(gatewayId, { name: 'analysts', match: { claim: 'groups', any_of: ['analysts'] }, registries: [registry._id] }, [agents.consumer._id]);
    await store.close();
    const env = { PORTCULLIS_MASTER_KEY: MASTER_KEY, PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN, PORTCULLIS_ADMIN_JWT_SECRET: JWT_SECRET, PORTCULLIS_SYNC_HEARTBEAT_MS: '300' };
    cp = await startPortcullisProcess(['--planes', 'admin,proxy', '--admin-port', '0', '--proxy-port', '0', '--data-dir', cpDir], ['admin', 'proxy'], { ...env, NODE_EXTRA_CA_CERTS: TLS_CERT });
    adminToken = await mintAdminToken(JWT_SECRET, { sub: 'ops', roles: ['platform_admin'] });
    expect((await admin('PUT', `/v1/gateways/${gatewayId}/oauth`, { issuer: idp.issuer, client_id: 'portcullis', client_secret: 'idp-secret' })).status).to.equal(200);
    dp = await startPortcullisProcess(['--planes', 'proxy', '--proxy-port', '0', '--data-dir', dirs.make('dp'), '--control-plane-url', cp.urls.admin], ['proxy'], env);
  });
  after(async () => {
    await Promise.all([cp?.stop('SIGKILL'), dp?.stop('SIGKILL')]);
    await Promise.all([idp?.close(), upstream?.close()]);
    cimd?.close();
    dirs.removeAll();
  });

  /** A registered client's token from the control plane's authorization server, once the data plane accepts it. */
  async function tokenTheDataPlaneAccepts() {
    idp.user = { sub: 'ana', groups: ['analysts'] };
    const metadata = await asMetadata(cp.urls.proxy!, gatewaySlug);
    const client = await registerClient(metadata, { application_type: 'web' });
    const { access_token: token } = await obtainTokens(new Browser(), metadata, client, `${cp.urls.proxy}/agents`, 'proxy');
    await eventually(async () => (await chat(dp.urls.proxy!, token)) === 200, 'the data plane accepting the token', 30_000);
    return { client, token };
  }

  it('a token from the control plane\'s authorization server works on the data plane until its client is revoked', async () => {
    const { client, token } = await tokenTheDataPlaneAccepts();
    // The data plane serves the resource metadata, not the authorization server.
    const prm = await fetch(`${dp.urls.proxy}/.well-known/oauth-protected-resource/agents`);
    expect(prm.status).to.equal(200);
    expect(((await prm.json()) as { authorization_servers: string[] }).authorization_servers[0]).to.match(new RegExp(`/${gatewaySlug}/oauth$`));
    expect((await fetch(`${dp.urls.proxy}/${gatewaySlug}/oauth/reg`, { method: 'POST' })).status).to.equal(404);
    expect((await admin('DELETE', `/v1/gateways/${gatewayId}/oauth/clients/${client.client_id}`)).status).to.equal(204);
    await eventually(async () => (await chat(dp.urls.proxy!, token)) === 401, 'the data plane refusing the revoked client\'s token', 30_000);
    expect(cp.output()).to.not.contain('oidc-provider WARNING');
  });

  it('a client identified by its metadata document (an https client_id) logs in without registering', async () => {
    idp.user = { sub: 'ana', groups: ['analysts'] };
    const metadata = await asMetadata(cp.urls.proxy!, gatewaySlug);
    expect(metadata.client_id_metadata_document_supported).to.equal(true);
    const { access_token: token } = await obtainTokens(new Browser(), metadata, { client_id: cimdUrl, redirect_uri: cimdRedirect }, `${cp.urls.proxy}/agents`, 'proxy');
    expect(decodeJwt(token).client_id).to.equal(cimdUrl);
    await eventually(async () => (await chat(dp.urls.proxy!, token)) === 200, 'the data plane accepting the token', 30_000);
    // A redirect URI the document does not list is refused.
    const refused = await authorize(new Browser(), metadata, { client_id: cimdUrl, redirect_uri: 'http://127.0.0.1:9/elsewhere' }, { resource: `${cp.urls.proxy}/agents`, scope: 'proxy' });
    expect(refused.callback).to.equal(undefined);
    expect(refused.response.status).to.equal(400);
  });

  it('turning the gateway\'s OAuth off reaches the data plane with the config: its tokens are refused, its resource metadata is gone, keys keep working', async () => {
    const { token } = await tokenTheDataPlaneAccepts();
    expect(await chat(dp.urls.proxy!, keyedKey, 'keyed')).to.equal(200);
    expect((await admin('DELETE', `/v1/gateways/${gatewayId}/oauth`)).status).to.equal(204);
    await eventually(async () => (await chat(dp.urls.proxy!, token)) === 401, 'the data plane refusing the token of before', 30_000);
    expect((await fetch(`${dp.urls.proxy}/.well-known/oauth-protected-resource/agents`)).status).to.equal(404);
    expect(await chat(dp.urls.proxy!, keyedKey, 'keyed')).to.equal(200);
  });
});
