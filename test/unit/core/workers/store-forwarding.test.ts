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
import { NEEDS_STORE, storeForwarding } from '../../../../core/workers/store-forwarding.js';

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
