/**
 * A collection of the embedded store. Every method runs its read or its whole in-memory write
 * synchronously (so `findOneAndUpdate` and `$inc` are atomic: nothing else runs in between),
 * then a write waits for its journal record to be durable before resolving.
 */
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
import type { StoredDoc } from './collection-state.js';
import type { Database } from './database.js';
import { exportDocs, matchDocs } from './query.js';
import { deleteDocs, insertDocs, replaceDoc, updateDocs, type WriteOutcome } from './write-ops.js';
import type { WriteScope } from './write-scope.js';

/** What a collection needs from its store: guarded reads and journaled writes. */
export interface EmbeddedEngine {
  read<R>(fn: (db: Database, now: number) => R): R;
  write<R>(fn: (scope: WriteScope) => R): Promise<R>;
}

function toResult(outcome: WriteOutcome): UpdateResult {
  const result: UpdateResult = { matched: outcome.matched, modified: outcome.modified };
  if (outcome.upsertedId !== undefined) result.upsertedId = outcome.upsertedId;
  return result;
}

/** The embedded implementation of {@link Collection}. */
export class EmbeddedCollection<T extends Doc = Doc> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly engine: EmbeddedEngine,
  ) {}

  async insertOne(doc: T): Promise<WithId<T>> {
    const [stored] = await this.engine.write((scope) => insertDocs(scope, this.name, [doc]));
    return structuredClone(stored) as WithId<T>;
  }

  async insertMany(docs: T[]): Promise<WithId<T>[]> {
    const stored = await this.engine.write((scope) => insertDocs(scope, this.name, docs));
    return structuredClone(stored) as WithId<T>[];
  }

  insertManyCount(docs: T[]): Promise<number> {
    return this.engine.write((scope) => insertDocs(scope, this.name, docs).length);
  }

  async findOne(filter?: Filter, options: FindOptions = {}): Promise<WithId<T> | null> {
    const [doc] = this.find0(filter, { ...options, limit: 1 });
    return doc ?? null;
  }

  async find(filter?: Filter, options: FindOptions = {}): Promise<WithId<T>[]> {
    return this.find0(filter, options);
  }

  private find0(filter: Filter | undefined, options: FindOptions): WithId<T>[] {
    return this.engine.read((db, now) => {
      const coll = db.collections.get(this.name);
      if (!coll) return [];
      return exportDocs<WithId<T>>(matchDocs(coll, filter, now, options), options.projection);
    });
  }

  async count(filter?: Filter): Promise<number> {
    return this.engine.read((db, now) => {
      const coll = db.collections.get(this.name);
      return coll ? matchDocs(coll, filter, now).length : 0;
    });
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const outcome = await this.engine.write((scope) =>
      updateDocs(scope, this.name, filter, update, { upsert: options.upsert }),
    );
    return toResult(outcome);
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const outcome = await this.engine.write((scope) => updateDocs(scope, this.name, filter, update, { many: true }));
    return toResult(outcome);
  }

  async findOneAndUpdate(
    filter: Filter,
    update: Update,
    options: FindOneAndUpdateOptions = {},
  ): Promise<WithId<T> | null> {
    const outcome = await this.engine.write((scope) =>
      updateDocs(scope, this.name, filter, update, { upsert: options.upsert, sort: options.sort }),
    );
    const doc: StoredDoc | null = options.returnDocument === 'before' ? outcome.before : outcome.after;
    return doc ? (structuredClone(doc) as WithId<T>) : null;
  }

  async replaceOne(filter: Filter, doc: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    const outcome = await this.engine.write((scope) =>
      replaceDoc(scope, this.name, filter, doc, { upsert: options.upsert }),
    );
    return toResult(outcome);
  }

  async deleteOne(filter: Filter): Promise<number> {
    return this.engine.write((scope) => deleteDocs(scope, this.name, filter, false));
  }

  async deleteMany(filter: Filter): Promise<number> {
    return this.engine.write((scope) => deleteDocs(scope, this.name, filter, true));
  }

  async createIndex(spec: IndexSpec): Promise<void> {
    await this.engine.write((scope) => scope.addIndex(this.name, spec));
  }
}
