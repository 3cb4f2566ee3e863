/**
 * Config push latency: a control plane and a data plane as separate processes; each admin write
 * is timed from the moment it is sent until the data plane reports the new revision on /readyz.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mintAdminToken } from '../../core/admin/auth/admin-token.js';
import { generateMasterKey } from '../../core/security/secret-box.js';
import type { BenchContext, ScenarioResult } from '../context.js';
import { percentile } from '../open-loop.js';
import { startGateway } from '../processes.js';
import { seedConfig } from '../seed-config.js';

const round = (x: number) => Number(x.toFixed(2));

export async function configPush(ctx: BenchContext, writes = 30): Promise<ScenarioResult> {
  const cpDir = mkdtempSync(join(tmpdir(), 'portcullis-bench-cp-'));
  const dpDir = mkdtempSync(join(tmpdir(), 'portcullis-bench-dp-'));
  const masterKey = generateMasterKey();
  const env = { PORTCULLIS_MASTER_KEY: masterKey, PORTCULLIS_CLUSTER_TOKEN: 'bench-cluster-token-0123456789', PORTCULLIS_ADMIN_JWT_SECRET: 'bench-admin-secret-0123456789' };
  const seeded = await seedConfig({ dataDir: cpDir, masterKey, upstreamUrl: ctx.upstreamUrl, consumers: 10 });
  const cp = await startGateway({ core: ctx.settings.driverCore, dataDir: cpDir, planes: ['admin'], env });
  const dp = await startGateway({ core: ctx.settings.gatewayCore, dataDir: dpDir, planes: ['proxy'], env: { ...env, PORTCULLIS_CONTROL_PLANE_URL: cp.urls.admin } });
  const token = await mintAdminToken(env.PORTCULLIS_ADMIN_JWT_SECRET, { sub: 'bench', roles: ['platform_admin'] });
  const revision = async () => ((await (await fetch(`${dp.urls.proxy}/readyz`)).json()) as { checks: { snapshot_revision: number } }).checks.snapshot_revision;
  const latencies: number[] = [];
  try {
    const registries = (await (await fetch(`${cp.urls.admin}/v1/gateways/${seeded.gatewayId}/registries`, { headers: { authorization: `Bearer ${token}` } })).json()) as { items: Array<{ id: string }> };
    const registryId = registries.items[0].id;
    while ((await revision()) === 0) await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < writes; i++) {
      const before = await revision();
      const start = performance.now();
      const res = await fetch(`${cp.urls.admin}/v1/gateways/${seeded.gatewayId}/registries/${registryId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ models: ['gpt-4o-mini', `bench-model-${i}`] }),
      });
      if (res.status !== 200) throw new Error(`admin write failed: ${res.status} ${await res.text()}`);
      while ((await revision()) <= before) await new Promise((r) => setTimeout(r, 1));
      latencies.push(performance.now() - start);
    }
  } finally {
    await dp.stop();
    await cp.stop();
    rmSync(cpDir, { recursive: true, force: true });
    rmSync(dpDir, { recursive: true, force: true });
  }
  latencies.sort((a, b) => a - b);
  return {
    scenario: 'config push (admin write -> data plane serving it)',
    rows: [{ writes, p50_ms: round(percentile(latencies, 50)), p99_ms: round(percentile(latencies, 99)), max_ms: round(latencies.at(-1)!) }],
  };
}
