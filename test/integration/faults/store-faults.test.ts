/**
 * The embedded store's disk failing (every write refused, as on a full disk) and the process
 * restarting once it recovers: admin writes are refused with 503 `store_unavailable` as
 * `{error, message}`, the proxy keeps serving from its snapshot, and after the restart every
 * acknowledged write is there and no refused one is, and the failed store's files and sockets
 * were all let go.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { memoryLog } from '../admin/helpers/memory-log.js';
import { openFilesUnder, openHandles, settledHandles, type OpenHandles } from './support/open-handles.js';

/**
 * Makes every FileHandle write in this process fail with ENOSPC until the returned function is
 * called: the store's journal and snapshot writes go through FileHandle.write.
 */
async function failDiskWrites(dir: string): Promise<() => void> {
  const probe = await open(join(dir, 'probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as { write: (...args: unknown[]) => Promise<unknown> };
  await probe.close();
  const original = proto.write;
  proto.write = () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
  return () => {
    proto.write = original;
  };
}

describe('faults: the store failing and returning', function () {
  this.timeout(30_000);
  let dataDir: string;
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let token: string;
  let consumerKey: string;
  let restoreDisk: (() => void) | undefined;
  const acknowledged: string[] = [];
  const refused: string[] = [];
  let baseline: OpenHandles;

  const admin = (method: string, path: string, body?: unknown) =>
    fetch(`${gateway.urls.admin}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const newGateway = (name: string) => admin('POST', '/v1/gateways', { tenant_id: 'tenant-f', name, entitlements: { tier: 'team', caps: { requests_per_minute: 6000 }, max_instances: 5 } });
  const chat = () =>
    fetch(`${gateway.proxyUrl('steady')}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${consumerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portcullis-store-faults-'));
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway({ dataDir, planes: ['admin', 'proxy'], log: memoryLog().log });
    token = await mintAdminToken(gateway.jwtSecret, { sub: 'platform', roles: ['platform_admin'] });
    const gw = await gateway.seed.gateway();
    const registry = await gateway.seed.registry(gw.id, { provider: 'openai', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    consumerKey = (await gateway.seed.consumer(gw.id, { slug: 'steady', registries: [{ registry_id: registry._id, weight: 1 }] })).key;
    await gateway.configChanged();
  });
  after(async () => {
    restoreDisk?.();
    await gateway?.close().catch(() => undefined);
    await upstream?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('acknowledges admin writes while the disk takes them', async () => {
    baseline = openHandles();
    for (const name of ['before one', 'before two', 'before three']) {
      const response = await newGateway(name);
      expect(response.status).to.equal(201);
      acknowledged.push(name);
    }
  });

  it('refuses admin writes with 503 store_unavailable {error, message} while the disk refuses writes', async () => {
    restoreDisk = await failDiskWrites(dataDir);
    for (const name of ['during one', 'during two']) {
      const response = await newGateway(name);
      expect(response.status).to.equal(503);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).to.deep.equal(['error', 'message']);
      expect(body.error).to.equal('store_unavailable');
      expect(body.message).to.not.contain('ENOSPC');
      refused.push(name);
    }
  });

  it('keeps the proxy serving from its snapshot while the store is failed', async () => {
    for (let i = 0; i < 3; i++) expect((await chat()).status).to.equal(200);
  });

  it('after the disk recovers, a restart finds every acknowledged write and no refused one, and takes writes again', async () => {
    restoreDisk!();
    restoreDisk = undefined;
    await gateway.close();
    gateway = await createTestGateway({ dataDir, planes: ['admin', 'proxy'], log: memoryLog().log });
    const list = (await (await admin('GET', '/v1/gateways?size=100')).json()) as { items: Array<{ name: string }> };
    const names = list.items.map((g) => g.name);
    expect(names).to.include.members(acknowledged);
    for (const name of refused) expect(names).to.not.include(name);
    expect((await newGateway('after')).status).to.equal(201);
    expect((await chat()).status).to.equal(200);
    // The failed store's files and the first run's sockets were closed, not left behind: the
    // data directory holds only the new store's journal open.
    const files = openFilesUnder(dataDir);
    if (files) expect(files.map((f) => f.slice(dataDir.length))).to.deep.equal(['/store/store/journal.jsonl']);
    const now = await settledHandles(baseline, 4);
    expect(now.sockets, `sockets ${baseline.sockets} -> ${now.sockets}`).to.be.at.most(baseline.sockets + 4);
  });
});
