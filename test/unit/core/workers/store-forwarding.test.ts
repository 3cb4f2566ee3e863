/**
 * A worker relays what needs the store to the primary: the guardrail plane's management paths
 * and the proxy plane's OAuth authorization server and connect pages go to the primary's plane
 * with method, body and Host kept, and its answer comes back unchanged; evaluate, health and
 * metrics stay in the worker; a primary that does not answer is 503 store_unavailable.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { logger } from '../../../../core/logging/logger.js';
import type { Snapshot } from '../../../../core/snapshot/snapshot.js';
import type { ConsumerView, RegistryView } from '../../../../core/snapshot/views.js';
import { NEEDS_STORE, storeForwarding } from '../../../../core/workers/store-forwarding.js';
import { needsUserSignIn } from '../../../../core/workers/user-signin-mcp.js';

/** A served config with the given consumers (slug -> its registries, inline and through a role). */
function servedConfig(consumers: Record<string, { inline?: RegistryView[]; role?: RegistryView[] }>): Snapshot {
  const bySlug = new Map<string, ConsumerView>();
  for (const [slug, { inline = [], role = [] }] of Object.entries(consumers)) {
    bySlug.set(slug, { slug, registries: inline.map((registry) => ({ registry, weight: 1 })), roles: role.length ? [{ registries: role }] : [] } as unknown as ConsumerView);
  }
  return { indexes: { consumers: new Map([['gw-1', bySlug]]) } } as unknown as Snapshot;
}
const mcpRegistry = (perUser: boolean) => ({ type: 'MCP', record: { auth: perUser ? { oauth: { client_id: 'c' } } : { api_key_sealed: {} } } }) as unknown as RegistryView;

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

describe('core/workers/store-forwarding', () => {
  it('names the paths that need the store, per plane', () => {
    const guardrail = NEEDS_STORE.guardrail!;
    for (const path of ['/v1/collectors', '/v1/collectors/c1/keys', '/v1/policies', '/v1/activity', '/v1/catalog/collectors']) expect(guardrail(path), path).to.equal(true);
    for (const path of ['/v1/evaluate', '/v1/evaluate/claude', '/healthz', '/health', '/readyz', '/metrics']) expect(guardrail(path), path).to.equal(false);
    const proxy = NEEDS_STORE.proxy!;
    for (const path of ['/acme/oauth/token', '/acme/oauth', '/acme/oauth/connect/files/callback', '/.well-known/oauth-authorization-server/acme/oauth', '/.well-known/openid-configuration/acme/oauth']) expect(proxy(path), path).to.equal(true);
    for (const path of ['/app/v1/chat/completions', '/app/mcp', '/.well-known/oauth-protected-resource/app/mcp', '/healthz', '/v1/models']) expect(proxy(path), path).to.equal(false);
    expect(NEEDS_STORE.admin).to.equal(undefined);
  });

  it('relays the MCP requests of consumers that reach a per-user sign-in server (inline or through a role), and only those', () => {
    const config = servedConfig({ alice: { inline: [mcpRegistry(true)] }, carol: { role: [mcpRegistry(false), mcpRegistry(true)] }, bob: { inline: [mcpRegistry(false)] } });
    for (const path of ['/alice/mcp', '/carol/mcp']) expect(needsUserSignIn(config, path), path).to.equal(true);
    for (const path of ['/bob/mcp', '/alice/v1/chat/completions', '/dave/mcp', '/alice/mcp/extra', '/.well-known/oauth-protected-resource/alice/mcp']) expect(needsUserSignIn(config, path), path).to.equal(false);
  });

  describe('relaying', () => {
    let primary: Server;
    let worker: Server;
    let workerUrl: string;
    let seen: { method?: string; url?: string; host?: string; body: string }[];
    let forwarding: ReturnType<typeof storeForwarding>;

    before(async () => {
      seen = [];
      primary = createServer((req: IncomingMessage, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          seen.push({ method: req.method, url: req.url, host: req.headers.host, body });
          res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'from-primary' });
          res.end(JSON.stringify({ id: 'c1' }));
        });
      });
      const primaryUrl = await listen(primary);
      forwarding = storeForwarding('guardrail', primaryUrl, logger)!;
      const app = new Koa();
      app.use(forwarding.middleware);
      app.use((koa) => {
        koa.body = { served: 'worker' };
      });
      worker = createServer(app.callback());
      workerUrl = await listen(worker);
    });

    after(async () => {
      await forwarding?.close();
      worker?.close();
      primary?.close();
    });

    it("relays a management call with its method, query, body and Host, and returns the primary's answer", async () => {
      const res = await fetch(`${workerUrl}/v1/collectors?page=2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"bot"}' });
      expect(res.status).to.equal(201);
      expect(res.headers.get('x-request-id')).to.equal('from-primary');
      expect(await res.json()).to.deep.equal({ id: 'c1' });
      expect(seen.at(-1)).to.deep.equal({ method: 'POST', url: '/v1/collectors?page=2', host: new URL(workerUrl).host, body: '{"name":"bot"}' });
    });

    it('keeps evaluate calls in the worker', async () => {
      const before = seen.length;
      const res = await fetch(`${workerUrl}/v1/evaluate`, { method: 'POST', body: '{}' });
      expect(await res.json()).to.deep.equal({ served: 'worker' });
      expect(seen.length).to.equal(before);
    });

    it("on the proxy plane, hands the primary the MCP requests of a per-user server's consumers; other MCP traffic stays", async () => {
      const primaryUrl = `http://127.0.0.1:${(primary.address() as AddressInfo).port}`;
      let config = servedConfig({ alice: { inline: [mcpRegistry(true)] }, bob: { inline: [mcpRegistry(false)] } });
      const proxy = storeForwarding('proxy', primaryUrl, logger, () => config)!;
      const app = new Koa();
      app.use(proxy.middleware);
      app.use((koa) => {
        koa.body = { served: 'worker' };
      });
      const server = createServer(app.callback());
      const url = await listen(server);
      try {
        const before = seen.length;
        const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
        expect((await fetch(`${url}/alice/mcp`, { method: 'POST', body: rpc })).status).to.equal(201);
        expect(seen.at(-1)).to.include({ method: 'POST', url: '/alice/mcp', body: rpc });
        expect(await (await fetch(`${url}/bob/mcp`, { method: 'POST', body: rpc })).json()).to.deep.equal({ served: 'worker' });
        expect(seen.length).to.equal(before + 1);
        // The next config revision decides afresh: alice's server no longer needs sign-in.
        config = servedConfig({ alice: { inline: [mcpRegistry(false)] } });
        expect(await (await fetch(`${url}/alice/mcp`, { method: 'POST', body: rpc })).json()).to.deep.equal({ served: 'worker' });
      } finally {
        server.close();
        await proxy.close();
      }
    });

    it('answers 503 store_unavailable when the primary does not answer', async () => {
      const gone = storeForwarding('guardrail', 'http://127.0.0.1:1', logger)!;
      const app = new Koa();
      app.use(gone.middleware);
      const server = createServer(app.callback());
      const url = await listen(server);
      try {
        const res = await fetch(`${url}/v1/policies`);
        expect(res.status).to.equal(503);
        expect(((await res.json()) as { error: string }).error).to.equal('store_unavailable');
      } finally {
        server.close();
        await gone.close();
      }
    });
  });
});
