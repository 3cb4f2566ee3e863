/**
 * A collection on MongoDB: a thin pass-through of the driver. It adds only what the contract
 * promises beyond the driver: string `_id`s, `findOneAndUpdate` returning the new document by
 * default, expired documents hidden from reads, all-or-nothing `insertMany`, and StoreErrors.
 */
import { randomUUID } from 'node:crypto';
import type {
  ClientSession,
  Collection as DriverCollection,
  Document,
  Filter as DriverFilter,
  UpdateFilter,
  UpdateResult as DriverUpdateResult,
} from 'mongodb';
import type {
  Collection,
  Doc,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexSpec,
  Update,
  UpdateOptions,
  UpdateResult,
  WithId,
} from '../types.js';
import { StoreError } from '../types.js';
import { indexOptions } from './index-options.js';
import { pinnedId, withUpsertId } from './string-id.js';

/** What a collection needs from its store. */
export interface MongoEngine {
  /** Runs a driver call: refused during an outage, driver errors mapped to StoreErrors. */
  run<R>(fn: () => Promise<R>): Promise<R>;
  /** Runs `fn` in a transaction (all or nothing). */
  transaction<R>(fn: (session: ClientSession) => Promise<R>): Promise<R>;
  /** Adds "not expired" conditions to a read filter. */
  readFilter(collection: string, filter?: Filter): Promise<Filter>;
  /** Forgets cached index facts after an index change. */
  indexesChanged(collection: string): void;
}

/** Documents as the driver sees them: string `_id`s. */
export type StoredDocument = Document & { _id: string };

const asFilter = (filter: Filter | undefined): DriverFilter<StoredDocument> =>
  (filter ?? {}) as DriverFilter<StoredDocument>;

function toResult(result: DriverUpdateResult): UpdateResult {
  const out: UpdateResult = { matched: result.matchedCount, modified: result.modifiedCount };
  if (result.upsertedId !== null && result.upsertedId !== undefined) out.upsertedId = String(result.upsertedId);
  return out;
}

/** A copy of `doc` with a string `_id` (a new UUID if it has none), `_id` first. */
export function withId(doc: Doc): StoredDocument {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new StoreError('validation_failed', 'a document must be an object');
  }
  const { _id, ...rest } = doc;
  return { _id: _id ?? randomUUID(), ...rest };
}

/**
 * replaceOne with string ids: replace a match keeping its `_id`; if none matched and upserting,
 * insert under the document's `_id`, the filter's, or a new UUID (the server would make an
 * ObjectId). If a match appears between the two steps, the second fails on the immutable `_id`
 * and the replace is tried again.
 */
export async function replaceWithStringId(
  coll: DriverCollection<StoredDocument>,
  filter: Filter,
  doc: Doc,
  upsert: boolean,
  session?: ClientSession,
): Promise<UpdateResult> {
  if (doc === null || typeof doc !== 'object' || Object.keys(doc).some((key) => key.startsWith('$'))) {
    throw new StoreError('invalid_query', 'replacement document must not contain update operators');
  }
  for (let attempt = 0; ; attempt++) {
    const replaced = await coll.replaceOne(asFilter(filter), doc, { session });
    if (replaced.matchedCount > 0 || !upsert) return toResult(replaced);
    try {
      const id = doc._id ?? pinnedId(filter) ?? randomUUID();
      const { _id: _ignored, ...body } = doc;
      return toResult(await coll.replaceOne(asFilter(filter), { _id: id, ...body }, { upsert: true, session }));
    } catch (error) {
      if ((error as { code?: number }).code !== 66 || attempt > 0) throw error;
    }
  }
}

/** The MongoDB implementation of {@link Collection}. */
export class MongoCollection<T extends Doc = Doc> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly coll: DriverCollection<StoredDocument>,
    private readonly engine: MongoEngine,
  ) {}

  insertOne(doc: T): Promise<WithId<T>> {
    return this.engine.run(async () => {
      const stored = withId(doc);
      await this.coll.insertOne(stored);
      return structuredClone(stored) as WithId<T>;
    });
  }

  insertMany(docs: T[]): Promise<WithId<T>[]> {
    return this.engine.run(async () => structuredClone(await this.insertAll(docs)) as WithId<T>[]);
  }

  insertManyCount(docs: T[]): Promise<number> {
    return this.engine.run(async () => (await this.insertAll(docs)).length);
  }

  /** Inserts all of `docs` or none; answers the documents as stored (the caller's to copy). */
  private async insertAll(docs: T[]): Promise<StoredDocument[]> {
    const stored = docs.map(withId);
    if (stored.length === 0) return [];
    if (stored.length === 1) await this.coll.insertOne(stored[0]!);
    // An ordered insertMany stops at a conflict but keeps what went before: a transaction undoes it.
    else await this.engine.transaction((session) => this.coll.insertMany(stored, { session }));
    return stored;
  }

  findOne(filter?: Filter, options: FindOptions = {}): Promise<WithId<T> | null> {
    return this.engine.run(async () => {
      const live = await this.engine.readFilter(this.name, filter);
      return (await this.coll.findOne(asFilter(live), { ...options })) as unknown as WithId<T> | null;
    });
  }

  find(filter?: Filter, options: FindOptions = {}): Promise<WithId<T>[]> {
    return this.engine.run(async () => {
      const live = await this.engine.readFilter(this.name, filter);
      return (await this.coll.find(asFilter(live), { ...options }).toArray()) as unknown as WithId<T>[];
    });
  }

  count(filter?: Filter): Promise<number> {
    return this.engine.run(async () => this.coll.countDocuments(asFilter(await this.engine.readFilter(this.name, filter))));
  }

  updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.engine.run(async () => {
      const change = (options.upsert ? withUpsertId(filter, update) : update) as UpdateFilter<StoredDocument>;
      return toResult(await this.coll.updateOne(asFilter(filter), change, { upsert: options.upsert }));
    });
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.engine.run(async () =>
      toResult(await this.coll.updateMany(asFilter(filter), update as UpdateFilter<StoredDocument>)),
    );
  }

  findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<WithId<T> | null> {
    return this.engine.run(async () => {
      const change = (options.upsert ? withUpsertId(filter, update) : update) as UpdateFilter<StoredDocument>;
      const doc = await this.coll.findOneAndUpdate(asFilter(filter), change, {
        upsert: options.upsert,
        sort: options.sort,
        returnDocument: options.returnDocument ?? 'after',
      });
      return doc as unknown as WithId<T> | null;
    });
  }

  replaceOne(filter: Filter, doc: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.engine.run(() => replaceWithStringId(this.coll, filter, doc, Boolean(options.upsert)));
  }

  deleteOne(filter: Filter): Promise<number> {
    return this.engine.run(async () => (await this.coll.deleteOne(asFilter(filter))).deletedCount);
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.engine.run(async () => (await this.coll.deleteMany(asFilter(filter))).deletedCount);
  }

  createIndex(spec: IndexSpec): Promise<void> {
    return this.engine.run(async () => {
      await this.coll.createIndex(spec.key, indexOptions(spec));
      this.engine.indexesChanged(this.name);
    });
  }
}
