import { CounterUnavailableError, type CounterAddResult, type CounterStore } from '../plugin/counters.js';
import { isMessage, type CounterRequest, type WorkerChannel } from './worker-messages.js';

interface Pending {
  resolve(value: CounterAddResult | number): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * A worker's counters when the primary holds them: each operation is one IPC round trip to the
 * primary's counter service (core/workers/counter-service.ts), so every worker counts in one
 * place, exactly. Its kind is not `local`, so a limiter's batched mode (`counter_sync`) batches
 * these round trips as it batches Redis ones. An operation the primary does not answer within
 * `timeoutMs` (or a closed channel) rejects with CounterUnavailableError: the limiter then
 * applies its fault tolerance.
 */
export class WorkerCounterStore implements CounterStore {
  readonly kind = 'primary';
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly timeoutMs: number;

  constructor(
    private readonly channel: WorkerChannel,
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 1_000;
    channel.on('message', this.onMessage);
  }

  add(key: string, amount: number, ttlMs: number, limit?: number): Promise<CounterAddResult> {
    return this.call({ type: 'portcullis:counter', id: 0, op: 'add', key, amount, ttlMs, limit }) as Promise<CounterAddResult>;
  }

  get(key: string): Promise<number> {
    return this.call({ type: 'portcullis:counter', id: 0, op: 'get', key }) as Promise<number>;
  }

  private call(request: CounterRequest): Promise<CounterAddResult | number> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new CounterUnavailableError(`the primary did not answer a counter ${request.op} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      try {
        this.channel.send({ ...request, id });
      } catch (err) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(new CounterUnavailableError('the channel to the primary is closed', { cause: err }));
      }
    });
  }

  private readonly onMessage = (message: unknown) => {
    if (!isMessage(message, 'portcullis:counter-result')) return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    clearTimeout(waiting.timer);
    if (message.error !== undefined) waiting.reject(new CounterUnavailableError(`the primary's counters failed: ${message.error}`));
    else waiting.resolve(message.result!);
  };

  async close(): Promise<void> {
    this.channel.off('message', this.onMessage);
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new CounterUnavailableError('counters closed'));
    }
    this.pending.clear();
  }
}
