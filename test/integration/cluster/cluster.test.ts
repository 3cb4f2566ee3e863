/**
 * A control plane and two data planes as real processes on loopback: config pushed on connect
 * and on every admin write, the connections list with revisions and scope filter, data planes
 * serving through a control-plane outage and a restart during it, catching up afterwards, a
 * wrong cluster credential refused, and telemetry from the outage arriving later; a data plane
 * that lived through the outage holds no more descriptors after reconnecting than before it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { ensureConfigCollections } from '../../../core/records/collections.js';
import { generateMasterKey, SecretBox } from '../../../core/security/secret-box.js';
import { openStore } from '../../../core/store/open-store.js';
import { Seeder } from '../../../core/testing/seed.js';
import { TempDirs } from '../../fixtures/files/temp-dir.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { eventually, startPortcullisProcess, type PortcullisProcess } from '../../fixtures/processes/portcullis-process.js';

const MASTER_KEY = generateMasterKey();
/** Open descriptors of a process (Linux), or undefined where /proc does not tell. */
const openFds = (pid: number | undefined): number | undefined => (pid && existsSync(`/proc/${pid}/fd`) ? readdirSync(`/proc/${pid}/fd`).length : undefined);
const CLUSTER_TOKEN = 'cluster-secret-for-tests-0123456789';
const JWT_SECRET = 'admin-jwt-secret-for-tests-0123456789';

interface Connection {
  id: string;
  scope: string | null;
  config_revision: number;
  hostname: string;
  version: string;
  planes: string[];
  last_seen: string;
}

