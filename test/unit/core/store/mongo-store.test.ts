/**
 * The parts of the MongoDB backend that need no server: error mapping, string upsert ids, index
 * options, and failing cleanly when the server cannot be reached. The backend's behaviour is
 * covered by test/contract/store.contract.test.ts whenever MONGODB_URI is set.
 */
import { expect } from 'chai';
import { MongoInvalidArgumentError, MongoNetworkError, MongoServerError } from 'mongodb';
import { toStoreError } from '../../../../core/store/mongodb/mongo-errors.js';
import { pinnedId, withUpsertId } from '../../../../core/store/mongodb/string-id.js';
import { indexOptions } from '../../../../core/store/mongodb/index-options.js';
import { MongoStore } from '../../../../core/store/mongodb/mongo-store.js';
import { setStoreUnavailable } from '../../../../core/store/open-store.js';
import { StoreError, type Store } from '../../../../core/store/types.js';
import { freePort } from '../../../fixtures/network/free-port.js';

describe('core/store/mongodb without a server', () => {
  describe('toStoreError', () => {
    it('maps duplicate keys, naming the fields from keyPattern or from the message', () => {
      const withPattern = toStoreError(
        new MongoServerError({ code: 11000, errmsg: 'E11000 duplicate key error', keyPattern: { email: 1 } }),
      ) as StoreError;
      expect(withPattern).to.be.instanceOf(StoreError);
      expect(withPattern.code).to.equal('duplicate_key');
      expect(withPattern.keyFields).to.deep.equal(['email']);
      const fromMessage = toStoreError(
        new MongoServerError({
          code: 11000,
          errmsg: 'E11000 duplicate key error collection: db.c index: tenant_1_slug_1 dup key: { tenant: "t1", slug: "a" }',
        }),
      ) as StoreError;
      expect(fromMessage.keyFields).to.deep.equal(['tenant', 'slug']);
    });

    it('maps validation, query and outage errors, and passes anything else through', () => {
      expect((toStoreError(new MongoServerError({ code: 121, errmsg: 'Document failed validation' })) as StoreError).code).to.equal(
        'validation_failed',
      );
      expect((toStoreError(new MongoServerError({ code: 66, errmsg: 'immutable _id' })) as StoreError).code).to.equal('invalid_query');
      expect((toStoreError(new MongoInvalidArgumentError('Update document requires atomic operators')) as StoreError).code).to.equal(
        'invalid_query',
      );
      expect((toStoreError(new MongoNetworkError('connection reset')) as StoreError).code).to.equal('unavailable');
      const other = new MongoServerError({ code: 13, errmsg: 'Unauthorized' });
      expect(toStoreError(other)).to.equal(other);
      const plain = new Error('boom');
      expect(toStoreError(plain)).to.equal(plain);
    });
  });

  describe('string upsert ids', () => {
    it('leaves an update alone when the filter pins _id', () => {
      const update = { $set: { a: 1 } };
      expect(pinnedId({ _id: 'x' })).to.equal('x');
      expect(pinnedId({ _id: { $eq: 'y' } })).to.equal('y');
      expect(withUpsertId({ _id: 'x' }, update)).to.equal(update);
    });

    it('adds a UUID _id to $setOnInsert otherwise, keeping what is there', () => {
      const update = withUpsertId({ slug: 's' }, { $set: { a: 1 }, $setOnInsert: { createdAt: 1 } });
      const setOnInsert = update.$setOnInsert as Record<string, unknown>;
      expect(setOnInsert.createdAt).to.equal(1);
      expect(setOnInsert._id).to.be.a('string').and.match(/^[0-9a-f-]{36}$/);
      expect(update.$set).to.deep.equal({ a: 1 });
    });
  });

  it('turns index specs into driver options, sparse as a partial index on every key field', () => {
    expect(indexOptions({ key: { tenant: 1, slug: 1 }, unique: true, sparse: true, name: 'by_slug' })).to.deep.equal({
      name: 'by_slug',
      unique: true,
      partialFilterExpression: { tenant: { $exists: true }, slug: { $exists: true } },
    });
    expect(indexOptions({ key: { expiresAt: 1 }, expireAfterSeconds: 0 })).to.deep.equal({ expireAfterSeconds: 0 });
  });

  it('fails to open with unavailable when nothing listens', async () => {
    const port = await freePort();
    const error = await MongoStore.open({
      uri: `mongodb://127.0.0.1:${port}/portcullis_test`,
      clientOptions: { serverSelectionTimeoutMS: 300, connectTimeoutMS: 300 },
    }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(StoreError).with.property('code', 'unavailable');
  });

  it('refuses to simulate an outage on a store that cannot', () => {
    const store = { kind: 'other' } as Store;
    expect(() => setStoreUnavailable(store, true)).to.throw(StoreError, /cannot simulate/);
  });
});
