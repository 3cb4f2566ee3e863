import { CounterUnavailableError, type CounterAddResult, type CounterStore } from '../plugin/counters.js';
import { StoreError, type Collection, type Store } from '../store/types.js';

/** One counter document: its value and when its window ends (a TTL index removes it later). */
interface CounterDoc {
  _id: string;
  value: number;
  expires_at: Date;
  [key: string]: unknown;
}

/** The collection the counters live in. */
export const COUNTERS_COLLECTION = 'counters';

/** How often `add` retries when another writer changed the document between its steps. */
const MAX_ATTEMPTS = 8;

/**
 * Counters in a MongoDB collection (or the embedded store: both speak the same collection
 * contract). Every step is one single-document atomic operation:
 * 1. a live counter is incremented by `findOneAndUpdate` with a conditional filter
 *    (`value <= limit - amount`), so the check and the increment cannot be split;
 * 2. an expired counter is restarted in place (`expires_at <= now`);
 * 3. a missing one is inserted (a duplicate key means another writer won: retry);
 * 4. otherwise the counter is live and over the limit: refused with its current value.
 */
export class MongoCounterStore implements CounterStore {
  readonly kind = 'mongodb';

  private constructor(
    private readonly counters: Collection<CounterDoc>,
    private readonly now: () => number,
  ) {}

  /** Ensures the collection and its TTL index, then returns the store. */
  static async open(store: Store, options: { collection?: string; now?: () => number } = {}): Promise<MongoCounterStore> {
    const name = options.collection ?? COUNTERS_COLLECTION;
    await store.ensureCollection(name, { indexes: [{ key: { expires_at: 1 }, expireAfterSeconds: 60, name: 'counters_expiry' }] });
    return new MongoCounterStore(store.collection<CounterDoc>(name), options.now ?? Date.now);
  }

  async add(key: string, amount: number, ttlMs: number, limit?: number): Promise<CounterAddResult> {
    if (!Number.isInteger(amount)) throw new RangeError(`counter amounts are integers, got ${amount}`);
    try {
      return await this.tryAdd(key, amount, ttlMs, limit);
    } catch (err) {
      if (err instanceof CounterUnavailableError || err instanceof RangeError) throw err;
      throw new CounterUnavailableError(`mongodb counter backend: ${(err as Error).message}`, { cause: err });
    }
  }

  private async tryAdd(key: string, amount: number, ttlMs: number, limit?: number): Promise<CounterAddResult> {
    const conditional = limit !== undefined && amount > 0;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const now = new Date(this.now());
      const live: Record<string, unknown> = { _id: key, expires_at: { $gt: now } };
      if (conditional) live.value = { $lte: limit - amount };
      const incremented = await this.counters.findOneAndUpdate(live, { $inc: { value: amount } }, { returnDocument: 'after' });
      if (incremented) return result(incremented, true);

      const fits = !conditional || amount <= limit;
      const fresh = { value: fits ? amount : 0, expires_at: new Date(now.getTime() + ttlMs) };
      const restarted = await this.counters.findOneAndUpdate({ _id: key, expires_at: { $lte: now } }, { $set: fresh }, { returnDocument: 'after' });
      if (restarted) return result(restarted, fits);

      try {
        await this.counters.insertOne({ _id: key, ...fresh });
        return result(fresh, fits);
      } catch (err) {
        if (!(err instanceof StoreError && err.code === 'duplicate_key')) throw err;
      }

      const current = await this.counters.findOne({ _id: key });
      if (current && current.expires_at.getTime() > now.getTime() && conditional && current.value + amount > limit) {
        return result(current, false);
      }
      // The document changed between the steps (expired, restarted, released): try again.
    }
    throw new CounterUnavailableError(`mongodb counter backend: counter ${key} is too contended`);
  }

  async get(key: string): Promise<number> {
    try {
      const doc = await this.counters.findOne({ _id: key });
      return doc && doc.expires_at.getTime() > this.now() ? doc.value : 0;
    } catch (err) {
      throw new CounterUnavailableError(`mongodb counter backend: ${(err as Error).message}`, { cause: err });
    }
  }
}

function result(doc: Pick<CounterDoc, 'value' | 'expires_at'>, applied: boolean): CounterAddResult {
  return { value: doc.value, applied, resetAt: doc.expires_at.getTime() };
}
