/**
 * `POST .../registries/test`: always 200 with `ok` and the last stage reached, against
 * upstreams that fail at each distinct stage: an unresolvable host (resolve), a refused
 * connection (connect), a plain-HTTP server spoken to with https (tls), a rejected key (auth),
 * a bad path (request), a malformed answer and one without end (response); and a good one (ok).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { modelsRoute } from '../../fixtures/providers/openai/models-route.js';
import { startTinyMcpServer, type TinyMcpServer } from '../../fixtures/mcp/tiny-mcp-server.js';
import { startEndlessServer } from '../../fixtures/network/endless-answer.js';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;
const UPSTREAM_KEY = 'sk-probe-upstream-key-0001';

describe('admin: registry test stages', () => {
  let h: AdminHarness;
  let upstream: FakeOpenAI;
  let mcp: TinyMcpServer;
  let plainHttp: Server;
  let g: string;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
    h.secrets.add(UPSTREAM_KEY);
    upstream = await startFakeOpenAI({ routes: [modelsRoute(UPSTREAM_KEY)] });
    mcp = await startTinyMcpServer({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }], requiredKey: 'mcp-probe-key-0001' });
    h.secrets.add('mcp-probe-key-0001');
    plainHttp = createServer((_req, res) => res.end('plain'));
    await new Promise<void>((resolve) => plainHttp.listen(0, '127.0.0.1', resolve));
    g = `/v1/gateways/${(await h.newGateway()).id}`;
  });
  after(async () => {
    await h?.close();
    await upstream?.close();
    await mcp?.close();
    plainHttp?.closeAllConnections();
    await new Promise<void>((resolve) => (plainHttp ? plainHttp.close(() => resolve()) : resolve()));
  });

  const probe = async (body: Record<string, unknown>) => ok(await h.tenantA.post(`${g}/registries/test`, body), 200);
  const candidate = (base_url: string, api_key = UPSTREAM_KEY) => ({ provider: 'openai', base_url, auth: { api_key } });

  it('passes every stage against a good upstream (stored registry, key sealed at rest)', async () => {
    const registry = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', base_url: upstream.url, auth: { api_key: UPSTREAM_KEY } }), 201);
    const result = await probe({ registry_id: registry.id });
    expect(result).to.include({ ok: true, stage: 'response', status: 200 });
    expect(result.url).to.equal(`${upstream.url}/models`);
    expect(upstream.requests.at(-1)!.headers.authorization).to.equal(`Bearer ${UPSTREAM_KEY}`);
  });

  it('resolve: an unresolvable host', async () => {
    const result = await probe(candidate('https://upstream.portcullis.invalid/v1'));
    expect(result).to.include({ ok: false, stage: 'resolve' });
  });

  it('connect: a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await probe(candidate(`http://127.0.0.1:${port}/v1`));
    expect(result).to.include({ ok: false, stage: 'connect' });
    expect(result.message).to.contain('ECONNREFUSED');
  });

  it('tls: a plain-HTTP server spoken to with https', async () => {
    const { port } = plainHttp.address() as AddressInfo;
    const result = await probe(candidate(`https://127.0.0.1:${port}/v1`));
    expect(result).to.include({ ok: false, stage: 'tls' });
  });

  it('auth: the upstream rejects the key (401)', async () => {
    const result = await probe(candidate(upstream.url, 'sk-wrong-key-000000'));
    expect(result).to.include({ ok: false, stage: 'auth', status: 401 });
  });

  it('request: a bad path (404)', async () => {
    const result = await probe(candidate(`${upstream.origin}/not-the-api`));
    expect(result).to.include({ ok: false, stage: 'request', status: 404 });
  });

  it('response: a malformed answer', async () => {
    upstream.enqueue({ kind: 'malformed' });
    const result = await probe(candidate(upstream.url));
    expect(result).to.include({ ok: false, stage: 'response', status: 200 });
  });

  it('response: an answer without end is read to 16 MiB, then the upstream is dropped', async () => {
    const endless = await startEndlessServer('{"object":"list","data":[{"id":"', 'x'.repeat(64 * 1024));
    try {
      const result = await probe(candidate(`${endless.url}/v1`));
      expect(result).to.include({ ok: false, stage: 'response', status: 200, message: 'the answer to GET /v1/models exceeds 16777216 bytes' });
      expect(await endless.hungUp[0]).to.equal(true);
    } finally {
      await endless.close();
    }
  });

  it('a provider without a model list is probed with a one-token chat call in its own format', async () => {
    const result = await probe({ provider: 'openai-compatible', base_url: upstream.url, auth: { api_key: UPSTREAM_KEY }, models: ['gpt-4o-mini'] });
    expect(result).to.include({ ok: true, stage: 'response' });
    const last = upstream.requests.at(-1)!;
    expect(last.path).to.equal('/v1/chat/completions');
    expect((last.body as { model: string }).model).to.equal('gpt-4o-mini');
  });

  it('a candidate may use a vault credential; the test never shows the key', async () => {
    const credential = ok(await h.tenantA.post(`${g}/vault-credentials`, { name: 'probe key', secret: UPSTREAM_KEY }), 201);
    const result = await probe({ provider: 'openai', base_url: upstream.url, auth: { credential_id: credential.id } });
    expect(result).to.include({ ok: true, stage: 'response' });
  });

  it('an MCP registry is tested with an MCP client: auth fails without its key, passes with it', async () => {
    const without = await probe({ type: 'MCP', provider: 'mcp', base_url: mcp.url });
    expect(without).to.include({ ok: false, stage: 'auth' });
    const withKey = await probe({ type: 'MCP', provider: 'mcp', base_url: mcp.url, auth: { api_key: 'mcp-probe-key-0001' } });
    expect(withKey).to.include({ ok: true, stage: 'response' });
  });

  it('request errors: an unknown registry id is 404, a body with both forms or neither is 422', async () => {
    expect((await h.tenantA.post(`${g}/registries/test`, { registry_id: '00000000-0000-4000-8000-000000000000' })).status).to.equal(404);
    expect((await h.tenantA.post(`${g}/registries/test`, {})).status).to.equal(422);
    expect((await h.tenantA.post(`${g}/registries/test`, { registry_id: '00000000-0000-4000-8000-000000000000', provider: 'openai' })).status).to.equal(422);
    expect((await h.tenantA.post(`${g}/registries/test`, { provider: 'no-such-provider' })).status).to.equal(422);
  });
});
