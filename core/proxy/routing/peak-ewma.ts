/**
 * Observed latency per registry as a peak EWMA (as Linkerd and Finagle balance): a sample slower
 * than the average replaces it at once, a faster one pulls it down slowly (the weight of the
 * old value decays with the time since the last sample). A slow upstream is thus avoided from
 * its first slow answer, and trusted again only after a run of fast ones. Kept in memory per
 * registry id, fed by the attempt loop when an attempt's slot is given back.
 */

/** How long (ms) before an old average weighs 1/e against a new sample. */
export const PEAK_EWMA_DECAY_MS = 10_000;

interface Average {
  ms: number;
  at: number;
}

export class PeakEwma {
  private readonly averages = new Map<string, Average>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Records one attempt's latency on the registry. */
  observe(registryId: string, latencyMs: number): void {
    const at = this.now();
    const sample = Math.max(0, latencyMs);
    const previous = this.averages.get(registryId);
    if (!previous || sample > previous.ms) {
      this.averages.set(registryId, { ms: sample, at });
      return;
    }
    const keep = Math.exp(-Math.max(0, at - previous.at) / PEAK_EWMA_DECAY_MS);
    this.averages.set(registryId, { ms: previous.ms * keep + sample * (1 - keep), at });
  }

  /** The registry's average latency (ms); 0 before any sample, so a new registry is tried soon. */
  latency(registryId: string): number {
    return this.averages.get(registryId)?.ms ?? 0;
  }
}
