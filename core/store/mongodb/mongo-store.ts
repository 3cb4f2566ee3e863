/**
 * The MongoDB backend (`MONGODB_URI`): the official driver behind the collection contract.
 * `batch` and multi-document `insertMany` run in transactions, so the server must be a replica
 * set or a sharded cluster (as any production deployment is).
 */
import {
  MongoClient,
  type ClientSession,
  type Db,
  type Document,
  type Filter as DriverFilter,
  type MongoClientOptions,
  type UpdateFilter,
} from 'mongodb';
import type { BatchOp, Collection, CollectionOptions, Doc, Filter, Store } from '../types.js';
import { StoreError } from '../types.js';
import { jsonSchemaToMongo } from '../json-schema-to-mongo.js';
import { indexOptions } from './index-options.js';
import { MongoCollection, replaceWithStringId, withId, type MongoEngine, type StoredDocument } from './mongo-collection.js';
import { toStoreError } from './mongo-errors.js';
import { withUpsertId } from './string-id.js';
import { TtlReadFilter } from './ttl-read-filter.js';

/** Options of {@link MongoStore.open}. */
export interface MongoStoreOptions {
  /** Connection string (`mongodb://...` or `mongodb+srv://...`). */
  uri: string;
  /** Database name; default the one in the URI, else `portcullis`. */
  dbName?: string;
  /** Extra driver options. */
  clientOptions?: MongoClientOptions;
}

/** The database named in a connection string's path, if any. */
function dbNameOf(uri: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]+)/.exec(uri);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

const asFilter = (filter: Filter): DriverFilter<StoredDocument> => filter as DriverFilter<StoredDocument>;

/** The MongoDB {@link Store}. */
export class MongoStore implements Store, MongoEngine {
  readonly kind = 'mongodb';
  private simulatedOutage = false;
  private closed = false;
  private readonly ttl: TtlReadFilter;
  private readonly collections = new Map<string, MongoCollection<Doc>>();

  private constructor(
    private readonly client: MongoClient,
    /** The database; exposed for tests that need to drop it. */
    readonly db: Db,
  ) {
    this.ttl = new TtlReadFilter(db);
  }

  /** Connects; StoreError `unavailable` if the server cannot be reached. */
  static async open(options: MongoStoreOptions): Promise<MongoStore> {
    // ignoreUndefined: an undefined field is absent, as in the embedded store, not null.
    const client = new MongoClient(options.uri, { ignoreUndefined: true, ...options.clientOptions });
    try {
      await client.connect();
    } catch (error) {
      await client.close().catch(() => {});
      throw toStoreError(error);
    }
    return new MongoStore(client, client.db(options.dbName ?? dbNameOf(options.uri) ?? 'portcullis'));
  }

  /** Runs a driver call (internal: used by the collections). */
  async run<R>(fn: () => Promise<R>): Promise<R> {
    if (this.closed) throw new StoreError('unavailable', 'MongoDB store is closed');
    if (this.simulatedOutage) throw new StoreError('unavailable', 'MongoDB store is unavailable (simulated outage)');
    try {
      return await fn();
    } catch (error) {
      throw toStoreError(error);
    }
  }

  /** Runs `fn` in a transaction (internal: used by the collections and batch). */
  async transaction<R>(fn: (session: ClientSession) => Promise<R>): Promise<R> {
    const session = this.client.startSession();
    try {
      return await session.withTransaction(() => fn(session));
    } finally {
      await session.endSession();
    }
  }

  /** Adds "not expired" conditions to a read filter (internal). */
  readFilter(collection: string, filter?: Filter): Promise<Filter> {
    return this.ttl.apply(collection, filter);
  }

  /** Forgets cached TTL rules after an index change (internal). */
  indexesChanged(collection: string): void {
    this.ttl.forget(collection);
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    if (typeof name !== 'string' || name === '') throw new StoreError('invalid_query', 'collection name must be a non-empty string');
    let coll = this.collections.get(name);
    if (!coll) {
      coll = new MongoCollection(name, this.db.collection<StoredDocument>(name), this);
      this.collections.set(name, coll);
    }
    return coll as unknown as Collection<T>;
  }

  /**
   * Creates the collection with a `$jsonSchema` validator derived from the record schema (or
   * updates the validator of an existing one), then its indexes.
   */
  ensureCollection(name: string, options: CollectionOptions = {}): Promise<void> {
    return this.run(async () => {
      const validation = options.schema
        ? { validator: { $jsonSchema: jsonSchemaToMongo(options.schema) }, validationLevel: 'strict', validationAction: 'error' }
        : undefined;
      const exists = (await this.db.listCollections({ name }, { nameOnly: true }).toArray()).length > 0;
      let created = false;
      if (!exists) {
        try {
          await this.db.createCollection(name, validation as Document | undefined);
          created = true;
        } catch (error) {
          if ((error as { code?: number }).code !== 48) throw error; // NamespaceExists: created meanwhile
        }
      }
      if (!created && validation) await this.db.command({ collMod: name, ...validation });
      for (const spec of options.indexes ?? []) {
        await this.db.collection(name).createIndex(spec.key, indexOptions(spec));
      }
      this.ttl.forget(name);
    });
  }

  batch(ops: BatchOp[]): Promise<void> {
    return this.run(async () => {
      if (!Array.isArray(ops)) throw new StoreError('invalid_query', 'batch expects an array of ops');
      if (ops.length === 0) return;
      await this.transaction(async (session) => {
        for (const op of ops) await this.applyOp(op, session);
      });
    });
  }

  private async applyOp(op: BatchOp, session: ClientSession): Promise<void> {
    const coll = this.db.collection<StoredDocument>(op.collection);
    switch (op.op) {
      case 'insert':
        await coll.insertOne(withId(op.doc), { session });
        return;
      case 'update': {
        const update = (op.upsert ? withUpsertId(op.filter, op.update) : op.update) as UpdateFilter<StoredDocument>;
        if (op.many) await coll.updateMany(asFilter(op.filter), update, { upsert: op.upsert, session });
        else await coll.updateOne(asFilter(op.filter), update, { upsert: op.upsert, session });
        return;
      }
      case 'replace':
        await replaceWithStringId(coll, op.filter, op.doc, Boolean(op.upsert), session);
        return;
      case 'delete':
        if (op.many) await coll.deleteMany(asFilter(op.filter), { session });
        else await coll.deleteOne(asFilter(op.filter), { session });
        return;
      default:
        throw new StoreError('invalid_query', `unknown batch op ${JSON.stringify((op as { op?: unknown }).op)}`);
    }
  }

  ping(): Promise<void> {
    return this.run(async () => {
      await this.db.command({ ping: 1 });
    });
  }

  /** While `down`, every call rejects with StoreError `unavailable` (outage tests). */
  setUnavailable(down: boolean): void {
    this.simulatedOutage = down;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close();
  }
}
