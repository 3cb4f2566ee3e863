import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { GatewayMetrics } from '../../../../core/observability/gateway-metrics.js';
import { metricsPlanes, mountMetricsEndpoint } from '../../../../core/observability/metrics-endpoint.js';

describe('observability /metrics endpoint', () => {
  let server: Server;
  let base: string;

  before(async () => {
    const app = new Koa();
    // Stands for a plane's auth middleware: everything behind it is refused.
    app.use(async (koa) => {
      koa.status = 401;
      koa.body = { error: 'unauthorized' };
    });
    mountMetricsEndpoint(app, new GatewayMetrics({ includeRuntime: false }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers GET /metrics ahead of the auth middleware, uncached, in the Prometheus text format', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(await res.text()).to.contain('# HELP portcullis_proxy_requests_total');
  });

  it('leaves other paths and methods to the plane', async () => {
    expect((await fetch(`${base}/metrics/extra`)).status).to.equal(401);
    expect((await fetch(`${base}/v1/gateways`)).status).to.equal(401);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).to.equal(401);
  });

  it('is served on the admin and guardrail planes, and on the proxy plane only when it is alone', () => {
    expect(metricsPlanes(['admin', 'proxy', 'guardrail'])).to.deep.equal(['admin', 'guardrail']);
    expect(metricsPlanes(['proxy', 'guardrail'])).to.deep.equal(['guardrail']);
    expect(metricsPlanes(['admin'])).to.deep.equal(['admin']);
    expect(metricsPlanes(['proxy'])).to.deep.equal(['proxy']);
  });
});
