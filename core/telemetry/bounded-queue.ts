/**
 * A bounded in-memory queue that never blocks its producer: when full, the oldest entries are
 * dropped and counted. Consumers take batches. Entries sit in a ring, so a push onto a full
 * queue costs the same as any other (shifting an array of 100,000 entries moved all of them).
 */
export class BoundedQueue<T> {
  private readonly slots: Array<T | undefined> = [];
  /** Where the oldest entry is. */
  private head = 0;
  private count = 0;
  /** Entries dropped because the queue was full, since start. */
  dropped = 0;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    if (this.count === this.capacity) {
      // The newest entry takes the place of the oldest.
      this.slots[this.head] = item;
      this.head = (this.head + 1) % this.capacity;
      this.dropped++;
      return;
    }
    // The entries are contiguous in the ring, so until the slots array has grown to the capacity
    // this index is at most its length: the array grows at its end, without holes.
    this.slots[(this.head + this.count) % this.capacity] = item;
    this.count++;
  }

  /** Removes and returns up to `max` of the oldest entries. */
  take(max: number): T[] {
    const n = Math.min(max, this.count);
    const batch = new Array<T>(n);
    for (let i = 0; i < n; i++) {
      const at = (this.head + i) % this.capacity;
      batch[i] = this.slots[at] as T;
      this.slots[at] = undefined;
    }
    this.count -= n;
    // An emptied ring starts again at its first slot, so the slots array grows only as far as
    // the queue ever filled, not round the whole capacity as the head moves on.
    this.head = this.count === 0 ? 0 : (this.head + n) % this.capacity;
    return batch;
  }

  /** Puts a batch back at the front (after a failed delivery), dropping what no longer fits. */
  requeue(batch: T[]): void {
    const room = this.capacity - this.count;
    if (room <= 0) {
      this.dropped += batch.length;
      return;
    }
    const kept = batch.slice(Math.max(0, batch.length - room));
    this.dropped += batch.length - kept.length;
    // The slots before the head are free; fill the ring first so every index below is in it.
    while (this.slots.length < this.capacity) this.slots.push(undefined);
    this.head = (this.head - kept.length + this.capacity) % this.capacity;
    for (let i = 0; i < kept.length; i++) this.slots[(this.head + i) % this.capacity] = kept[i];
    this.count += kept.length;
  }
}
