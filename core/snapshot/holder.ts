import type { Logger } from '../logging/logger.js';
import type { ConfigDocument } from './config-document.js';
import type { Snapshot } from './snapshot.js';

/**
 * Holds the current snapshot and swaps it atomically when the config changes. Rebuilds are
 * coalesced (one running, at most one queued). When loading fails (store down), the last
 * snapshot keeps serving and `degraded` says why.
 */
export class SnapshotHolder {
  private snapshot: Snapshot;
  private running?: Promise<Snapshot>;
  private queued?: Promise<Snapshot>;
  private readonly listeners: Array<(snapshot: Snapshot) => void> = [];
  /** Replaced snapshots whose teardowns have not finished yet (awaited at shutdown). */
  private readonly retiring = new Set<Promise<void>>();
  /** Why the last refresh failed, while it keeps failing. */
  degraded?: string;

  constructor(
    initial: Snapshot,
    private readonly load: () => Promise<ConfigDocument>,
    private readonly build: (document: ConfigDocument) => Promise<Snapshot>,
    private readonly log: Logger,
  ) {
    this.snapshot = initial;
  }

  get current(): Snapshot {
    return this.snapshot;
  }

  /** At shutdown: retires the current snapshot (its plugins' teardowns run once its requests finish). */
  async close(): Promise<void> {
    await Promise.all([...this.retiring, this.snapshot.retire()]);
  }

  /** Called with each new snapshot after the swap. */
  onSwap(listener: (snapshot: Snapshot) => void): void {
    this.listeners.push(listener);
  }

  /** Rebuilds from the store; resolves with the snapshot that includes every write made before the call. */
  refresh(): Promise<Snapshot> {
    if (!this.running) {
      this.running = this.rebuild().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    // A rebuild is under way and may have read the store before the caller's write: queue one more.
    if (!this.queued) {
      this.queued = this.running.then(() => {
        this.queued = undefined;
        return this.refresh();
      });
    }
    return this.queued;
  }

  /** Installs a document received from elsewhere (a control plane). */
  async apply(document: ConfigDocument): Promise<Snapshot> {
    const next = await this.build(document);
    this.swap(next);
    return next;
  }

  private async rebuild(): Promise<Snapshot> {
    let document: ConfigDocument;
    try {
      document = await this.load();
    } catch (err) {
      this.degraded = `store unavailable: ${(err as Error).message}`;
      this.log.error('config refresh failed; serving the last snapshot', { error: (err as Error).message, revision: this.snapshot.revision });
      return this.snapshot;
    }
    this.degraded = undefined;
    const next = await this.build(document);
    this.swap(next);
    return next;
  }

  private swap(next: Snapshot) {
    const previous = this.snapshot;
    this.snapshot = next;
    if (previous !== next) this.log.debug('config snapshot installed', { revision: next.revision, previous_revision: previous.revision });
    // The plugins of the replaced snapshot close what they opened once its requests have finished.
    if (previous !== next) {
      const retired = previous.retire().finally(() => this.retiring.delete(retired));
      this.retiring.add(retired);
    }
    for (const listener of this.listeners) {
      try {
        listener(next);
      } catch (err) {
        this.log.error('snapshot listener failed', { error: (err as Error).message });
      }
    }
  }
}
