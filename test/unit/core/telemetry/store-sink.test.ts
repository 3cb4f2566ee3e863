import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { logger } from '../../../../core/logging/logger.js';
import { openStore } from '../../../../core/store/open-store.js';
import type { Store } from '../../../../core/store/types.js';
import { createLocalSink, ensureTelemetryCollections } from '../../../../core/telemetry/store-sink.js';
import { TELEMETRY_COLLECTIONS, type TelemetryEvent } from '../../../../core/telemetry/telemetry-event.js';
import { TraceBuffer } from '../../../../core/telemetry/trace-buffer.js';

const activity = (n: number): TelemetryEvent => ({
  kind: 'activity',
  at: new Date().toISOString(),
  data: { trace_id: `trace-${n}`, status: 'allow', findings: [], attributes: {}, duration_ms: 1 },
});

describe('core/telemetry/store-sink', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'store-sink-'));
    store = await openStore({ dataDir: dir });
    await ensureTelemetryCollections(store);
  });
  afterEach(async () => {
    await store.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('files the next slice of records while the one before is still being made durable, so slices share a disk flush', async () => {
    // Count the inserts the store has not acknowledged yet, at their peak.
    const activityRecords = store.collection(TELEMETRY_COLLECTIONS.activity);
    const insert = activityRecords.insertManyCount.bind(activityRecords);
    let open = 0;
    let peak = 0;
    activityRecords.insertManyCount = async (docs) => {
      peak = Math.max(peak, ++open);
      try {
        return await insert(docs);
      } finally {
        open--;
      }
    };
    const sink = createLocalSink(store, new TraceBuffer(), logger, 60_000);
    for (let i = 0; i < 200; i++) sink.emit(activity(i));
    await sink.close();
    expect(peak).to.be.greaterThan(1);
    expect(await activityRecords.count()).to.equal(200);
  });

  it('files each batch as one all-or-nothing insert that hands no copies of the records back', async () => {
    const activityRecords = store.collection(TELEMETRY_COLLECTIONS.activity);
    // insertMany answers with a copy of every record it stored, which filing never reads.
    activityRecords.insertMany = () => Promise.reject(new Error('insertMany copies every record back'));
    const sink = createLocalSink(store, new TraceBuffer(), logger, 60_000);
    for (let i = 0; i < 40; i++) sink.emit(activity(i));
    await sink.close();
    expect(sink.pending).to.equal(0);
    expect(await activityRecords.count()).to.equal(40);
  });

  it('a clean stop leaves every queued record in the store, found again after a restart', async () => {
    const sink = createLocalSink(store, new TraceBuffer(), logger, 60_000);
    for (let i = 0; i < 1_000; i++) sink.emit(activity(i));
    await sink.close();
    await store.close();
    store = await openStore({ dataDir: dir });
    const records = await store.collection(TELEMETRY_COLLECTIONS.activity).find({});
    expect(records).to.have.length(1_000);
    expect(new Set(records.map((r) => r.trace_id)).size).to.equal(1_000);
  });
});
