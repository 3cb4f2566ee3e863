/** Bounds of the wait before a crashed worker is replaced. */
export interface RestartBackoffOptions {
  minMs: number;
  maxMs: number;
  /** A worker that ran this long before it died was healthy: the next wait starts from `minMs` again. */
  stableMs: number;
}

/**
 * The wait before a crashed worker is replaced: doubling while workers keep dying soon after
 * their start (a bad upstream, a plugin that throws at load), so a crash loop costs little CPU,
 * and back to the shortest once a worker had been running for a while.
 */
export class RestartBackoff {
  private crashes = 0;

  constructor(private readonly options: RestartBackoffOptions) {}

  /** The wait (ms) before replacing a worker that died after running `uptimeMs`. */
  next(uptimeMs: number): number {
    if (uptimeMs >= this.options.stableMs) this.crashes = 0;
    const wait = Math.min(this.options.maxMs, this.options.minMs * 2 ** Math.min(this.crashes, 30));
    this.crashes++;
    return wait;
  }
}
