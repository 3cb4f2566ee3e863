/**
 * The client going away, as a request's code watches it. It offers the reading side of an
 * AbortSignal (`aborted`, `reason`, abort listeners), which is all undici's request options, the
 * retry wait and the guardrail deadline use, without making an AbortSignal per request: Node's
 * AbortSignals outlive young-generation collections, so one per request lengthens every
 * scavenge (docs/architecture.md, "Garbage on the request path"). An AbortSignal satisfies
 * `ClientSignal` too, so tests and callers may pass one.
 */
export interface ClientSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** The client signal of one request: `abort()` is called when its connection closes early. */
export class ClientAbort implements ClientSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: Array<() => void> | undefined = undefined;

  addEventListener(_type: 'abort', listener: () => void): void {
    (this.listeners ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const at = this.listeners?.indexOf(listener) ?? -1;
    if (at >= 0) this.listeners!.splice(at, 1);
  }

  /** Marks the client gone and calls each listener once, as an AbortSignal's abort event would. */
  abort(reason: unknown = new DOMException('This operation was aborted', 'AbortError')): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.listeners;
    this.listeners = undefined;
    for (const listener of listeners ?? []) listener();
  }
}
