import type { ClientSignal } from '../../core/plugin/index.js';

/**
 * The deadline of one call to the guardrail service: it passes after `ms`, or as soon as the
 * client goes away; `done()` clears the timer and the listener. (AbortSignal.timeout and
 * AbortSignal.any would keep every request's signals alive until the timeout passes, seconds
 * after the answer.) The abort signal that `fetch` needs is made only for HTTP calls: Node's
 * AbortSignals outlast the young generation's collections, so one per in-process call would
 * lengthen every scavenge.
 */
export class Deadline {
  private readonly timer: NodeJS.Timeout;
  private reason: unknown;
  private stopped = false;
  /** Whether the deadline passed by its timer (rather than by the client going away). */
  timedOut = false;
  private controller?: AbortController;
  private giveUp?: (reason: unknown) => void;
  private readonly onClientAbort = () => this.stop(this.client.reason);

  constructor(
    private readonly client: ClientSignal,
    ms: number,
  ) {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.stop(new Error(`timed out after ${ms} ms`));
    }, ms);
    if (client.aborted) this.stop(client.reason);
    else client.addEventListener('abort', this.onClientAbort, { once: true });
  }

  /** A signal that aborts at the deadline, for `fetch`. */
  signal(): AbortSignal {
    this.controller ??= new AbortController();
    if (this.stopped) this.controller.abort(this.reason);
    return this.controller.signal;
  }

  /** The result of `work` (not started once the deadline passed), or a rejection with the deadline's reason when it passes first. */
  race<T>(work: () => Promise<T>): Promise<T> {
    if (this.stopped) return Promise.reject(this.reason);
    return new Promise<T>((resolve, reject) => {
      this.giveUp = reject;
      work().then(resolve, reject);
    });
  }

  done(): void {
    clearTimeout(this.timer);
    this.client.removeEventListener('abort', this.onClientAbort);
    this.giveUp = undefined;
  }

  private stop(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.reason = reason;
    this.controller?.abort(reason);
    this.giveUp?.(reason);
  }
}
