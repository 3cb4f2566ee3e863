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
  /**
   * Batches handed to `deliver` before the first of them settles (default 1: one at a time).
   * Above 1, a batch is handed over while the ones before are still being acknowledged (a
   * store's disk flush), so several batches share one acknowledgement.
   */
  maxInFlight?: number;
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
    const maxInFlight = Math.max(1, this.options.maxInFlight ?? 1);
    const inFlight = new Set<Promise<void>>();
    // Failed batches by the order they were taken in, put back together once all have settled.
    const failed: Array<{ order: number; batch: TelemetryEvent[]; error: unknown }> = [];
    let delivered = false;
    let order = 0;
    // Until nothing is left: events emitted while the last batches were in flight go too (a
    // clean close relies on it), unless a delivery failed.
    while (this.queue.size > 0 && failed.length === 0) {
      for (; this.queue.size > 0 && failed.length === 0; order++) {
        // Requests waiting on this process go first: delivery never holds the event loop for
        // more than one batch.
        await new Promise((resolve) => setImmediate(resolve));
        if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
        if (failed.length > 0) break;
        const batch = this.queue.take(size);
        if (batch.length === 0) break;
        const taken = order;
        const delivery: Promise<void> = this.options.deliver(batch).then(
          () => {
            inFlight.delete(delivery);
            delivered = true;
          },
          (error: unknown) => {
            inFlight.delete(delivery);
            failed.push({ order: taken, batch, error });
          },
        );
        inFlight.add(delivery);
      }
      await Promise.all(inFlight);
    }
    if (failed.length === 0) {
      this.failures = 0;
      return;
    }
    // Back in front, the earliest last, so the queue keeps the order they were taken in.
    failed.sort((a, b) => b.order - a.order);
    for (const { batch } of failed) this.queue.requeue(batch);
    // As one at a time counts them: a delivery that went through ends the run of failures first.
    this.failures = delivered ? 1 : this.failures + 1;
    if (this.failures === 1) this.options.log.warn('telemetry delivery failed; will retry', { error: (failed[failed.length - 1].error as Error).message, pending: this.queue.size });
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    clearTimeout(this.timer);
  }
}
