/**
 * The egress policy on the admin plane, with the default policy (no allow list): a registry
 * `base_url` (create, update, inline test candidate) or an OIDC auth's `issuer` / `jwks_uri`
 * that is not http(s) or names an internal address literally is refused with 422; a stored
 * registry that points inside is refused at connect time by the registry test (stage
 * `connect`), so the test cannot probe internal ports; a host name that resolves inside (DNS
 * rebinding, through the injected resolver) is refused the same way.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';
import { resolvingToLoopback } from '../../fixtures/network/fake-lookup.js';

const ok = AdminClient.expectStatus;

/** Every literal spelling of an internal address the URL parser accepts, and two wrong schemes. */
export const FORBIDDEN_BASE_URLS = [
  'http://127.0.0.1:8001/v1',
  'http://localhost:8001/v1',
  'http://api.localhost/v1',
  'http://[::1]:8001/v1',
  'http://0.0.0.0:8001/v1',
  'http://2130706433/v1',
  'http://0x7f.1/v1',
  'http://017700000001/v1',
  'http://169.254.169.254/latest/meta-data',
  'http://[::ffff:127.0.0.1]/v1',
  'http://[::ffff:a9fe:a9fe]/v1',
  'http://[fe80::1]/v1',
  'http://10.0.0.5/v1',
  'http://172.16.3.4/v1',
  'http://192.168.1.1/v1',
  'http://100.64.0.1/v1',
  'http://[fd00::1]/v1',
  'http://224.0.0.1/v1',
  'http://255.255.255.255/v1',
  'file:///etc/passwd',
  'gopher://example.com/v1',
];

