/**
 * Active health checks obey the egress policy: a registry whose base URL points inside the
 * gateway's network is never probed (the check fails and the registry leaves its pools), while
 * one the operator allows is probed and stays healthy.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { EgressPolicy } from '../../../../core/http/egress-policy.js';
import { logger } from '../../../../core/logging/logger.js';
import { HealthMonitor } from '../../../../core/proxy/health/health-monitor.js';
import type { Snapshot } from '../../../../core/snapshot/snapshot.js';
import type { RegistryView } from '../../../../core/snapshot/views.js';

const snapshotWith = (registry: RegistryView) => ({ indexes: { registriesById: new Map([[registry.id, registry]]) } }) as unknown as Snapshot;

async function until(check: () => boolean, limitMs = 3_000): Promise<void> {
  const started = Date.now();
  while (!check() && Date.now() - started < limitMs) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('core/proxy/health checks under the egress policy', () => {
  let server: Server;
  let hits = 0;
  let baseUrl: string;

  before(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const registry = (id: string) =>
    ({ id, type: 'LLM', baseUrl, record: { health_check: { enabled: true, interval_ms: 20, timeout_ms: 500, unhealthy_threshold: 1, healthy_threshold: 1, path: '/health' } } }) as unknown as RegistryView;

  it('never probes an internal address with the default policy, and marks the registry unhealthy', async () => {
    const monitor = new HealthMonitor(logger, new EgressPolicy());
    const before = hits;
    try {
      monitor.sync(snapshotWith(registry('inside')));
      await until(() => !monitor.healthy('inside'));
      expect(monitor.healthy('inside')).to.equal(false);
      expect(hits).to.equal(before);
    } finally {
      await monitor.close();
    }
  });

  it('probes an allowed address and keeps it healthy', async () => {
    const monitor = new HealthMonitor(logger, new EgressPolicy({ allow: ['127.0.0.1'] }));
    const before = hits;
    try {
      monitor.sync(snapshotWith(registry('allowed')));
      await until(() => hits > before);
      expect(hits).to.be.greaterThan(before);
      expect(monitor.healthy('allowed')).to.equal(true);
    } finally {
      await monitor.close();
    }
  });
});
