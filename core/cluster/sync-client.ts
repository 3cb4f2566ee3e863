import { hostname } from 'node:os';
import { createParser } from 'eventsource-parser';
import { request } from 'undici';
import type { Logger } from '../logging/logger.js';
import type { ConfigDocument } from '../snapshot/config-document.js';
import { BUILD_INFO } from '../version/build-info.js';
import { SYNC_EVENTS, SYNC_HEADERS, SYNC_PATHS, SYNC_PROTOCOL_VERSION, type ConfigMessage, type HeartbeatMessage } from './protocol.js';

export interface SyncClientOptions {
  controlPlaneUrl: string;
  clusterToken: string;
  nodeId: string;
  planes: string[];
  scope?: string;
  /** Installs a document pushed by the control plane; resolves once it serves it. */
  apply(document: ConfigDocument): Promise<void>;
  currentRevision(): number;
  telemetry(): { dropped: number; pending: number };
  log: Logger;
  heartbeatMs?: number;
  /** Reconnect backoff bounds (ms). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * A data plane's connection to its control plane: keeps one config stream open, applies every
 * pushed revision, heartbeats its applied revision, and reconnects with jittered exponential
 * backoff whenever the stream ends or a heartbeat is not acknowledged.
 */
export class SyncClient {
  private stopped = false;
  private abort?: AbortController;
  private heartbeatTimer?: NodeJS.Timeout;
  private attempt = 0;
  /** Whether a stream is open now. */
  connected = false;
  /** The last refusal from the control plane (wrong credential, incompatible version). */
  lastRefusal?: string;

  constructor(private readonly options: SyncClientOptions) {}

  start(): void {
    void this.loop();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.options.heartbeatMs ?? 5_000);
    this.heartbeatTimer.unref();
  }

  private url(path: string) {
    return new URL(path, this.options.controlPlaneUrl).href;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.stream();
      } catch (err) {
        if (!this.stopped) this.options.log.warn('config stream failed', { error: (err as Error).message });
      }
      this.connected = false;
      if (this.stopped) return;
      const min = this.options.minBackoffMs ?? 250;
      const max = this.options.maxBackoffMs ?? 10_000;
      const wait = Math.min(max, min * 2 ** this.attempt++) * (0.5 + Math.random() / 2);
      await new Promise((r) => setTimeout(r, wait).unref());
    }
  }

  private async stream(): Promise<void> {
    this.abort = new AbortController();
    const { options } = this;
    const response = await request(this.url(SYNC_PATHS.stream), {
      method: 'GET',
      signal: this.abort.signal,
      headers: {
        authorization: `Bearer ${options.clusterToken}`,
        accept: 'text/event-stream',
        [SYNC_HEADERS.nodeId]: options.nodeId,
        [SYNC_HEADERS.hostname]: hostname(),
        [SYNC_HEADERS.version]: BUILD_INFO.version,
        [SYNC_HEADERS.protocol]: String(SYNC_PROTOCOL_VERSION),
        [SYNC_HEADERS.planes]: options.planes.join(','),
        ...(options.scope ? { [SYNC_HEADERS.scope]: options.scope } : {}),
        [SYNC_HEADERS.revision]: String(options.currentRevision()),
      },
      bodyTimeout: 0,
    });
    if (response.statusCode !== 200) {
      const body = (await response.body.json().catch(() => ({}))) as { message?: string };
      this.lastRefusal = `${response.statusCode}: ${body.message ?? 'refused'}`;
      options.log.error('control plane refused this data plane', { status: response.statusCode, reason: body.message });
      return;
    }
    this.lastRefusal = undefined;
    this.connected = true;
    this.attempt = 0;
    let applying = Promise.resolve();
    const parser = createParser({
      onEvent: (event) => {
        if (event.event !== SYNC_EVENTS.config) return;
        const message = JSON.parse(event.data) as ConfigMessage;
        // Apply in order, one at a time.
        applying = applying
          .then(() => options.apply(message.document as ConfigDocument))
          .then(() => this.heartbeat())
          .catch((err: Error) => {
            options.log.error('pushed config could not be applied', { revision: message.revision, error: err.message });
          });
      },
    });
    const text = new TextDecoder();
    for await (const chunk of response.body) parser.feed(text.decode(chunk as Uint8Array, { stream: true }));
    await applying;
  }

  private async heartbeat(): Promise<void> {
    if (!this.connected || this.stopped) return;
    const message: HeartbeatMessage = {
      node_id: this.options.nodeId,
      revision: this.options.currentRevision(),
      telemetry_dropped: this.options.telemetry().dropped,
      telemetry_pending: this.options.telemetry().pending,
    };
    try {
      const res = await request(this.url(SYNC_PATHS.heartbeat), {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.clusterToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(message),
        headersTimeout: 5_000,
        bodyTimeout: 5_000,
      });
      await res.body.dump();
      // The control plane no longer knows this stream: reconnect.
      if (res.statusCode === 404) this.abort?.abort();
    } catch {
      // The stream loop notices a dead control plane and reconnects.
    }
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.heartbeatTimer);
    this.abort?.abort();
  }
}