describe('admin: egress policy (default: nothing internal)', () => {
  let h: AdminHarness;
  let internal: Server;
  let internalHits = 0;
  let internalUrl: string;
  let g: string;
  let gatewayId: string;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'], egressAllow: [], egressLookup: resolvingToLoopback });
    internal = createServer((_req, res) => {
      internalHits++;
      res.setHeader('content-type', 'application/json');
      res.end('{"data": [], "internal": "secret"}');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
    gatewayId = (await h.newGateway()).id;
    g = `/v1/gateways/${gatewayId}`;
  });
  after(async () => {
    await h?.close();
    internal?.closeAllConnections();
    await new Promise<void>((resolve) => (internal ? internal.close(() => resolve()) : resolve()));
  });

  const refusedAt = (response: { status: number; body: unknown }, field: string, url: string) => {
    expect(response.status, `${url}: ${JSON.stringify(response.body)}`).to.equal(422);
    const body = response.body as { error: string; message: string };
    expect(body.error, url).to.equal('validation_failed');
    expect(body.message, url).to.contain(field);
  };

  it('refuses every literal internal address and non-http scheme as a registry base_url on create (422)', async () => {
    for (const base_url of FORBIDDEN_BASE_URLS) {
      refusedAt(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', base_url, auth: { api_key: 'sk-x' } }), '/base_url', base_url);
      refusedAt(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', base_url }), '/base_url', base_url);
    }
    const stored = await h.gateway.store!.collection(COLLECTIONS.registries).find({ gateway_id: gatewayId });
    expect(stored).to.have.length(0);
  });

  it('refuses them on update and as an inline registry test candidate (422), and keeps the stored URL', async () => {
    const created = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', base_url: 'https://llm.portcullis.invalid/v1' }), 201);
    for (const base_url of ['http://127.0.0.1:8001/v1', 'http://2130706433/', 'http://[::1]/', 'file:///etc/passwd']) {
      refusedAt(await h.tenantA.patch(`${g}/registries/${created.id}`, { base_url }), '/base_url', base_url);
      refusedAt(await h.tenantA.post(`${g}/registries/test`, { provider: 'openai', base_url, auth: { api_key: 'sk-x' } }), '/base_url', base_url);
    }
    expect(ok(await h.tenantA.get(`${g}/registries/${created.id}`), 200).base_url).to.equal('https://llm.portcullis.invalid/v1');
    expect(internalHits).to.equal(0);
  });

  it('the registry test of a stored registry pointing inside fails at connect, naming the policy, and never reaches it', async () => {
    const id = randomUUID();
    // Stored before the policy existed (or while the operator allowed it).
    await h.gateway.store!.collection(COLLECTIONS.registries).insertOne({ _id: id, gateway_id: gatewayId, slug: 'old', type: 'LLM', provider: 'openai', base_url: `${internalUrl}/v1` });
    const result = ok(await h.tenantA.post(`${g}/registries/test`, { registry_id: id }), 200);
    expect(result).to.include({ ok: false, stage: 'connect' });
    expect(result.message).to.contain('egress policy');
    expect(JSON.stringify(result)).to.not.contain('secret');
    expect(internalHits).to.equal(0);
  });

  it('a host name that resolves to a loopback address (DNS rebinding) fails the registry test at connect', async () => {
    const port = (internal.address() as AddressInfo).port;
    for (const type of ['LLM', 'MCP']) {
      const result = ok(await h.tenantA.post(`${g}/registries/test`, { type, provider: type === 'LLM' ? 'openai' : 'mcp', base_url: `http://rebind.example:${port}/v1` }), 200);
      expect(result, type).to.include({ ok: false, stage: 'connect' });
      expect(result.message, type).to.contain('egress policy');
    }
    expect(internalHits).to.equal(0);
  });

  it('the tool list of a stored MCP registry pointing inside is a 502 that never reaches it', async () => {
    const id = randomUUID();
    await h.gateway.store!.collection(COLLECTIONS.registries).insertOne({ _id: id, gateway_id: gatewayId, slug: 'old-mcp', type: 'MCP', provider: 'mcp', base_url: `${internalUrl}/mcp` });
    const response = await h.tenantA.get(`${g}/registries/${id}/tools`);
    expect(response.status).to.equal(502);
    expect((response.body as { error: string }).error).to.equal('egress_refused');
    expect(JSON.stringify(response.body)).to.not.contain('secret');
    expect(internalHits).to.equal(0);
  });

  it('refuses an OIDC auth whose issuer or jwks_uri is internal or not http(s) (422), on create and update', async () => {
    const forbidden = ['http://127.0.0.1:8001/jwks', 'http://169.254.169.254/latest', 'http://[::1]/jwks', 'file:///etc/passwd', 'http://localhost/jwks'];
    for (const url of forbidden) {
      refusedAt(await h.tenantA.post(`${g}/auths`, { type: 'oidc', oidc: { issuer: 'https://idp.example', jwks_uri: url } }), '/oidc/jwks_uri', url);
      refusedAt(await h.tenantA.post(`${g}/auths`, { type: 'oidc', oidc: { issuer: url } }), '/oidc/issuer', url);
    }
    const auth = ok(await h.tenantA.post(`${g}/auths`, { type: 'oidc', oidc: { issuer: 'https://idp.example', jwks_uri: 'https://idp.example/jwks' } }), 201);
    refusedAt(await h.tenantA.patch(`${g}/auths/${auth.id}`, { oidc: { issuer: 'https://idp.example', jwks_uri: 'http://0.0.0.0/jwks' } }), '/oidc/jwks_uri', 'patch');
    expect(ok(await h.tenantA.get(`${g}/auths/${auth.id}`), 200).oidc.jwks_uri).to.equal('https://idp.example/jwks');
  });
});

describe('admin: egress policy with an allow list', () => {
  let h: AdminHarness;
  let g: string;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'], egressAllow: ['10.0.0.0/8', 'llm.internal', '127.0.0.1'] });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
  });
  after(async () => {
    await h?.close();
  });

  it('accepts listed ranges, addresses and host names, and still refuses the rest', async () => {
    for (const base_url of ['http://10.1.2.3:8080/v1', 'http://llm.internal/v1', 'http://127.0.0.1:9/v1', 'http://localhost:9/v1']) {
      ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', base_url }), 201);
    }
    for (const base_url of ['http://127.0.0.2/v1', 'http://192.168.0.1/v1', 'http://[::1]/v1', 'http://169.254.169.254/v1']) {
      const response = await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', base_url });
      expect(response.status, base_url).to.equal(422);
    }
  });
});
