/**
 * Data planes as real processes: the disk copy of the config a data plane keeps
 * (`<data-dir>/config-cache.json`) is sealed with the master key and owner-only; and a data
 * plane stopped while an admin write happens catches up when it restarts on the same data
 * directory: it reaches the control plane's revision and serves the new config.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { ensureConfigCollections } from '../../../core/records/collections.js';
import { hashKey } from '../../../core/security/api-keys.js';
import { generateMasterKey, SecretBox, type SealedSecret } from '../../../core/security/secret-box.js';
import type { ConfigDocument } from '../../../core/snapshot/config-document.js';
import { openStore } from '../../../core/store/open-store.js';
import { Seeder } from '../../../core/testing/seed.js';
import { TempDirs } from '../../fixtures/files/temp-dir.js';
import { eventually, startPortcullisProcess, type PortcullisProcess } from '../../fixtures/processes/portcullis-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';

const MASTER_KEY = generateMasterKey();
const CLUSTER_TOKEN = 'catch-up-cluster-token-for-tests-0123456789';
const JWT_SECRET = 'catch-up-admin-jwt-secret-for-tests-0123456789';
const UPSTREAM_KEY = 'sk-upstream-catch-up-secret-0123456789';

interface Connection {
  id: string;
  scope: string | null;
  config_revision: number;
}

describe('data planes: sealed disk copy and catch-up after a restart (real processes)', function () {
  this.timeout(180_000);
  const dirs = new TempDirs('portcullis-catch-up-');
  let upstream: FakeOpenAI;
  let cp: PortcullisProcess;
  const dps: Record<string, { dir: string; proc: PortcullisProcess }> = {};
  let adminToken: string;
  let gatewayId: string;
  let registryId: string;
  let consumerKey: string;

  const startDp = (dir: string, scope: string) =>
    startPortcullisProcess(
      ['--planes', 'proxy', '--proxy-port', '0', '--data-dir', dir, '--control-plane-url', cp.urls.admin, '--scope', scope],
      ['proxy'],
      { PORTCULLIS_MASTER_KEY: MASTER_KEY, PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN, PORTCULLIS_SYNC_HEARTBEAT_MS: '300', PORTCULLIS_TELEMETRY_INTERVAL_MS: '200' },
    );
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${cp.urls.admin}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, any> };
  };
  const connectionOf = async (nodeId: string) =>
    ((await admin('GET', '/v1/config-sync/connections?size=100')).body.items as Connection[]).find((c) => c.id === nodeId);
  const readyRevision = async (base: string) => {
    const res = await fetch(`${base}/readyz`);
    return { status: res.status, revision: ((await res.json()) as { checks: { snapshot_revision: number } }).checks.snapshot_revision };
  };
  const chat = async (proxyUrl: string, model: string) => {
    const res = await fetch(`${proxyUrl}/app/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${consumerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
    await res.arrayBuffer();
    return res.status;
  };
  const cacheFile = (dir: string) => join(dir, 'config-cache.json');
  const openCache = (dir: string) => JSON.parse(new SecretBox(MASTER_KEY).open(JSON.parse(readFileSync(cacheFile(dir), 'utf8')) as SealedSecret)) as ConfigDocument;
  const nodeIdOf = (dir: string) => readFileSync(join(dir, 'node-id'), 'utf8').trim();

  before(async () => {
    upstream = await startFakeOpenAI();
    const cpDir = dirs.make('cp');
    const store = await openStore({ dataDir: join(cpDir, 'store') });
    await ensureConfigCollections(store);
    const seed = new Seeder(store, new SecretBox(MASTER_KEY));
    gatewayId = (await seed.gateway({ slug: 'catchup', tenant_id: 'tenant-1' })).id;
    const registry = await seed.registry(gatewayId, { provider: 'openai', slug: 'openai-main', base_url: upstream.url, apiKey: UPSTREAM_KEY, models: ['gpt-4o-mini'] });
    registryId = registry._id;
    consumerKey = (await seed.consumer(gatewayId, { slug: 'app', registries: [{ registry_id: registry._id, weight: 1 }] })).key;
    await store.close();

    cp = await startPortcullisProcess(['--planes', 'admin', '--admin-port', '0', '--data-dir', cpDir], ['admin'], {
      PORTCULLIS_MASTER_KEY: MASTER_KEY,
      PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN,
      PORTCULLIS_ADMIN_JWT_SECRET: JWT_SECRET,
      PORTCULLIS_SYNC_TIMEOUT_MS: '3000',
    });
    adminToken = await mintAdminToken(JWT_SECRET, { sub: 'ops', roles: ['platform_admin'] });
    for (const scope of ['steady', 'restarted']) {
      const dir = dirs.make(`dp-${scope}`);
      dps[scope] = { dir, proc: await startDp(dir, scope) };
    }
    for (const { proc } of Object.values(dps)) {
      await eventually(async () => (await chat(proc.urls.proxy, 'gpt-4o-mini')) === 200, 'data plane serving the pushed config', 30_000);
    }
  });

  after(async () => {
    await Promise.all([cp?.stop('SIGKILL'), ...Object.values(dps).map((d) => d.proc.stop('SIGKILL'))]);
    await upstream?.close();
    dirs.removeAll();
  });

  it('keeps the config on disk sealed with the master key, owner-only, without the upstream key or the consumer key', async () => {
    const { dir } = dps.restarted;
    const cpRevision = (await readyRevision(cp.urls.admin)).revision;
    await eventually(async () => {
      try {
        return openCache(dir).revision === cpRevision;
      } catch {
        return false;
      }
    }, 'the disk copy of the current revision');
    expect(statSync(cacheFile(dir)).mode & 0o777).to.equal(0o600);

    const raw = readFileSync(cacheFile(dir), 'utf8');
    for (const secret of [UPSTREAM_KEY, consumerKey, hashKey(consumerKey)]) expect(raw).to.not.contain(secret);
    // Not the config in JSON: nothing of it is readable without the master key.
    for (const plain of [gatewayId, registryId, 'catchup', 'openai-main', 'gpt-4o-mini', upstream.url]) expect(raw).to.not.contain(plain);
    const sealed = JSON.parse(raw) as Record<string, unknown>;
    expect(Object.keys(sealed).sort()).to.deep.equal(['data', 'iv', 'tag', 'v']);
    expect(() => new SecretBox(generateMasterKey()).open(sealed as unknown as SealedSecret), 'opened with another key').to.throw();

    // Opened with the master key it is the pushed config; the upstream key stays sealed inside it.
    const document = openCache(dir);
    expect(document.registries.map((r) => r._id)).to.include(registryId);
    expect(JSON.stringify(document)).to.not.contain(UPSTREAM_KEY);
    expect(JSON.stringify(document)).to.not.contain(consumerKey);
  });

  it('a data plane stopped during an admin write catches up on restart with the same data directory', async () => {
    const { dir } = dps.restarted;
    const nodeId = nodeIdOf(dir);
    const before = await readyRevision(dps.restarted.proc.urls.proxy);
    await eventually(async () => (await connectionOf(nodeId))?.config_revision === before.revision, 'the connection to report the served revision');
    expect(await chat(dps.restarted.proc.urls.proxy, 'gpt-4.1')).to.equal(403);

    await dps.restarted.proc.stop('SIGTERM');
    const patched = await admin('PATCH', `/v1/gateways/${gatewayId}/registries/${registryId}`, { models: ['gpt-4o-mini', 'gpt-4.1'] });
    expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
    const cpRevision = (await readyRevision(cp.urls.admin)).revision;
    expect(cpRevision).to.be.greaterThan(before.revision);
    // The running data plane gets the write; the stopped one's disk copy is still the old revision.
    await eventually(async () => (await chat(dps.steady.proc.urls.proxy, 'gpt-4.1')) === 200, 'the write on the running data plane');
    expect(openCache(dir).revision).to.equal(before.revision);

    dps.restarted.proc = await startDp(dir, 'restarted');
    const proxy = dps.restarted.proc.urls.proxy;
    expect(nodeIdOf(dir), 'the same node id after the restart').to.equal(nodeId);
    await eventually(
      async () => (await readyRevision(proxy)).revision === cpRevision && (await connectionOf(nodeId))?.config_revision === cpRevision,
      'the restarted data plane to reach the control plane revision',
      30_000,
    );
    const after = await readyRevision(proxy);
    expect(after.status).to.equal(200);
    expect(after.revision).to.equal((await connectionOf(nodeId))!.config_revision);
    expect(await chat(proxy, 'gpt-4.1')).to.equal(200);
    await eventually(async () => openCache(dir).revision === cpRevision, 'the disk copy of the new revision');
    expect(openCache(dir).registries.find((r) => r._id === registryId)!.models).to.deep.equal(['gpt-4o-mini', 'gpt-4.1']);
  });
});
