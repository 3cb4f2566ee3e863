import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { AdminTokenVerifier, mintAdminToken } from '../../../../core/admin/auth/admin-token.js';
import { GatewayMetrics } from '../../../../core/observability/gateway-metrics.js';
import { metricsPlanes, mountMetricsEndpoint, type MetricsAccess } from '../../../../core/observability/metrics-endpoint.js';
import { recordingLog } from './support.js';

const JWT_SECRET = 'admin-jwt-secret-for-metrics-tests-0123456789';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** A plane stand-in whose own routes all answer 401, with `/metrics` mounted in front under `access`. */
async function planeWithMetrics(access: MetricsAccess): Promise<{ base: string; close(): Promise<void> }> {
  const app = new Koa();
  // Stands for a plane's auth middleware: everything behind it is refused.
  app.use(async (koa) => {
    koa.status = 401;
    koa.body = { error: 'unauthorized' };
  });
  mountMetricsEndpoint(app, new GatewayMetrics({ includeRuntime: false }), access);
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('observability /metrics endpoint', () => {
  const verifier = new AdminTokenVerifier({ secret: JWT_SECRET });
  let plane: { base: string; close(): Promise<void> };
  const get = (headers: Record<string, string> = {}) => fetch(`${plane.base}/metrics`, { headers });

  before(async () => {
    plane = await planeWithMetrics({ token: METRICS_TOKEN, public: false, verifier, log: recordingLog() });
  });
  after(() => plane.close());

  it('answers GET /metrics with the metrics token, uncached, in the Prometheus text format', async () => {
    const res = await get({ authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(await res.text()).to.contain('# HELP portcullis_proxy_requests_total');
  });

  it('refuses a scrape without a credential, or with a wrong one, with 401 in the {error, message} shape', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong-token' }, { authorization: `Bearer ${METRICS_TOKEN}x` }, { authorization: `Basic ${METRICS_TOKEN}` }]) {
      const res = await get(headers);
      expect(res.status, JSON.stringify(headers)).to.equal(401);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.error).to.equal('unauthorized');
      expect(body.message).to.be.a('string');
      expect(JSON.stringify(body)).to.not.contain(METRICS_TOKEN);
    }
  });

  it("accepts a platform admin's token and refuses a tenant admin's with 403", async () => {
    const platform = await mintAdminToken(JWT_SECRET, { sub: 'ops', roles: ['platform_admin'] });
    expect((await get({ authorization: `Bearer ${platform}` })).status).to.equal(200);
    const tenant = await mintAdminToken(JWT_SECRET, { sub: 'alice', tenantId: 't-1', roles: ['tenant_admin'] });
    const res = await get({ authorization: `Bearer ${tenant}` });
    expect(res.status).to.equal(403);
    expect(((await res.json()) as Record<string, unknown>).error).to.equal('forbidden');
  });

  it('answers without a credential only when the operator made it public', async () => {
    const open = await planeWithMetrics({ public: true, verifier, log: recordingLog() });
    try {
      expect((await fetch(`${open.base}/metrics`)).status).to.equal(200);
    } finally {
      await open.close();
    }
  });

  it('leaves other paths and methods to the plane', async () => {
    expect((await fetch(`${plane.base}/metrics/extra`)).status).to.equal(401);
    expect((await fetch(`${plane.base}/v1/gateways`)).status).to.equal(401);
    expect((await fetch(`${plane.base}/metrics`, { method: 'POST', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).to.equal(401);
  });

  it('is served on the admin and guardrail planes, and on the proxy plane only when it is alone', () => {
    expect(metricsPlanes(['admin', 'proxy', 'guardrail'])).to.deep.equal(['admin', 'guardrail']);
    expect(metricsPlanes(['proxy', 'guardrail'])).to.deep.equal(['guardrail']);
    expect(metricsPlanes(['admin'])).to.deep.equal(['admin']);
    expect(metricsPlanes(['proxy'])).to.deep.equal(['proxy']);
  });
});
