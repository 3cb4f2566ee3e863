import { expect } from 'chai';
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../../core/store/embedded/embedded-store.js';
import { encodeJson } from '../../../../core/store/embedded/extended-json.js';
import { StoreError } from '../../../../core/store/types.js';
import { makeTempDir, removeTempDir, tempDirForEachTest } from '../../../fixtures/files/temp-dir.js';

describe('core/store/embedded persistence', () => {
  let store: EmbeddedStore | undefined;
  const dataDir = tempDirForEachTest('portcullis-embedded-', async () => {
    await store?.close();
    store = undefined;
  });
  const journalPath = () => join(dataDir(), 'store', 'journal.jsonl');
  const snapshotPath = () => join(dataDir(), 'store', 'snapshot.jsonl');

  async function reopen(options: { compactAtBytes?: number } = {}): Promise<EmbeddedStore> {
    await store?.close();
    store = await EmbeddedStore.open({ dataDir: dataDir(), ...options });
    return store;
  }

  it('keeps records, Dates and indexes across a restart', async () => {
    let s = await reopen();
    const users = s.collection('users');
    await users.createIndex({ key: { email: 1 }, unique: true });
    await s.collection('sessions').createIndex({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
    const created = new Date('2024-05-06T07:08:09.010Z');
    await users.insertOne({ _id: 'u1', email: 'a@example.com', created, nested: { when: [created] } });
    await users.updateOne({ _id: 'u1' }, { $inc: { logins: 2 } });
    await users.insertOne({ _id: 'u2', email: 'b@example.com' });
    await users.deleteOne({ _id: 'u2' });
    await s.collection('sessions').insertOne({ _id: 's1', expiresAt: new Date(Date.now() - 1000) });

    s = await reopen();
    const doc = await s.collection('users').findOne({ _id: 'u1' });
    expect(doc).to.deep.equal({ _id: 'u1', email: 'a@example.com', created, nested: { when: [created] }, logins: 2 });
    expect(doc?.created).to.be.instanceOf(Date);
    expect((doc?.nested as { when: unknown[] }).when[0]).to.be.instanceOf(Date);
    expect(await s.collection('users').findOne({ _id: 'u2' })).to.equal(null);
    // The unique and TTL indexes came back too.
    const error = await s.collection('users').insertOne({ email: 'a@example.com' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(StoreError).with.property('code', 'duplicate_key');
    expect(await s.collection('sessions').findOne({ _id: 's1' })).to.equal(null);
  });

  it('replays the journal of a store that was never closed', async () => {
    const s = await reopen();
    await s.collection('c').insertOne({ _id: 'a', v: 1 });
    await s.collection('c').updateOne({ _id: 'a' }, { $set: { v: 2 } });
    // Copy the files as a crash would leave them, before close() compacts.
    const crashed = makeTempDir('portcullis-embedded-crashed-');
    try {
      mkdirSync(join(crashed, 'store'));
      copyFileSync(journalPath(), join(crashed, 'store', 'journal.jsonl'));
      copyFileSync(snapshotPath(), join(crashed, 'store', 'snapshot.jsonl'));
      expect(readFileSync(join(crashed, 'store', 'journal.jsonl'), 'utf8').trim().split('\n')).to.have.length(2);
      const recovered = await EmbeddedStore.open({ dataDir: crashed });
      try {
        expect(await recovered.collection('c').findOne({ _id: 'a' })).to.deep.equal({ _id: 'a', v: 2 });
      } finally {
        await recovered.close();
      }
    } finally {
      removeTempDir(crashed);
    }
  });

  it('compacts into a snapshot when the journal grows, keeping everything', async () => {
    const s = await reopen({ compactAtBytes: 2048 });
    const coll = s.collection('items');
    for (let i = 0; i < 150; i++) await coll.insertOne({ _id: `i${i}`, i, at: new Date(i * 1000) });
    for (let i = 0; i < 150; i += 3) await coll.updateOne({ _id: `i${i}` }, { $set: { third: true } });
    for (let i = 1; i < 150; i += 10) await coll.deleteOne({ _id: `i${i}` });
    // Compaction ran: the journal holds less than the next threshold (the last snapshot's size) plus one flush.
    expect(statSync(snapshotPath()).size).to.be.above(4096);
    expect(statSync(journalPath()).size).to.be.below(statSync(snapshotPath()).size + 2048);

    const check = async (target: EmbeddedStore) => {
      const items = await target.collection('items').find({}, { sort: { i: 1 } });
      expect(items).to.have.length(135);
      // Multiples of 3, less the deleted 21, 51, 81, 111 and 141.
      expect(items.filter((d) => d.third)).to.have.length(45);
      expect(items.every((d) => d.at instanceof Date && (d.at as Date).getTime() === (d.i as number) * 1000)).to.equal(true);
    };
    await check(s);
    await check(await reopen({ compactAtBytes: 2048 }));
  });

  it('waits for a journal as large as the last snapshot before compacting again: a large store is not rewritten every few KiB', async () => {
    const threshold = 1024;
    const s = await reopen({ compactAtBytes: threshold });
    const coll = s.collection('activity');
    const snapshotSeq = () => JSON.parse(readFileSync(snapshotPath(), 'utf8').split('\n')[0]!).seq as number;
    let seq = snapshotSeq();
    let snapshotBytes = statSync(snapshotPath()).size;
    let journalBytes = 0;
    let compactions = 0;
    for (let i = 0; i < 120; i++) {
      await coll.insertOne({ _id: `a${i}`, text: 'x'.repeat(150) });
      if (snapshotSeq() !== seq) {
        // A compaction came only once the journal had reached the larger of the threshold and the snapshot it replaced.
        expect(journalBytes, `journal before compaction ${compactions + 1}`).to.be.at.least(Math.max(threshold, snapshotBytes));
        compactions++;
        seq = snapshotSeq();
        snapshotBytes = statSync(snapshotPath()).size;
      }
      journalBytes = statSync(journalPath()).size;
    }
    // About 24 KiB written: the snapshot doubles between compactions (a fixed 1 KiB threshold compacted some 20 times).
    expect(compactions).to.be.within(2, 6);
    expect(await coll.count({})).to.equal(120);
    expect(await (await reopen({ compactAtBytes: threshold })).collection('activity').count({})).to.equal(120);
  });

  it('compacts at open and on close, leaving an empty journal', async () => {
    const s = await reopen();
    await s.collection('c').insertOne({ _id: 'a' });
    expect(statSync(journalPath()).size).to.be.above(0);
    await s.close();
    store = undefined;
    expect(statSync(journalPath()).size).to.equal(0);
    expect(readFileSync(snapshotPath(), 'utf8')).to.contain('"_id":"a"');
  });

  it('ignores a torn last journal line and keeps appending cleanly', async () => {
    let s = await reopen();
    await s.collection('c').insertOne({ _id: 'before' });
    await s.close();
    store = undefined;
    // A crash mid-append: one complete record, then a record cut off with no newline.
    const seq = JSON.parse(readFileSync(snapshotPath(), 'utf8').split('\n')[0]!).seq as number;
    const record = (n: number, id: string) =>
      `{"seq":${n},"ops":[{"c":"c","put":${encodeJson({ _id: id, at: new Date(0) })}}]}`;
    appendFileSync(journalPath(), `${record(seq + 1, 'complete')}\n${record(seq + 2, 'torn').slice(0, 30)}`);

    s = await reopen();
    expect((await s.collection('c').find({}, { sort: { _id: 1 } })).map((d) => d._id)).to.deep.equal(['before', 'complete']);
    expect((await s.collection('c').findOne({ _id: 'complete' }))?.at).to.be.instanceOf(Date);
    await s.collection('c').insertOne({ _id: 'after' });
    s = await reopen();
    expect((await s.collection('c').find({}, { sort: { _id: 1 } })).map((d) => d._id)).to.deep.equal([
      'after',
      'before',
      'complete',
    ]);
  });

  it('refuses to open a journal corrupted before its last record', async () => {
    const s = await reopen();
    await s.collection('c').insertOne({ _id: 'a' });
    await s.close();
    store = undefined;
    const seq = JSON.parse(readFileSync(snapshotPath(), 'utf8').split('\n')[0]!).seq as number;
    writeFileSync(journalPath(), `{"seq":${seq + 1},"ops":[{"c":"c","put":{"_id"\n{"seq":${seq + 2},"ops":[]}\n`);
    const error = await EmbeddedStore.open({ dataDir: dataDir() }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(StoreError).with.property('code', 'unavailable');
    expect((error as Error).message).to.match(/corrupt/);
  });

  it('skips journal records already in the snapshot (crash between snapshot and truncate)', async () => {
    let s = await reopen();
    await s.collection('c').insertOne({ _id: 'a', v: 1 });
    await s.collection('c').updateOne({ _id: 'a' }, { $inc: { v: 1 } });
    const journal = readFileSync(journalPath(), 'utf8');
    await s.close();
    store = undefined;
    // The snapshot already holds both records; an untruncated journal replays nothing twice.
    writeFileSync(journalPath(), journal);
    s = await reopen();
    expect(await s.collection('c').findOne({ _id: 'a' })).to.deep.equal({ _id: 'a', v: 2 });
  });

  it('sweeps expired documents out of memory and the files', async () => {
    const s = (store = await EmbeddedStore.open({ dataDir: dataDir(), ttlSweepMs: 30 }));
    const coll = s.collection('tokens');
    await coll.createIndex({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
    await coll.insertMany([
      { _id: 'short', expiresAt: new Date(Date.now() + 100) },
      { _id: 'long', expiresAt: new Date(Date.now() + 3_600_000) },
    ]);
    expect(s.storedCount('tokens')).to.equal(2);
    for (let i = 0; i < 100 && s.storedCount('tokens') > 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(s.storedCount('tokens')).to.equal(1);
    expect((await coll.find()).map((d) => d._id)).to.deep.equal(['long']);
    // The deletion was journaled: it is not back after a restart.
    expect((await reopen()).storedCount('tokens')).to.equal(1);
  });

  it('sweeps exactly the expired documents at every point of the clock, across updates and a restart', async () => {
    let clock = 1_000_000;
    const open = () => EmbeddedStore.open({ dataDir: dataDir(), ttlSweepMs: 3_600_000, now: () => clock });
    let s = (store = await open());
    const coll = s.collection('tokens');
    await coll.createIndex({ key: { expiresAt: 1 }, expireAfterSeconds: 10 });
    const at = (ms: number) => new Date(ms);
    await coll.insertMany([
      { _id: 'a', expiresAt: at(1_000_000) },
      { _id: 'b', expiresAt: at(1_050_000) },
      { _id: 'never' },
    ]);
    expect(await s.sweepExpired()).to.equal(0);
    clock = 1_010_000;
    expect(await s.sweepExpired()).to.equal(1);
    // A document expiring before every other one, inserted after the sweep looked.
    await coll.insertOne({ _id: 'c', expiresAt: at(1_005_000) });
    expect(await s.sweepExpired()).to.equal(0);
    clock = 1_015_000;
    expect(await s.sweepExpired()).to.equal(1);
    // An update moving a document's expiry earlier counts too.
    await coll.updateOne({ _id: 'b' }, { $set: { expiresAt: at(1_000_000) } });
    expect(await s.sweepExpired()).to.equal(1);
    await coll.insertOne({ _id: 'd', expiresAt: at(1_020_000) });
    store = s = await (async () => {
      await s.close();
      return open();
    })();
    clock = 1_030_000;
    expect(await s.sweepExpired()).to.equal(1);
    expect((await s.collection('tokens').find()).map((d) => d._id)).to.deep.equal(['never']);
  });

  it('lets an expired document be replaced before the sweep removes it', async () => {
    const s = (store = await EmbeddedStore.open({ dataDir: dataDir(), ttlSweepMs: 3_600_000 }));
    const coll = s.collection('locks');
    await coll.createIndex({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
    await coll.createIndex({ key: { name: 1 }, unique: true });
    await coll.insertOne({ _id: 'l1', name: 'job', expiresAt: new Date(Date.now() - 1) });
    expect(s.storedCount('locks')).to.equal(1);
    await coll.insertOne({ _id: 'l2', name: 'job', expiresAt: new Date(Date.now() + 60_000) });
    await coll.insertOne({ _id: 'l1', name: 'other', expiresAt: new Date(Date.now() + 60_000) });
    expect((await coll.find({}, { sort: { _id: 1 } })).map((d) => d.name)).to.deep.equal(['other', 'job']);
  });

  it('rejects every call once closed', async () => {
    const s = await reopen();
    await s.close();
    store = undefined;
    const error = await s.collection('c').findOne({}).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(StoreError).with.property('code', 'unavailable');
  });
});
