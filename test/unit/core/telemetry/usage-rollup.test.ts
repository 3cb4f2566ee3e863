import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openStore } from '../../../../core/store/open-store.js';
import type { Store } from '../../../../core/store/types.js';
import type { TelemetryEvent } from '../../../../core/telemetry/telemetry-event.js';
import { queryUsage } from '../../../../core/telemetry/usage-query.js';
import { ensureUsageCollection, fileUsage, usageRowsOf } from '../../../../core/telemetry/usage-rollup.js';

const metric = (at: string, data: Record<string, unknown>): TelemetryEvent => ({ kind: 'metric', at, data });
const call = (at: string, consumer: string, model: string, tokens: [number, number], cost?: number) =>
  metric(at, { gateway_id: 'g1', consumer_id: consumer, model, registry_id: 'r1', usage: { input_tokens: tokens[0], output_tokens: tokens[1] }, ...(cost === undefined ? {} : { cost_usd: cost }) });

describe('core/telemetry/usage-rollup', () => {
  let dir: string;
  let store: Store;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'usage-rollup-'));
    store = await openStore({ dataDir: dir });
    await ensureUsageCollection(store);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sums a batch into one row per gateway, hour, consumer, model and registry, skipping activity and gateway-less events', () => {
    const rows = usageRowsOf([
      call('2026-11-28T10:05:00Z', 'c1', 'gpt-4o-mini', [10, 4], 0.001),
      call('2026-11-28T10:55:00Z', 'c1', 'gpt-4o-mini', [6, 2]),
      call('2026-11-28T11:01:00Z', 'c1', 'gpt-4o-mini', [1, 1]),
      metric('2026-11-28T10:05:00Z', { consumer_id: 'c1', model: 'gpt-4o-mini' }),
      { kind: 'activity', at: '2026-11-28T10:05:00Z', data: { gateway_id: 'g1' } },
    ]);
    expect(rows.map((r) => [r.hour.toISOString(), r.requests, r.input_tokens, r.output_tokens, r.cost_usd])).to.deep.equal([
      ['2026-11-28T10:00:00.000Z', 2, 16, 6, 0.001],
      ['2026-11-28T11:00:00.000Z', 1, 1, 1, 0],
    ]);
  });

  it('adds later batches to the stored rows and answers them in day buckets per group', async () => {
    await fileUsage(store, usageRowsOf([call('2026-11-28T10:05:00Z', 'c1', 'gpt-4o-mini', [10, 4], 0.5), call('2026-11-28T12:00:00Z', 'c2', 'gpt-4o', [3, 3], 0.25)]));
    await fileUsage(store, usageRowsOf([call('2026-11-28T10:30:00Z', 'c1', 'gpt-4o-mini', [5, 5], 0.5), call('2026-11-29T01:00:00Z', 'c1', 'gpt-4o-mini', [1, 1])]));
    const report = await queryUsage(store, { gatewayId: 'g1', from: new Date('2026-11-28T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z'), interval: 'day', groupBy: 'consumer' });
    expect(report.buckets).to.deep.equal(['2026-11-28T00:00:00.000Z', '2026-11-29T00:00:00.000Z']);
    expect(report.groups.map((g) => [g.key, g.requests, g.points.map((p) => p.requests)])).to.deep.equal([
      ['c1', 3, [2, 1]],
      ['c2', 1, [1, 0]],
    ]);
    expect(report.totals).to.deep.equal({ requests: 4, input_tokens: 19, output_tokens: 13, cost_usd: 1.25 });
    const other = await queryUsage(store, { gatewayId: 'g2', from: new Date('2026-11-28T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z'), interval: 'day', groupBy: 'model' });
    expect(other.groups).to.deep.equal([]);
  });
});