describe('control plane and data planes (real processes)', function () {
  this.timeout(120_000);
  const dirs = new TempDirs('portcullis-');
  let upstream: FakeOpenAI;
  let cpDir: string;
  let cp: PortcullisProcess;
  const dps: Record<string, { dir: string; proc: PortcullisProcess; scope: string }> = {};
  let adminToken: string;
  let gatewayId: string;
  let registryId: string;
  let consumerKey: string;

  const cpArgs = () => ['--planes', 'admin', '--admin-port', cpPort ? String(cpPort) : '0', '--data-dir', cpDir];
  let cpPort = 0;
  const cpEnv = { PORTCULLIS_MASTER_KEY: MASTER_KEY, PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN, PORTCULLIS_ADMIN_JWT_SECRET: JWT_SECRET, PORTCULLIS_SYNC_TIMEOUT_MS: '3000' };
  const dpEnv = (token = CLUSTER_TOKEN) => ({
    PORTCULLIS_MASTER_KEY: MASTER_KEY,
    PORTCULLIS_CLUSTER_TOKEN: token,
    PORTCULLIS_SYNC_HEARTBEAT_MS: '300',
    PORTCULLIS_TELEMETRY_INTERVAL_MS: '200',
  });
  const startDp = (dir: string, scope: string, token = CLUSTER_TOKEN) =>
    startPortcullisProcess(
      ['--planes', 'proxy,guardrail', '--proxy-port', '0', '--guardrail-port', '0', '--data-dir', dir, '--control-plane-url', cp.urls.admin, '--scope', scope],
      ['proxy', 'guardrail'],
      dpEnv(token),
    );

  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${cp.urls.admin}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, unknown> };
  };
  const connections = async (scope?: string) =>
    (await admin('GET', `/v1/config-sync/connections${scope ? `?scope=${scope}` : ''}`)).body.items as Connection[];
  const chat = (proxyUrl: string, model = 'gpt-4o-mini') =>
    fetch(`${proxyUrl}/app/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${consumerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });

  before(async () => {
    upstream = await startFakeOpenAI();
    cpDir = dirs.make('cp');
    // The control plane's store starts with one gateway, registry and consumer.
    const store = await openStore({ dataDir: join(cpDir, 'store') });
    await ensureConfigCollections(store);
    const seed = new Seeder(store, new SecretBox(MASTER_KEY));
    gatewayId = (await seed.gateway({ slug: 'acme', tenant_id: 'tenant-1' })).id;
    const registry = await seed.registry(gatewayId, { provider: 'openai', slug: 'openai-main', base_url: upstream.url, apiKey: 'sk-upstream-secret', models: ['gpt-4o-mini'] });
    registryId = registry._id;
    consumerKey = (await seed.consumer(gatewayId, { slug: 'app', registries: [{ registry_id: registry._id, weight: 1 }] })).key;
    await store.close();

    cp = await startPortcullisProcess(cpArgs(), ['admin'], cpEnv);
    cpPort = Number(new URL(cp.urls.admin).port);
    adminToken = await mintAdminToken(JWT_SECRET, { sub: 'ops', roles: ['platform_admin'] });
    for (const scope of ['eu', 'us']) {
      const dir = dirs.make(`dp-${scope}`);
      dps[scope] = { dir, scope, proc: await startDp(dir, scope) };
    }
  });

  after(async () => {
    await Promise.all([cp?.stop('SIGKILL'), ...Object.values(dps).map((d) => d.proc.stop('SIGKILL'))]);
    await upstream?.close();
    dirs.removeAll();
  });

  it('pushes the full config on connect: both data planes serve the seeded consumer', async () => {
    for (const { proc } of Object.values(dps)) {
      await eventually(async () => (await chat(proc.urls.proxy)).status === 200, 'data plane serving');
    }
  });

  it('lists both connections with their revision, and filters by scope', async () => {
    await eventually(async () => (await connections()).length === 2, 'two connections');
    const all = await connections();
    const revision = all[0].config_revision;
    expect(revision).to.be.greaterThan(0);
    for (const c of all) {
      expect(c.config_revision).to.equal(revision);
      expect(c.planes).to.deep.equal(['proxy', 'guardrail']);
      expect(c.version).to.match(/^\d+\.\d+\.\d+/);
    }
    const eu = await connections('eu');
    expect(eu.map((c) => c.scope)).to.deep.equal(['eu']);
    expect(await connections('nowhere')).to.deep.equal([]);
  });

  it('an admin write takes effect on both data planes', async () => {
    for (const { proc } of Object.values(dps)) expect((await chat(proc.urls.proxy, 'gpt-4.1')).status).to.equal(403);
    const patched = await admin('PATCH', `/v1/gateways/${gatewayId}/registries/${registryId}`, { models: ['gpt-4o-mini', 'gpt-4.1'] });
    expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
    for (const { proc } of Object.values(dps)) {
      await eventually(async () => (await chat(proc.urls.proxy, 'gpt-4.1')).status === 200, 'the write on every data plane');
    }
  });

  it('refuses a data plane with a wrong cluster credential', async () => {
    const dir = dirs.make('dp-bad');
    const bad = await startDp(dir, 'bad', 'not-the-cluster-token-at-all-000000');
    try {
      await eventually(async () => {
        const ready = (await (await fetch(`${bad.urls.proxy}/readyz`)).json()) as { checks: { control_plane: string } };
        return /401/.test(ready.checks.control_plane);
      }, 'the refusal to be reported');
      expect((await fetch(`${bad.urls.proxy}/readyz`)).status).to.equal(503);
      expect((await connections('bad')).length).to.equal(0);
    } finally {
      await bad.stop('SIGKILL');
    }
  });

  it('refuses a data plane whose version it cannot serve, with the reason', async () => {
    const res = await fetch(`${cp.urls.admin}/v1/config-sync/data-plane/stream`, {
      headers: {
        authorization: `Bearer ${CLUSTER_TOKEN}`,
        'x-portcullis-node-id': 'dp-from-the-future',
        'x-portcullis-version': '9.0.0',
        'x-portcullis-sync-protocol': '1',
      },
    });
    expect(res.status).to.equal(409);
    const body = (await res.json()) as { error: string; message: string; reason: string };
    expect(body.reason).to.equal('version_incompatible');
    expect(body.message).to.contain('9.0.0');
    expect((await connections()).map((c) => c.id)).to.not.include('dp-from-the-future');
  });

  it('drops a connection that stops answering after the timeout', async () => {
    // A data plane that opens its stream and then never sends a heartbeat.
    const silent = new AbortController();
    const res = await fetch(`${cp.urls.admin}/v1/config-sync/data-plane/stream`, {
      signal: silent.signal,
      headers: {
        authorization: `Bearer ${CLUSTER_TOKEN}`,
        'x-portcullis-node-id': 'dp-silent',
        'x-portcullis-version': (await (await fetch(`${cp.urls.admin}/v1/version`)).json() as { version: string }).version,
        'x-portcullis-sync-protocol': '1',
        'x-portcullis-scope': 'silent',
      },
    });
    expect(res.status).to.equal(200);
    try {
      expect((await connections('silent')).map((c) => c.id)).to.deep.equal(['dp-silent']);
      // PORTCULLIS_SYNC_TIMEOUT_MS is 3000 on this control plane.
      await eventually(async () => (await connections('silent')).length === 0, 'the silent connection to be dropped', 15_000);
    } finally {
      silent.abort();
    }
  });

  let usFdsBeforeOutage: number | undefined;

  it('keeps serving while the control plane is down, and after a data plane restart during the outage', async () => {
    usFdsBeforeOutage = openFds(dps.us.proc.child.pid);
    await cp.stop('SIGKILL');
    for (const { proc } of Object.values(dps)) expect((await chat(proc.urls.proxy)).status).to.equal(200);
    // Restart the eu data plane while the control plane is still down: it serves its disk copy.
    await dps.eu.proc.stop('SIGTERM');
    dps.eu.proc = await startDp(dps.eu.dir, 'eu');
    const ready = await fetch(`${dps.eu.proc.urls.proxy}/readyz`);
    expect(ready.status).to.equal(200);
    expect((await chat(dps.eu.proc.urls.proxy, 'gpt-4.1')).status).to.equal(200);
  });

  it('delivers telemetry produced during the outage once the control plane is back, and data planes catch up', async () => {
    const traceIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await chat(dps.us.proc.urls.proxy);
      expect(res.status).to.equal(200);
      traceIds.push(res.headers.get('x-ag-trace-id')!);
    }
    cp = await startPortcullisProcess(cpArgs(), ['admin'], cpEnv);
    await eventually(async () => (await connections()).length === 2, 'both data planes reconnected', 30_000);
    // Reconnecting through the outage left no socket behind (a few for pools and timing).
    if (usFdsBeforeOutage !== undefined) {
      const before = usFdsBeforeOutage;
      await eventually(async () => openFds(dps.us.proc.child.pid)! <= before + 6, `the us data plane's descriptors back near ${before}`, 10_000);
    }
    for (const traceId of traceIds) {
      await eventually(async () => (await admin('GET', `/v1/gateways/${gatewayId}/traces/${traceId}`)).status === 200, `trace ${traceId}`, 30_000);
    }
    const trace = await admin('GET', `/v1/gateways/${gatewayId}/traces/${traceIds[0]}`);
    expect(trace.body.status).to.equal(200);
    expect(trace.body.node_id).to.match(/^dp-/);
    // A write after the outage reaches both data planes.
    const patched = await admin('PATCH', `/v1/gateways/${gatewayId}/registries/${registryId}`, { models: ['gpt-4o-mini'] });
    expect(patched.status).to.equal(200);
    for (const { proc } of Object.values(dps)) {
      await eventually(async () => (await chat(proc.urls.proxy, 'gpt-4.1')).status === 403, 'the catch-up write on every data plane');
    }
  });
});
