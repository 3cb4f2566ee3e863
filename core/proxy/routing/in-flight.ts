/**
 * Requests in flight per registry, maintained by the attempt loop (taken before the upstream
 * call, given back when the answer, streamed or not, is over). Least-connections balancing
 * reads it.
 */
export class InFlight {
  private readonly counts = new Map<string, number>();

  /** Requests now in flight to the registry. */
  get(registryId: string): number {
    return this.counts.get(registryId) ?? 0;
  }

  /** Counts one more request; the returned release is safe to call more than once. */
  acquire(registryId: string): () => void {
    this.counts.set(registryId, this.get(registryId) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.get(registryId) - 1;
      if (left > 0) this.counts.set(registryId, left);
      else this.counts.delete(registryId);
    };
  }
}
