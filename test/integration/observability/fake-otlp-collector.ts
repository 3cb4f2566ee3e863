/**
 * A fake OpenTelemetry collector on 127.0.0.1 accepting OTLP/HTTP JSON logs at `POST /v1/logs`
 * (https://opentelemetry.io/docs/specs/otlp/#otlphttp), decoding each log record's attributes
 * to plain values. `hang()` makes it accept exports and never answer them (a collector that
 * is stuck).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../fixtures/network/free-port.js';
import { decodeOtlpMap, decodeOtlpValue, type KeyValue, type OtlpValue } from '../../fixtures/otlp/otlp-json-values.js';

/** One received log record, decoded. */
export interface ReceivedLogRecord {
  eventName?: string;
  severityText?: string;
  body: unknown;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

export interface FakeOtlpCollector {
  /** The base endpoint (what `OTEL_EXPORTER_OTLP_ENDPOINT` holds). */
  readonly endpoint: string;
  readonly records: ReceivedLogRecord[];
  /** Export requests received (answered or not). */
  readonly exports: number;
  /** Content types of the export requests. */
  readonly contentTypes: string[];
  /** From now on accept exports without ever answering them. */
  hang(): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

interface ExportLogsRequest {
  resourceLogs?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeLogs?: Array<{ logRecords?: Array<{ eventName?: string; severityText?: string; body?: OtlpValue; attributes?: KeyValue[] }> }>;
  }>;
}

/** Starts the collector on `port` of 127.0.0.1 (0: a free port). */
export async function startFakeOtlpCollector(port = 0): Promise<FakeOtlpCollector> {
  const records: ReceivedLogRecord[] = [];
  const contentTypes: string[] = [];
  const held: ServerResponse[] = [];
  let exports = 0;
  let hanging = false;
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/logs') {
      res.writeHead(404).end();
      return;
    }
    exports++;
    contentTypes.push(String(req.headers['content-type']));
    const text = await readBody(req);
    if (hanging) {
      held.push(res);
      return;
    }
    const body = JSON.parse(text) as ExportLogsRequest;
    for (const rl of body.resourceLogs ?? []) {
      const resource = decodeOtlpMap(rl.resource?.attributes);
      for (const sl of rl.scopeLogs ?? []) {
        for (const r of sl.logRecords ?? []) {
          records.push({ eventName: r.eventName, severityText: r.severityText, body: decodeOtlpValue(r.body), attributes: decodeOtlpMap(r.attributes), resource });
        }
      }
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    records,
    get exports() {
      return exports;
    },
    contentTypes,
    hang() {
      hanging = true;
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A 127.0.0.1 endpoint where nothing listens (a collector that is down). */
export async function deadEndpoint(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
