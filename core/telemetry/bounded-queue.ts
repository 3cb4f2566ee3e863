/**
 * A bounded in-memory queue that never blocks its producer: when full, the oldest entries are
 * dropped and counted. Consumers take batches.
 */
export class BoundedQueue<T> {
  private items: T[] = [];
  /** Entries dropped because the queue was full, since start. */
  dropped = 0;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    if (this.items.length >= this.capacity) {
      this.items.shift();
      this.dropped++;
    }
    this.items.push(item);
  }

  /** Removes and returns up to `max` of the oldest entries. */
  take(max: number): T[] {
    return this.items.splice(0, max);
  }

  /** Puts a batch back at the front (after a failed delivery), dropping what no longer fits. */
  requeue(batch: T[]): void {
    const room = this.capacity - this.items.length;
    if (room <= 0) {
      this.dropped += batch.length;
      return;
    }
    const kept = batch.slice(Math.max(0, batch.length - room));
    this.dropped += batch.length - kept.length;
    this.items = [...kept, ...this.items];
  }
}
