import { SettingsInputError } from '../config/settings.js';
import type { Logger } from '../logging/logger.js';
import { LocalCounterStore, type CounterStore } from '../plugin/counters.js';
import type { Store } from '../store/types.js';
import { MongoCounterStore } from './mongo-counter-store.js';
import { RedisCounterStore } from './redis-counter-store.js';

/** Which counter backend to use (PORTCULLIS_COUNTER_BACKEND); default: redis when REDIS_URL is set. */
export type CounterBackend = 'local' | 'redis' | 'mongodb';

export interface OpenCounterStoreOptions {
  backend?: CounterBackend;
  /** REDIS_URL. */
  redisUrl?: string;
  /** The process's store, for MongoDB counters (absent on a data plane). */
  store?: Store;
  log: Logger;
}

/** A URL fit for logs: the password is hidden. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'an unparsable URL';
  }
}

/**
 * Opens the CounterStore limits and budgets count in: local (one process), Redis (shared by
 * every data plane: REDIS_URL), or the MongoDB store (shared by instances on one database).
 * An unreachable Redis at start is not fatal: limiters follow their fault tolerance until it
 * answers, and the client keeps reconnecting.
 */
export async function openCounterStore(options: OpenCounterStoreOptions): Promise<CounterStore> {
  const backend = options.backend ?? (options.redisUrl ? 'redis' : 'local');
  switch (backend) {
    case 'local':
      return new LocalCounterStore();
    case 'redis': {
      if (!options.redisUrl) throw new SettingsInputError('the redis counter backend needs REDIS_URL');
      const redis = new RedisCounterStore({ url: options.redisUrl, log: options.log });
      const connected = await redis.connect();
      if (connected) options.log.info('counters shared through redis', { url: safeUrl(options.redisUrl) });
      else options.log.warn('redis counter backend unreachable at start; limiters apply their fault tolerance until it answers', { url: safeUrl(options.redisUrl) });
      return redis;
    }
    case 'mongodb':
      if (!options.store) throw new SettingsInputError('mongodb counters need the store; a data plane shares counters through REDIS_URL');
      return MongoCounterStore.open(options.store);
    default:
      throw new SettingsInputError(`unknown counter backend "${String(backend)}" (local, redis, mongodb)`);
  }
}
