/**
 * The legacy era's server-to-client streams (`GET` with an `MCP-Session-Id`): SSE streams that
 * carry `notifications/tools/list_changed` to the clients of a gateway when its tools may have
 * changed. They hold nothing but the open response: the session itself stays in the client's id.
 */
import type { ServerResponse } from 'node:http';

const LIST_CHANGED = `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })}\n\n`;

/** Open streams per gateway, as the SDK caps a gateway's modern `subscriptions/listen` streams. */
export const MAX_STREAMS_PER_GATEWAY = 1024;

/** Open legacy GET streams, by gateway id. */
export class LegacyStreams {
  private readonly byGateway = new Map<string, Set<ServerResponse>>();
  private readonly keepAlive: NodeJS.Timeout;

  /** `keepAliveMs`: how often an SSE comment keeps idle streams (and the proxies between) open. */
  constructor(keepAliveMs = 15_000, private readonly maxPerGateway = MAX_STREAMS_PER_GATEWAY) {
    this.keepAlive = setInterval(() => this.writeAll(': keep-alive\n\n'), keepAliveMs);
    this.keepAlive.unref();
  }

  /** Whether `gatewayId` may open another stream. */
  hasRoom(gatewayId: string): boolean {
    return (this.byGateway.get(gatewayId)?.size ?? 0) < this.maxPerGateway;
  }

  /** Starts an SSE answer on `res` (its headers merged with `headers`) and keeps it until the client leaves. */
  open(gatewayId: string, res: ServerResponse, headers: Record<string, string>): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', ...headers });
    res.flushHeaders();
    let streams = this.byGateway.get(gatewayId);
    if (!streams) this.byGateway.set(gatewayId, (streams = new Set()));
    streams.add(res);
    res.once('close', () => {
      streams.delete(res);
      if (streams.size === 0 && this.byGateway.get(gatewayId) === streams) this.byGateway.delete(gatewayId);
    });
  }

  /** Sends `notifications/tools/list_changed` on every stream of `gatewayId`. */
  toolsChanged(gatewayId: string): void {
    for (const res of this.byGateway.get(gatewayId) ?? []) res.write(LIST_CHANGED);
  }

  /** How many streams are open (tests, gauges). */
  get size(): number {
    let n = 0;
    for (const streams of this.byGateway.values()) n += streams.size;
    return n;
  }

  /** Ends every stream (shutdown). */
  close(): void {
    clearInterval(this.keepAlive);
    for (const streams of this.byGateway.values()) for (const res of streams) res.end();
    this.byGateway.clear();
  }

  private writeAll(frame: string): void {
    for (const streams of this.byGateway.values()) for (const res of streams) res.write(frame);
  }
}
