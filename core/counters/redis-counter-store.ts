import { Redis } from 'ioredis';
import type { Logger } from '../logging/logger.js';
import { CounterUnavailableError, type CounterAddResult, type CounterStore } from '../plugin/counters.js';
import { CONDITIONAL_ADD_LUA } from './redis-add-script.js';

/** Options of {@link RedisCounterStore}. */
export interface RedisCounterStoreOptions {
  /** `redis://[:password@]host:port[/db]` (REDIS_URL). */
  url: string;
  /** Prepended to every key, so several deployments can share one Redis. */
  prefix?: string;
  /** A command not answered within this many ms fails (the limiter's fault tolerance applies). */
  commandTimeoutMs?: number;
  /** Where losing and regaining the connection is reported (once per change, not per retry). */
  log?: Logger;
}

type WithConditionalAdd = Redis & {
  portcullisAdd(key: string, amount: number, ttlMs: number, limit: string): Promise<[number, number, number]>;
};

/**
 * Counters shared by every data plane through one Redis. Each `add` is one atomic Lua script
 * (EVALSHA), so a conditional add can never let two concurrent requests both pass the last
 * unit of a limit. Commands are not queued while disconnected: they fail at once with
 * CounterUnavailableError, and the client keeps reconnecting in the background.
 */
export class RedisCounterStore implements CounterStore {
  readonly kind = 'redis';
  private readonly redis: WithConditionalAdd;
  private readonly prefix: string;

  constructor(options: RedisCounterStoreOptions) {
    this.prefix = options.prefix ?? 'portcullis:counter:';
    const redis = new Redis(options.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 1_000,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    // Each failed command surfaces to its limiter; the connection itself is reported once per change.
    let state: 'new' | 'up' | 'down' = 'new';
    redis.on('ready', () => {
      if (state === 'down') options.log?.info('redis counter backend reachable again');
      state = 'up';
    });
    redis.on('error', (err: Error) => {
      if (state === 'up') options.log?.warn('redis counter backend unreachable; reconnecting', { error: err.message });
      state = 'down';
    });
    redis.defineCommand('portcullisAdd', { numberOfKeys: 1, lua: CONDITIONAL_ADD_LUA });
    this.redis = redis as WithConditionalAdd;
  }

  /** Connects (bootstrap waits for it so the first requests do not fail); failure is not fatal. */
  async connect(): Promise<boolean> {
    try {
      await this.redis.connect();
      return true;
    } catch {
      return false;
    }
  }

  async add(key: string, amount: number, ttlMs: number, limit?: number): Promise<CounterAddResult> {
    if (!Number.isInteger(amount)) throw new RangeError(`counter amounts are integers, got ${amount}`);
    const ttl = Math.max(1, Math.ceil(ttlMs));
    try {
      const [value, applied, left] = await this.redis.portcullisAdd(this.prefix + key, amount, ttl, limit === undefined ? '' : String(Math.floor(limit)));
      return { value: Number(value), applied: Number(applied) === 1, resetAt: Date.now() + Number(left) };
    } catch (err) {
      throw new CounterUnavailableError(`redis counter backend: ${(err as Error).message}`, { cause: err });
    }
  }

  async get(key: string): Promise<number> {
    try {
      return Number((await this.redis.get(this.prefix + key)) ?? 0);
    } catch (err) {
      throw new CounterUnavailableError(`redis counter backend: ${(err as Error).message}`, { cause: err });
    }
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
