import type { ServerResponse } from 'node:http';
import type { Logger } from '../logging/logger.js';
import { SYNC_EVENTS, type ConfigMessage } from './protocol.js';

/** What a data plane told the control plane about itself. */
export interface DataPlaneInfo {
  id: string;
  hostname: string;
  version: string;
  planes: string[];
  scope?: string;
}

interface Connection {
  info: DataPlaneInfo;
  stream: ServerResponse;
  connectedAt: Date;
  lastSeen: Date;
  revision: number;
  telemetryDropped: number;
  telemetryPending: number;
}

/** A row of `GET /v1/config-sync/connections`. */
export interface ConnectionView {
  id: string;
  hostname: string;
  version: string;
  planes: string[];
  scope: string | null;
  config_revision: number;
  connected_at: string;
  last_seen: string;
  telemetry_dropped: number;
  telemetry_pending: number;
}

const sse = (event: string, data: string) => `event: ${event}\ndata: ${data}\n\n`;

/**
 * The control plane's live data-plane connections. A connection that sends no heartbeat for
 * `timeoutMs` is dropped (its stream closed), so the list shows only data planes that answer.
 */
export class ConnectionRegistry {
  private readonly connections = new Map<string, Connection>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly pinger: NodeJS.Timeout;

  constructor(
    private readonly log: Logger,
    private readonly timeoutMs: number,
    pingMs = Math.max(1_000, Math.floor(timeoutMs / 3)),
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.max(250, Math.floor(timeoutMs / 4)));
    this.sweeper.unref();
    this.pinger = setInterval(() => this.ping(), pingMs);
    this.pinger.unref();
  }

  /** Registers a data plane's stream, replacing an older stream of the same id. */
  open(info: DataPlaneInfo, stream: ServerResponse, revision: number): void {
    const previous = this.connections.get(info.id);
    if (previous && previous.stream !== stream) previous.stream.end();
    const now = new Date();
    this.connections.set(info.id, { info, stream, connectedAt: now, lastSeen: now, revision, telemetryDropped: 0, telemetryPending: 0 });
    stream.once('close', () => {
      if (this.connections.get(info.id)?.stream === stream) this.connections.delete(info.id);
    });
    this.log.info('data plane connected', { node_id: info.id, hostname: info.hostname, version: info.version, scope: info.scope });
  }

  /** Records a heartbeat; false when the data plane has no open stream (it should reconnect). */
  heartbeat(id: string, revision: number, dropped: number, pending: number): boolean {
    const connection = this.connections.get(id);
    if (!connection) return false;
    connection.lastSeen = new Date();
    connection.revision = revision;
    connection.telemetryDropped = dropped;
    connection.telemetryPending = pending;
    return true;
  }

  send(id: string, message: ConfigMessage): void {
    this.connections.get(id)?.stream.write(sse(SYNC_EVENTS.config, JSON.stringify(message)));
  }

  /** Pushes a new revision to every connected data plane. */
  broadcast(message: ConfigMessage): void {
    const payload = sse(SYNC_EVENTS.config, JSON.stringify(message));
    for (const connection of this.connections.values()) connection.stream.write(payload);
  }

  list(scope?: string): ConnectionView[] {
    return [...this.connections.values()]
      .filter((c) => scope === undefined || c.info.scope === scope)
      .map((c) => ({
        id: c.info.id,
        hostname: c.info.hostname,
        version: c.info.version,
        planes: c.info.planes,
        scope: c.info.scope ?? null,
        config_revision: c.revision,
        connected_at: c.connectedAt.toISOString(),
        last_seen: c.lastSeen.toISOString(),
        telemetry_dropped: c.telemetryDropped,
        telemetry_pending: c.telemetryPending,
      }))
      .sort((a, b) => a.connected_at.localeCompare(b.connected_at));
  }

  private ping() {
    for (const c of this.connections.values()) c.stream.write(sse(SYNC_EVENTS.ping, '{}'));
  }

  private sweep() {
    const cutoff = Date.now() - this.timeoutMs;
    for (const [id, c] of this.connections) {
      if (c.lastSeen.getTime() < cutoff) {
        this.log.warn('data plane stopped answering; connection dropped', { node_id: id, last_seen: c.lastSeen.toISOString() });
        this.connections.delete(id);
        c.stream.end();
      }
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    clearInterval(this.pinger);
    for (const c of this.connections.values()) c.stream.end();
    this.connections.clear();
  }
}
