/**
 * The one collection contract every repository is written against.
 *
 * It is a deliberate subset of the MongoDB driver's API, so the MongoDB backend is a thin
 * pass-through and the embedded backend (the default, persisted under the data directory)
 * answers the same queries with the same semantics. Filters and updates use the MongoDB
 * query and update languages.
 */

/** A stored document. `_id` is a string (UUID unless the caller sets one). */
export type Doc = { _id?: string } & Record<string, unknown>;
export type WithId<T extends Doc> = T & { _id: string };

/** A MongoDB query filter (`$eq`, `$in`, `$elemMatch`, dotted paths, ...). */
export type Filter = Record<string, unknown>;
/** A MongoDB update document (`$set`, `$inc`, `$push`, ...). */
export type Update = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface FindOneAndUpdateOptions extends UpdateOptions {
  /** Which version to return; default `after` (unlike the driver, whose default is `before`). */
  returnDocument?: 'before' | 'after';
  sort?: SortSpec;
}

export interface UpdateResult {
  matched: number;
  modified: number;
  upsertedId?: string;
}

export interface IndexSpec {
  /** Field paths to index, in order; the direction matters only to MongoDB. */
  key: Record<string, 1 | -1>;
  unique?: boolean;
  /** TTL index: a document expires this many seconds after the Date stored in the (single) key field. */
  expireAfterSeconds?: number;
  /** Unique only among documents where the indexed fields exist (MongoDB partial/sparse). */
  sparse?: boolean;
  name?: string;
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  /** Inserts and returns the stored document (with `_id`). Unique-index conflicts throw StoreError `duplicate_key`. */
  insertOne(doc: T): Promise<WithId<T>>;
  /** All-or-nothing: if one document conflicts, none is inserted. */
  insertMany(docs: T[]): Promise<WithId<T>[]>;
  /**
   * `insertMany` answering only how many documents were stored: no copy of them is made for the
   * caller. For records written and not read back at once (Activity, by the thousand).
   */
  insertManyCount(docs: T[]): Promise<number>;
  findOne(filter?: Filter, options?: FindOptions): Promise<WithId<T> | null>;
  find(filter?: Filter, options?: FindOptions): Promise<WithId<T>[]>;
  count(filter?: Filter): Promise<number>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  /** Atomic read-modify-write. Returns null when nothing matched and `upsert` is off. */
  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions): Promise<WithId<T> | null>;
  /** Atomically replaces the whole document (keeps `_id`). */
  replaceOne(filter: Filter, doc: T, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
  createIndex(spec: IndexSpec): Promise<void>;
}

/** One write of an atomic batch (see Store.batch). */
export type BatchOp =
  | { collection: string; op: 'insert'; doc: Doc }
  | { collection: string; op: 'update'; filter: Filter; update: Update; many?: boolean; upsert?: boolean }
  | { collection: string; op: 'replace'; filter: Filter; doc: Doc; upsert?: boolean }
  | { collection: string; op: 'delete'; filter: Filter; many?: boolean };

export interface CollectionOptions {
  /** JSON Schema (2020-12) of the record; MongoDB gets a `$jsonSchema` validator derived from it. */
  schema?: object;
  indexes?: IndexSpec[];
}

export interface Store {
  /** `embedded` or `mongodb`. */
  readonly kind: string;
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** Creates the collection (validator, indexes) if needed; safe to call repeatedly. */
  ensureCollection(name: string, options?: CollectionOptions): Promise<void>;
  /**
   * Applies every op or none (admin cascades, attach + detach pairs). Ops run in order and
   * later ops see earlier ones. Embedded: one journal record; MongoDB: a transaction.
   */
  batch(ops: BatchOp[]): Promise<void>;
  /** Resolves when the backend answers; throws StoreError `unavailable` otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type StoreErrorCode = 'duplicate_key' | 'invalid_query' | 'validation_failed' | 'unavailable';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    /** For duplicate_key: the index key fields that conflicted. */
    readonly keyFields?: string[],
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
