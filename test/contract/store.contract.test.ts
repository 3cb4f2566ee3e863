/**
 * The collection contract (core/store/types.ts), written once against a store factory and run
 * against every backend: the embedded store always, MongoDB when MONGODB_URI is set.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { openStore, setStoreUnavailable, MongoStore } from '../../core/store/open-store.js';
import { StoreError, type Collection, type Doc, type Store, type StoreErrorCode } from '../../core/store/types.js';
import { makeTempDir, removeTempDir } from '../fixtures/files/temp-dir.js';

interface StoreFixture {
  store: Store;
  dispose(): Promise<void>;
}

/** Opens a fresh store, or returns why this backend cannot run here. */
type StoreFactory = () => Promise<StoreFixture | string>;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

async function expectStoreError(promise: Promise<unknown>, code: StoreErrorCode): Promise<StoreError> {
  const error = await rejection(promise);
  expect(error, String(error)).to.be.instanceOf(StoreError);
  expect((error as StoreError).code).to.equal(code);
  return error as StoreError;
}

const ids = (docs: Doc[]): string[] => docs.map((doc) => doc._id!);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function storeContract(label: string, factory: StoreFactory): void {
  describe(`store contract: ${label}`, function () {
    let fixture: StoreFixture;
    let store: Store;
    let counter = 0;
    const fresh = <T extends Doc = Doc>(): Collection<T> => store.collection<T>(`c${++counter}_${randomUUID().slice(0, 8)}`);

    before(async function () {
      const made = await factory();
      if (typeof made === 'string') {
        console.log(`      pending: ${made}`);
        this.skip();
      }
      fixture = made as StoreFixture;
      store = fixture.store;
    });

    after(async () => {
      await fixture?.dispose();
    });

    it('reports its kind and answers ping', async () => {
      expect(store.kind).to.be.oneOf(['embedded', 'mongodb']);
      await store.ping();
    });

    describe('queries', () => {
      let coll: Collection;
      before(async () => {
        coll = fresh();
        await coll.insertMany([
          {
            _id: 'a',
            name: 'alpha',
            n: 1,
            tags: ['x', 'y'],
            sub: { k: 1, deep: { v: 'p' } },
            items: [
              { sku: 's1', qty: 2 },
              { sku: 's2', qty: 5 },
            ],
            at: new Date('2024-01-01T00:00:00Z'),
          },
          { _id: 'b', name: 'beta', n: 2, tags: ['y'], sub: { k: 2 }, items: [{ sku: 's1', qty: 9 }], at: new Date('2024-02-01T00:00:00Z') },
          { _id: 'c', name: 'gamma', n: 3, tags: [], sub: { k: 2 }, opt: null },
          { _id: 'd', name: 'delta', n: 4, sub: { k: 3 }, at: new Date('2024-03-01T00:00:00Z'), opt: 'set' },
          { _id: 'e', name: 'Epsilon', n: 5 },
        ]);
      });
      const q = async (filter: Record<string, unknown>) => ids(await coll.find(filter, { sort: { _id: 1 } }));

      it('compares with $eq $ne $gt $gte $lt $lte, Dates included', async () => {
        expect(await q({ n: { $eq: 3 } })).to.deep.equal(['c']);
        expect(await q({ n: 3 })).to.deep.equal(['c']);
        expect(await q({ n: { $ne: 3 } })).to.deep.equal(['a', 'b', 'd', 'e']);
        expect(await q({ n: { $gt: 3 } })).to.deep.equal(['d', 'e']);
        expect(await q({ n: { $gte: 3 } })).to.deep.equal(['c', 'd', 'e']);
        expect(await q({ n: { $lt: 2 } })).to.deep.equal(['a']);
        expect(await q({ n: { $lte: 2 } })).to.deep.equal(['a', 'b']);
        expect(await q({ at: { $gte: new Date('2024-02-01T00:00:00Z') } })).to.deep.equal(['b', 'd']);
        expect(await q({ at: { $lt: new Date('2024-02-01T00:00:00Z') } })).to.deep.equal(['a']);
      });

      it('matches sets with $in and $nin, array fields element-wise', async () => {
        expect(await q({ n: { $in: [1, 4, 9] } })).to.deep.equal(['a', 'd']);
        expect(await q({ n: { $nin: [1, 4] } })).to.deep.equal(['b', 'c', 'e']);
        expect(await q({ tags: { $in: ['x'] } })).to.deep.equal(['a']);
        expect(await q({ tags: { $nin: ['y'] } })).to.deep.equal(['c', 'd', 'e']);
        expect(await q({ tags: 'y' })).to.deep.equal(['a', 'b']);
      });

      it('tests presence with $exists, and null matches missing fields', async () => {
        expect(await q({ opt: { $exists: true } })).to.deep.equal(['c', 'd']);
        expect(await q({ opt: { $exists: false } })).to.deep.equal(['a', 'b', 'e']);
        expect(await q({ opt: null })).to.deep.equal(['a', 'b', 'c', 'e']);
      });

      it('combines with $and, $or and $not', async () => {
        expect(await q({ $and: [{ n: { $gt: 1 } }, { n: { $lt: 4 } }] })).to.deep.equal(['b', 'c']);
        expect(await q({ $or: [{ n: 1 }, { name: 'delta' }] })).to.deep.equal(['a', 'd']);
        expect(await q({ n: { $not: { $gt: 2 } } })).to.deep.equal(['a', 'b']);
        expect(await q({ $or: [{ 'sub.k': 2 }, { tags: 'x' }], n: { $ne: 3 } })).to.deep.equal(['a', 'b']);
      });

      it('matches patterns with $regex, $options and RegExp values', async () => {
        expect(await q({ name: { $regex: '^(al|be)' } })).to.deep.equal(['a', 'b']);
        expect(await q({ name: { $regex: '^eps', $options: 'i' } })).to.deep.equal(['e']);
        expect(await q({ name: /a$/ })).to.deep.equal(['a', 'b', 'c', 'd']);
      });

      it('matches one array element on several conditions with $elemMatch', async () => {
        expect(await q({ items: { $elemMatch: { sku: 's1', qty: { $gt: 3 } } } })).to.deep.equal(['b']);
        // Without $elemMatch the conditions may hold on different elements.
        expect(await q({ 'items.sku': 's1', 'items.qty': { $gt: 3 } })).to.deep.equal(['a', 'b']);
      });

      it('follows dotted paths into sub-documents and arrays', async () => {
        expect(await q({ 'sub.k': 2 })).to.deep.equal(['b', 'c']);
        expect(await q({ 'sub.deep.v': 'p' })).to.deep.equal(['a']);
        expect(await q({ 'items.sku': 's2' })).to.deep.equal(['a']);
        expect(await q({ 'items.qty': { $gte: 9 } })).to.deep.equal(['b']);
      });

      it('rejects an unknown operator with invalid_query', async () => {
        await expectStoreError(coll.find({ n: { $bogus: 1 } }), 'invalid_query');
      });

      it('sorts ascending, descending and by several keys', async () => {
        expect(ids(await coll.find({}, { sort: { n: -1 } }))).to.deep.equal(['e', 'd', 'c', 'b', 'a']);
        expect(ids(await coll.find({ 'sub.k': { $exists: true } }, { sort: { 'sub.k': -1, n: 1 } }))).to.deep.equal([
          'd',
          'b',
          'c',
          'a',
        ]);
        expect(ids(await coll.find({ at: { $exists: true } }, { sort: { at: -1 } }))).to.deep.equal(['d', 'b', 'a']);
      });

      it('skips and limits after sorting', async () => {
        expect(ids(await coll.find({}, { sort: { n: 1 }, skip: 1, limit: 2 }))).to.deep.equal(['b', 'c']);
        expect(ids(await coll.find({}, { sort: { n: 1 }, limit: 2 }))).to.deep.equal(['a', 'b']);
        expect(ids(await coll.find({}, { sort: { n: 1 }, skip: 4 }))).to.deep.equal(['e']);
        expect((await coll.findOne({}, { sort: { n: -1 } }))?._id).to.equal('e');
        expect((await coll.findOne({}, { sort: { n: 1 }, skip: 2 }))?._id).to.equal('c');
      });

      it('projects included or excluded fields', async () => {
        expect(await coll.findOne({ _id: 'a' }, { projection: { name: 1 } })).to.deep.equal({ _id: 'a', name: 'alpha' });
        expect(await coll.findOne({ _id: 'a' }, { projection: { name: 1, 'sub.k': 1, _id: 0 } })).to.deep.equal({
          name: 'alpha',
          sub: { k: 1 },
        });
        const trimmed = await coll.findOne({ _id: 'b' }, { projection: { items: 0, tags: 0, sub: 0, at: 0 } });
        expect(trimmed).to.deep.equal({ _id: 'b', name: 'beta', n: 2 });
      });

      it('counts matches', async () => {
        expect(await coll.count()).to.equal(5);
        expect(await coll.count({ n: { $gt: 2 } })).to.equal(3);
        expect(await coll.count({ n: 99 })).to.equal(0);
      });

      it('finds by _id and returns null when nothing matches', async () => {
        expect((await coll.findOne({ _id: 'c' }))?.name).to.equal('gamma');
        expect(await q({ _id: { $in: ['a', 'a', 'c', 'zz'] } })).to.deep.equal(['a', 'c']);
        expect(await q({ _id: 'a', n: 2 })).to.deep.equal([]);
        expect(await coll.findOne({ _id: 'zz' })).to.equal(null);
        expect(await coll.find({ n: 42 })).to.deep.equal([]);
      });

      it('returns Dates as Date objects', async () => {
        const doc = await coll.findOne({ _id: 'a' });
        expect(doc?.at).to.be.instanceOf(Date);
        expect((doc?.at as Date).toISOString()).to.equal('2024-01-01T00:00:00.000Z');
      });
    });

    describe('inserts', () => {
      it('gives a document without _id a string UUID and returns it stored', async () => {
        const coll = fresh();
        const doc = await coll.insertOne({ name: 'x' });
        expect(doc._id).to.be.a('string').and.match(/^[0-9a-f-]{36}$/);
        expect(await coll.findOne({ _id: doc._id })).to.deep.equal({ _id: doc._id, name: 'x' });
      });

      it('keeps a caller-chosen _id and refuses it twice', async () => {
        const coll = fresh();
        await coll.insertOne({ _id: 'fixed', v: 1 });
        const error = await expectStoreError(coll.insertOne({ _id: 'fixed', v: 2 }), 'duplicate_key');
        expect(error.keyFields).to.deep.equal(['_id']);
        expect((await coll.findOne({ _id: 'fixed' }))?.v).to.equal(1);
      });

      it('inserts many and returns them with ids', async () => {
        const coll = fresh();
        const docs = await coll.insertMany([{ v: 1 }, { v: 2 }, { _id: 'three', v: 3 }]);
        expect(docs.map((d) => typeof d._id)).to.deep.equal(['string', 'string', 'string']);
        expect(docs[2]!._id).to.equal('three');
        expect(await coll.count()).to.equal(3);
        expect(await coll.insertMany([])).to.deep.equal([]);
      });

      it('inserts many answering only how many, all or nothing', async () => {
        const coll = fresh();
        expect(await coll.insertManyCount([{ v: 1 }, { _id: 'two', v: 2 }])).to.equal(2);
        expect((await coll.findOne({ _id: 'two' }))!.v).to.equal(2);
        const conflict = await coll.insertManyCount([{ _id: 'three', v: 3 }, { _id: 'two', v: 4 }]).catch((e: unknown) => e);
        expect((conflict as StoreError).code).to.equal('duplicate_key');
        expect(await coll.count()).to.equal(2);
        expect(await coll.insertManyCount([])).to.equal(0);
      });
    });

    describe('updates', () => {
      it('applies $set, $unset and $inc, dotted paths included', async () => {
        const coll = fresh();
        await coll.insertOne({ _id: 'u', a: 1, b: 'x', nested: { c: 1 } });
        const result = await coll.updateOne({ _id: 'u' }, { $set: { b: 'y', 'nested.d': 2 }, $unset: { a: '' }, $inc: { 'nested.c': 5, fresh: 1 } });
        expect(result).to.deep.equal({ matched: 1, modified: 1 });
        expect(await coll.findOne({ _id: 'u' })).to.deep.equal({ _id: 'u', b: 'y', nested: { c: 6, d: 2 }, fresh: 1 });
      });

      it('reports nothing matched, and nothing modified when values are unchanged', async () => {
        const coll = fresh();
        await coll.insertOne({ _id: 'u', a: 1 });
        expect(await coll.updateOne({ _id: 'nope' }, { $set: { a: 2 } })).to.deep.equal({ matched: 0, modified: 0 });
        expect(await coll.updateOne({ _id: 'u' }, { $set: { a: 1 } })).to.deep.equal({ matched: 1, modified: 0 });
      });

      it('edits arrays with $push, $pull and $addToSet', async () => {
        const coll = fresh();
        await coll.insertOne({ _id: 'arr', list: [1, 2, 3], set: ['a'] });
        await coll.updateOne({ _id: 'arr' }, { $push: { list: 4 } });
        await coll.updateOne({ _id: 'arr' }, { $push: { list: { $each: [5, 6] } } });
        await coll.updateOne({ _id: 'arr' }, { $pull: { list: { $gte: 5 } } });
        await coll.updateOne({ _id: 'arr' }, { $pull: { list: 1 } });
        const added = await coll.updateOne({ _id: 'arr' }, { $addToSet: { set: { $each: ['a', 'b'] } } });
        expect(added.modified).to.equal(1);
        expect((await coll.updateOne({ _id: 'arr' }, { $addToSet: { set: 'a' } })).modified).to.equal(0);
        expect(await coll.findOne({ _id: 'arr' })).to.deep.equal({ _id: 'arr', list: [2, 3, 4], set: ['a', 'b'] });
      });

      it('upserts from the filter, $set and $setOnInsert, with a string _id', async () => {
        const coll = fresh();
        const first = await coll.updateOne(
          { tenant: 't1', slug: 'key' },
          { $set: { value: 1 }, $setOnInsert: { createdBy: 'first' } },
          { upsert: true },
        );
        expect(first.matched).to.equal(0);
        expect(first.upsertedId).to.be.a('string');
        const created = await coll.findOne({ _id: first.upsertedId });
        expect(created).to.deep.equal({ _id: first.upsertedId, tenant: 't1', slug: 'key', value: 1, createdBy: 'first' });

        const second = await coll.updateOne(
          { tenant: 't1', slug: 'key' },
          { $set: { value: 2 }, $setOnInsert: { createdBy: 'second' } },
          { upsert: true },
        );
        expect(second).to.deep.equal({ matched: 1, modified: 1 });
        expect(await coll.findOne({ slug: 'key' })).to.deep.equal({ ...created, value: 2 });
        expect(await coll.count()).to.equal(1);
      });

      it('upserts under the _id the filter pins', async () => {
        const coll = fresh();
        const result = await coll.updateOne({ _id: 'pinned' }, { $inc: { hits: 1 } }, { upsert: true });
        expect(result.upsertedId).to.equal('pinned');
        expect(await coll.findOne({ _id: 'pinned' })).to.deep.equal({ _id: 'pinned', hits: 1 });
      });

      it('updates every match with updateMany', async () => {
        const coll = fresh();
        await coll.insertMany([{ g: 1 }, { g: 1 }, { g: 2 }]);
        expect(await coll.updateMany({ g: 1 }, { $set: { seen: true } })).to.deep.equal({ matched: 2, modified: 2 });
        expect(await coll.count({ seen: true })).to.equal(2);
      });

      it('refuses an update without operators, and $inc of a non-number', async () => {
        const coll = fresh();
        await coll.insertOne({ _id: 'x', s: 'text' });
        await expectStoreError(coll.updateOne({ _id: 'x' }, { s: 'replaced' }), 'invalid_query');
        await expectStoreError(coll.updateOne({ _id: 'x' }, { $inc: { s: 1 } }), 'invalid_query');
        expect(await coll.findOne({ _id: 'x' })).to.deep.equal({ _id: 'x', s: 'text' });
      });
    });

    describe('findOneAndUpdate', () => {
      it('returns the updated document by default, the previous one on request', async () => {
        const coll = fresh();
        await coll.insertOne({ _id: 'f', n: 1 });
        expect(await coll.findOneAndUpdate({ _id: 'f' }, { $inc: { n: 1 } })).to.deep.equal({ _id: 'f', n: 2 });
        expect(await coll.findOneAndUpdate({ _id: 'f' }, { $inc: { n: 1 } }, { returnDocument: 'before' })).to.deep.equal({
          _id: 'f',
          n: 2,
        });
        expect((await coll.findOne({ _id: 'f' }))?.n).to.equal(3);
      });

      it('returns null when nothing matches, and upserts when asked', async () => {
        const coll = fresh();
        expect(await coll.findOneAndUpdate({ k: 'none' }, { $set: { v: 1 } })).to.equal(null);
        expect(await coll.count()).to.equal(0);
        const created = await coll.findOneAndUpdate({ k: 'new' }, { $set: { v: 1 } }, { upsert: true });
        expect(created).to.include({ k: 'new', v: 1 });
        expect(created?._id).to.be.a('string');
        expect(await coll.findOneAndUpdate({ k: 'other' }, { $set: { v: 1 } }, { upsert: true, returnDocument: 'before' })).to.equal(
          null,
        );
        expect(await coll.count()).to.equal(2);
      });

      it('updates the first match in sort order', async () => {
        const coll = fresh();
        await coll.insertMany([
          { _id: 'j1', state: 'queued', priority: 2 },
          { _id: 'j2', state: 'queued', priority: 9 },
          { _id: 'j3', state: 'queued', priority: 5 },
        ]);
        const claimed = await coll.findOneAndUpdate({ state: 'queued' }, { $set: { state: 'running' } }, { sort: { priority: -1 } });
        expect(claimed?._id).to.equal('j2');
        expect(claimed?.state).to.equal('running');
      });

      it('loses no count under 200 concurrent $inc', async () => {
        const coll = fresh();
        await coll.insertOne({ _id: 'counter', n: 0 });
        const results = await Promise.all(
          Array.from({ length: 200 }, () => coll.findOneAndUpdate({ _id: 'counter' }, { $inc: { n: 1 } })),
        );
        expect((await coll.findOne({ _id: 'counter' }))?.n).to.equal(200);
        // Each caller saw its own increment: the returned values are exactly 1..200.
        const seen = results.map((doc) => doc?.n as number).sort((a, b) => a - b);
        expect(seen).to.deep.equal(Array.from({ length: 200 }, (_, i) => i + 1));
      });

      it('applies a conditional $inc atomically (a reservation never overdraws)', async () => {
        const coll = fresh();
        await coll.insertOne({ _id: 'quota', left: 10 });
        const attempts = await Promise.all(
          Array.from({ length: 25 }, () => coll.findOneAndUpdate({ _id: 'quota', left: { $gte: 1 } }, { $inc: { left: -1 } })),
        );
        expect(attempts.filter((doc) => doc !== null)).to.have.length(10);
        expect((await coll.findOne({ _id: 'quota' }))?.left).to.equal(0);
      });
    });

    describe('replaceOne and deletes', () => {
      it('replaces the whole document and keeps _id', async () => {
        const coll = fresh();
        await coll.insertOne({ _id: 'r', a: 1, b: 2 });
        expect(await coll.replaceOne({ _id: 'r' }, { c: 3 })).to.deep.equal({ matched: 1, modified: 1 });
        expect(await coll.findOne({ _id: 'r' })).to.deep.equal({ _id: 'r', c: 3 });
        expect(await coll.replaceOne({ _id: 'missing' }, { c: 3 })).to.deep.equal({ matched: 0, modified: 0 });
        await expectStoreError(coll.replaceOne({ _id: 'r' }, { _id: 'other', c: 4 }), 'invalid_query');
      });

      it('upserts a replacement under a string _id', async () => {
        const coll = fresh();
        const result = await coll.replaceOne({ slug: 's' }, { slug: 's', v: 1 }, { upsert: true });
        expect(result.upsertedId).to.be.a('string');
        expect(await coll.findOne({ slug: 's' })).to.deep.equal({ _id: result.upsertedId, slug: 's', v: 1 });
        const pinned = await coll.replaceOne({ _id: 'p' }, { v: 2 }, { upsert: true });
        expect(pinned.upsertedId).to.equal('p');
      });

      it('deletes one or many and reports how many', async () => {
        const coll = fresh();
        await coll.insertMany([{ g: 1 }, { g: 1 }, { g: 1 }, { g: 2 }]);
        expect(await coll.deleteOne({ g: 1 })).to.equal(1);
        expect(await coll.count({ g: 1 })).to.equal(2);
        expect(await coll.deleteMany({ g: 1 })).to.equal(2);
        expect(await coll.deleteMany({ g: 1 })).to.equal(0);
        expect(await coll.deleteOne({ g: 9 })).to.equal(0);
        expect(await coll.count()).to.equal(1);
      });
    });

    describe('unique indexes', () => {
      it('refuses a duplicate insert, naming the key fields', async () => {
        const coll = fresh();
        await coll.createIndex({ key: { email: 1 }, unique: true });
        await coll.insertOne({ email: 'a@example.com' });
        const error = await expectStoreError(coll.insertOne({ email: 'a@example.com' }), 'duplicate_key');
        expect(error.keyFields).to.deep.equal(['email']);
        expect(await coll.count()).to.equal(1);
      });

      it('refuses an update or upsert that would duplicate a key, changing nothing', async () => {
        const coll = fresh();
        await coll.createIndex({ key: { email: 1 }, unique: true });
        await coll.insertMany([
          { _id: 'a', email: 'a@example.com' },
          { _id: 'b', email: 'b@example.com' },
        ]);
        await expectStoreError(coll.updateOne({ _id: 'b' }, { $set: { email: 'a@example.com' } }), 'duplicate_key');
        await expectStoreError(coll.findOneAndUpdate({ _id: 'b' }, { $set: { email: 'a@example.com' } }), 'duplicate_key');
        await expectStoreError(coll.replaceOne({ _id: 'b' }, { email: 'a@example.com' }), 'duplicate_key');
        await expectStoreError(
          coll.updateOne({ _id: 'c' }, { $set: { email: 'a@example.com' } }, { upsert: true }),
          'duplicate_key',
        );
        expect((await coll.findOne({ _id: 'b' }))?.email).to.equal('b@example.com');
        expect(await coll.count()).to.equal(2);
      });

      it('inserts many all-or-nothing', async () => {
        const coll = fresh();
        await coll.createIndex({ key: { email: 1 }, unique: true });
        await coll.insertOne({ email: 'taken@example.com' });
        await expectStoreError(
          coll.insertMany([{ email: 'one@example.com' }, { email: 'taken@example.com' }, { email: 'two@example.com' }]),
          'duplicate_key',
        );
        await expectStoreError(
          coll.insertMany([{ email: 'x@example.com' }, { email: 'x@example.com' }]),
          'duplicate_key',
        );
        expect(await coll.count()).to.equal(1);
      });

      it('enforces a compound key on the combination only', async () => {
        const coll = fresh();
        await coll.createIndex({ key: { tenant: 1, slug: 1 }, unique: true });
        await coll.insertMany([
          { tenant: 't1', slug: 'a' },
          { tenant: 't2', slug: 'a' },
          { tenant: 't1', slug: 'b' },
        ]);
        const error = await expectStoreError(coll.insertOne({ tenant: 't2', slug: 'a' }), 'duplicate_key');
        expect(error.keyFields).to.deep.equal(['tenant', 'slug']);
        expect((await coll.findOne({ tenant: 't2', slug: 'a' }))?.tenant).to.equal('t2');
        expect(await coll.findOne({ tenant: 't2', slug: 'a', extra: true })).to.equal(null);
        expect(await coll.count({ tenant: 't1', slug: { $eq: 'b' } })).to.equal(1);
      });

      it('ignores documents without the field in a sparse index', async () => {
        const coll = fresh();
        await coll.createIndex({ key: { externalId: 1 }, unique: true, sparse: true });
        await coll.insertMany([{ name: 'a' }, { name: 'b' }, { externalId: 'e1' }]);
        await expectStoreError(coll.insertOne({ externalId: 'e1' }), 'duplicate_key');
        expect(await coll.count()).to.equal(3);
      });

      it('treats a missing field as null in a non-sparse unique index', async () => {
        const coll = fresh();
        await coll.createIndex({ key: { code: 1 }, unique: true });
        await coll.insertOne({ name: 'first' });
        await expectStoreError(coll.insertOne({ name: 'second' }), 'duplicate_key');
      });

      it('refuses to build a unique index over existing duplicates', async () => {
        const coll = fresh();
        await coll.insertMany([{ k: 1 }, { k: 1 }]);
        await expectStoreError(coll.createIndex({ key: { k: 1 }, unique: true }), 'duplicate_key');
        await coll.insertOne({ k: 1 });
        expect(await coll.count()).to.equal(3);
      });

      it('frees a key when its holder is deleted or changed', async () => {
        const coll = fresh();
        await coll.createIndex({ key: { email: 1 }, unique: true });
        await coll.insertOne({ _id: 'a', email: 'a@example.com' });
        await coll.updateOne({ _id: 'a' }, { $set: { email: 'new@example.com' } });
        await coll.insertOne({ _id: 'b', email: 'a@example.com' });
        await coll.deleteOne({ _id: 'b' });
        await coll.insertOne({ _id: 'c', email: 'a@example.com' });
        expect(await coll.count()).to.equal(2);
      });

      it('ensureCollection creates indexes and is safe to repeat', async () => {
        const name = `ensured_${randomUUID().slice(0, 8)}`;
        const options = {
          schema: {
            $id: 'urn:portcullis:test:ensured',
            type: 'object',
            properties: { slug: { type: 'string' }, n: { type: 'integer' } },
            required: ['slug'],
          },
          indexes: [{ key: { slug: 1 as const }, unique: true }],
        };
        await store.ensureCollection(name, options);
        await store.ensureCollection(name, options);
        const coll = store.collection(name);
        await coll.insertOne({ slug: 's', n: 1 });
        await expectStoreError(coll.insertOne({ slug: 's', n: 2 }), 'duplicate_key');
      });
    });

    describe('TTL indexes', () => {
      it('never returns an expired document, and expires documents as their time passes', async () => {
        const coll = fresh();
        await coll.createIndex({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
        const now = Date.now();
        await coll.insertMany([
          { _id: 'past', expiresAt: new Date(now - 60_000) },
          { _id: 'soon', expiresAt: new Date(now + 1200) },
          { _id: 'later', expiresAt: new Date(now + 3_600_000) },
          { _id: 'never' },
        ]);
        expect(ids(await coll.find({}, { sort: { _id: 1 } }))).to.deep.equal(['later', 'never', 'soon']);
        expect(await coll.findOne({ _id: 'past' })).to.equal(null);
        await sleep(1500);
        expect(ids(await coll.find({}, { sort: { _id: 1 } }))).to.deep.equal(['later', 'never']);
        expect(await coll.count()).to.equal(2);
        expect(await coll.findOne({ _id: 'soon' })).to.equal(null);
      });

      it('counts expireAfterSeconds from the Date in the field', async () => {
        const coll = fresh();
        await coll.createIndex({ key: { createdAt: 1 }, expireAfterSeconds: 1 });
        await coll.insertOne({ _id: 'old', createdAt: new Date(Date.now() - 5000) });
        await coll.insertOne({ _id: 'new', createdAt: new Date() });
        expect(ids(await coll.find())).to.deep.equal(['new']);
        await sleep(1300);
        expect(await coll.find()).to.deep.equal([]);
      });
    });

    describe('batch', () => {
      it('applies ops in order across collections, later ops seeing earlier ones', async () => {
        const a = fresh();
        const b = fresh();
        await a.insertOne({ _id: 'gone', v: 0 });
        await b.insertOne({ _id: 'keep', v: 0 });
        await store.batch([
          { collection: a.name, op: 'insert', doc: { _id: 'new', v: 1 } },
          { collection: a.name, op: 'update', filter: { _id: 'new' }, update: { $inc: { v: 1 } } },
          { collection: a.name, op: 'delete', filter: { _id: 'gone' } },
          { collection: b.name, op: 'replace', filter: { _id: 'keep' }, doc: { v: 5 } },
          { collection: b.name, op: 'update', filter: { _id: 'up' }, update: { $set: { v: 7 } }, upsert: true },
          { collection: b.name, op: 'update', filter: {}, update: { $set: { touched: true } }, many: true },
        ]);
        expect(await a.find({}, { sort: { _id: 1 } })).to.deep.equal([{ _id: 'new', v: 2 }]);
        expect(await b.find({}, { sort: { _id: 1 } })).to.deep.equal([
          { _id: 'keep', v: 5, touched: true },
          { _id: 'up', v: 7, touched: true },
        ]);
      });

      it('writes nothing when one op fails', async () => {
        const a = fresh();
        const b = fresh();
        await b.createIndex({ key: { slug: 1 }, unique: true });
        await a.insertOne({ _id: 'stay', v: 1 });
        await b.insertOne({ _id: 'held', slug: 'taken' });
        await expectStoreError(
          store.batch([
            { collection: a.name, op: 'insert', doc: { _id: 'added', v: 1 } },
            { collection: a.name, op: 'update', filter: { _id: 'stay' }, update: { $set: { v: 2 } } },
            { collection: a.name, op: 'delete', filter: { _id: 'stay' }, many: true },
            { collection: b.name, op: 'insert', doc: { slug: 'taken' } },
          ]),
          'duplicate_key',
        );
        expect(await a.find()).to.deep.equal([{ _id: 'stay', v: 1 }]);
        expect(await b.find()).to.deep.equal([{ _id: 'held', slug: 'taken' }]);
      });

      it('writes nothing when an op is malformed', async () => {
        const a = fresh();
        await expectStoreError(
          store.batch([
            { collection: a.name, op: 'insert', doc: { _id: 'x' } },
            { collection: a.name, op: 'update', filter: { _id: 'x' }, update: { v: 1 } },
          ]),
          'invalid_query',
        );
        expect(await a.count()).to.equal(0);
      });
    });

    describe('outage', () => {
      it('rejects every call with unavailable while down, and recovers', async () => {
        const coll = fresh();
        await coll.insertOne({ _id: 'x' });
        setStoreUnavailable(store, true);
        try {
          await expectStoreError(store.ping(), 'unavailable');
          await expectStoreError(coll.findOne({ _id: 'x' }), 'unavailable');
          await expectStoreError(coll.insertOne({ _id: 'y' }), 'unavailable');
          await expectStoreError(store.batch([{ collection: coll.name, op: 'delete', filter: {} }]), 'unavailable');
        } finally {
          setStoreUnavailable(store, false);
        }
        expect(ids(await coll.find())).to.deep.equal(['x']);
      });
    });
  });
}

storeContract('embedded', async () => {
  const dataDir = makeTempDir('portcullis-store-contract-');
  const store = await openStore({ dataDir, ttlSweepMs: 50 });
  return {
    store,
    async dispose() {
      await store.close();
      removeTempDir(dataDir);
    },
  };
});

storeContract('mongodb', async () => {
  const uri = process.env.MONGODB_URI;
  if (!uri) return 'MONGODB_URI is not set, so the MongoDB backend is not exercised';
  const store = (await MongoStore.open({ uri, dbName: `portcullis_contract_${randomUUID().slice(0, 8)}` })) as MongoStore;
  return {
    store,
    async dispose() {
      await store.db.dropDatabase();
      await store.close();
    },
  };
});
