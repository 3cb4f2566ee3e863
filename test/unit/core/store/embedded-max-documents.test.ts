import { expect } from 'chai';
import { EmbeddedStore } from '../../../../core/store/embedded/embedded-store.js';
import { StoreError } from '../../../../core/store/types.js';
import { tempDirForEachTest } from '../../../fixtures/files/temp-dir.js';

describe('core/store/embedded maxDocuments', () => {
  let store: EmbeddedStore | undefined;
  const dataDir = tempDirForEachTest('portcullis-capped-', async () => {
    await store?.close();
    store = undefined;
  });

  async function reopen(maxDocuments?: Record<string, number>): Promise<EmbeddedStore> {
    await store?.close();
    store = await EmbeddedStore.open({ dataDir: dataDir(), maxDocuments });
    return store;
  }

  const ids = async (s: EmbeddedStore, name: string) => (await s.collection(name).find({}, { sort: { n: 1 } })).map((doc) => doc._id);

  it('keeps the newest documents of a capped collection and leaves the others whole', async () => {
    const s = await reopen({ activity: 3 });
    for (let n = 1; n <= 5; n++) {
      await s.collection('activity').insertOne({ _id: `a${n}`, n });
      await s.collection('config').insertOne({ _id: `c${n}`, n });
    }
    await s.collection('activity').insertMany([{ _id: 'a6', n: 6 }, { _id: 'a7', n: 7 }]);
    expect(await ids(s, 'activity')).to.deep.equal(['a5', 'a6', 'a7']);
    expect(await s.collection('activity').count()).to.equal(3);
    expect(await s.collection('config').count()).to.equal(5);
  });

  it('holds the same documents after a restart, and applies a new maximum on load', async () => {
    let s = await reopen({ activity: 3 });
    for (let n = 1; n <= 6; n++) await s.collection('activity').insertOne({ _id: `a${n}`, n });
    // The journal still holds every insert: the maximum is applied again as it is replayed.
    s = await reopen({ activity: 3 });
    expect(await ids(s, 'activity')).to.deep.equal(['a4', 'a5', 'a6']);
    s = await reopen({ activity: 2 });
    expect(await ids(s, 'activity')).to.deep.equal(['a5', 'a6']);
    // Without a maximum nothing more is dropped, and nothing dropped comes back.
    s = await reopen();
    expect(await ids(s, 'activity')).to.deep.equal(['a5', 'a6']);
  });

  it('drops nothing when a write fails, and frees the unique keys of what it dropped', async () => {
    const s = await reopen({ activity: 2 });
    const activity = s.collection('activity');
    await activity.createIndex({ key: { trace: 1 }, unique: true });
    await activity.insertMany([{ _id: 'a1', n: 1, trace: 't1' }, { _id: 'a2', n: 2, trace: 't2' }]);
    const error = await activity.insertMany([{ _id: 'a3', n: 3, trace: 't3' }, { _id: 'a4', n: 4, trace: 't2' }]).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(StoreError).with.property('code', 'duplicate_key');
    expect(await ids(s, 'activity')).to.deep.equal(['a1', 'a2']);
    await activity.insertOne({ _id: 'a5', n: 5, trace: 't5' });
    expect(await ids(s, 'activity')).to.deep.equal(['a2', 'a5']);
    // a1 was dropped, so its key can be stored again.
    await activity.insertOne({ _id: 'a6', n: 6, trace: 't1' });
    expect(await ids(s, 'activity')).to.deep.equal(['a5', 'a6']);
  });

  it('refuses a maximum that is not a positive integer', async () => {
    for (const max of [0, -1, 1.5, Number.NaN]) {
      const error = await EmbeddedStore.open({ dataDir: dataDir(), maxDocuments: { activity: max } }).catch((e: unknown) => e);
      expect(error, String(max)).to.be.instanceOf(RangeError);
    }
  });
});
