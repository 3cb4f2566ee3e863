import type { Logger } from '../logging/logger.js';
import { BoundedQueue } from './bounded-queue.js';
import type { TelemetryEvent, TelemetrySink } from './telemetry-event.js';

export interface BatchingSinkOptions {
  /** Delivers one batch; a rejection keeps the batch for the next try. */
  deliver(batch: TelemetryEvent[]): Promise<void>;
  capacity?: number;
  batchSize?: number;
  /** How often queued events are delivered (ms). */
  intervalMs?: number;
  /** Longest wait between retries after failures (ms). */
  maxBackoffMs?: number;
  log: Logger;
}

/**
 * Queues telemetry off the request path and delivers it in batches at an interval, retrying
 * failed batches with backoff. Nothing is lost while the buffer holds; beyond it the oldest
 * events are dropped and counted.
 */
export class BatchingSink implements TelemetrySink {
  private readonly queue: BoundedQueue<TelemetryEvent>;
  private timer?: NodeJS.Timeout;
  private delivering?: Promise<void>;
  private failures = 0;
  private closed = false;

  constructor(private readonly options: BatchingSinkOptions) {
    this.queue = new BoundedQueue(options.capacity ?? 100_000);
    this.schedule(options.intervalMs ?? 1_000);
  }

  get dropped(): number {
    return this.queue.dropped;
  }

  get pending(): number {
    return this.queue.size;
  }

  emit(event: TelemetryEvent): void {
    if (!this.closed) this.queue.push(event);
  }

  private schedule(ms: number) {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      void this.flush().finally(() => {
        const base = this.options.intervalMs ?? 1_000;
        const backoff = this.failures ? Math.min(this.options.maxBackoffMs ?? 30_000, base * 2 ** this.failures) : base;
        this.schedule(backoff);
      });
    }, ms);
    this.timer.unref();
  }

  flush(): Promise<void> {
    this.delivering ??= this.deliverAll().finally(() => {
      this.delivering = undefined;
    });
    return this.delivering;
  }

  private async deliverAll(): Promise<void> {
    const size = this.options.batchSize ?? 500;
    while (this.queue.size > 0) {
      // Requests waiting on this process go first: delivery never holds the event loop for
      // more than one batch.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = this.queue.take(size);
      try {
        await this.options.deliver(batch);
        this.failures = 0;
      } catch (err) {
        this.queue.requeue(batch);
        this.failures++;
        if (this.failures === 1) this.options.log.warn('telemetry delivery failed; will retry', { error: (err as Error).message, pending: this.queue.size });
        return;
      }
    }
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    clearTimeout(this.timer);
  }
}
