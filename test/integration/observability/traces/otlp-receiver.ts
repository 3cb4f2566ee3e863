/**
 * An in-process OTLP/HTTP receiver on 127.0.0.1 (https://opentelemetry.io/docs/specs/otlp/#otlphttp)
 * accepting JSON exports of traces at `POST /v1/traces` and metrics at `POST /v1/metrics`,
 * decoding spans (ids as hex, attributes as plain values) and metric names with their points.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeOtlpMap, type KeyValue } from '../../../fixtures/otlp/otlp-json-values.js';

/** One received span, decoded. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  startNs: bigint;
  endNs: bigint;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  scope: string;
}

/** One received metric: its name and the attributes and value of each data point. */
export interface ReceivedMetric {
  name: string;
  points: Array<{ attributes: Record<string, unknown>; value?: number; count?: number }>;
  resource: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** The base endpoint (what `OTEL_EXPORTER_OTLP_ENDPOINT` holds). */
  readonly endpoint: string;
  readonly spans: ReceivedSpan[];
  readonly metrics: ReceivedMetric[];
  /** `<path> <content-type>` of every export request. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** OTLP/JSON carries ids as hex (the spec); base64 is accepted too, as protobuf-JSON mappings produce it. */
function hexId(id: string | undefined): string | undefined {
  if (!id) return undefined;
  return /^[0-9a-f]+$/i.test(id) && (id.length === 32 || id.length === 16) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

interface ExportTraceRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{
      scope?: { name?: string };
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        startTimeUnixNano: string | number;
        endTimeUnixNano: string | number;
        status?: { code?: number };
        attributes?: KeyValue[];
      }>;
    }>;
  }>;
}

type NumberPoint = { attributes?: KeyValue[]; asInt?: number | string; asDouble?: number; count?: number | string };
interface ExportMetricsRequest {
  resourceMetrics?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeMetrics?: Array<{
      metrics?: Array<{ name: string; sum?: { dataPoints?: NumberPoint[] }; gauge?: { dataPoints?: NumberPoint[] }; histogram?: { dataPoints?: NumberPoint[] } }>;
    }>;
  }>;
}

function spansOf(body: ExportTraceRequest, into: ReceivedSpan[]): void {
  for (const rs of body.resourceSpans ?? []) {
    const resource = decodeOtlpMap(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        into.push({
          traceId: hexId(s.traceId)!,
          spanId: hexId(s.spanId)!,
          parentSpanId: hexId(s.parentSpanId),
          name: s.name,
          kind: s.kind,
          startNs: BigInt(s.startTimeUnixNano),
          endNs: BigInt(s.endTimeUnixNano),
          statusCode: s.status?.code ?? 0,
          attributes: decodeOtlpMap(s.attributes),
          resource,
          scope: ss.scope?.name ?? '',
        });
      }
    }
  }
}

function metricsOf(body: ExportMetricsRequest, into: ReceivedMetric[]): void {
  for (const rm of body.resourceMetrics ?? []) {
    const resource = decodeOtlpMap(rm.resource?.attributes);
    for (const sm of rm.scopeMetrics ?? []) {
      for (const m of sm.metrics ?? []) {
        const points = m.sum?.dataPoints ?? m.gauge?.dataPoints ?? m.histogram?.dataPoints ?? [];
        into.push({
          name: m.name,
          resource,
          points: points.map((p) => ({
            attributes: decodeOtlpMap(p.attributes),
            value: p.asInt !== undefined ? Number(p.asInt) : p.asDouble,
            count: p.count !== undefined ? Number(p.count) : undefined,
          })),
        });
      }
    }
  }
}

/** Starts the receiver on a free port of 127.0.0.1. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const metrics: ReceivedMetric[] = [];
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    requests.push(`${req.url} ${String(req.headers['content-type'])}`);
    if (req.method !== 'POST' || !['/v1/traces', '/v1/metrics', '/v1/logs'].includes(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    if (!String(req.headers['content-type']).startsWith('application/json')) {
      res.writeHead(415).end();
      return;
    }
    if (req.url === '/v1/traces') spansOf(JSON.parse(text) as ExportTraceRequest, spans);
    if (req.url === '/v1/metrics') metricsOf(JSON.parse(text) as ExportMetricsRequest, metrics);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    metrics,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
