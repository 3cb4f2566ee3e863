import { expect } from 'chai';
import { OtlpRequestLog, otlpLogsUrl, redactedUrl } from '../../../../core/observability/otlp-request-log.js';
import type { TelemetryEvent } from '../../../../core/telemetry/telemetry-event.js';
import { deadEndpoint, startFakeOtlpCollector, type FakeOtlpCollector } from '../../../integration/observability/fake-otlp-collector.js';
import { metricsEvent, recordingLog } from './support.js';

const metric = (traceId: string): TelemetryEvent => ({ kind: 'metric', at: new Date().toISOString(), data: metricsEvent({ trace_id: traceId }) as unknown as Record<string, unknown> });

describe('observability OTLP request log', () => {
  let collector: FakeOtlpCollector;

  beforeEach(async () => {
    collector = await startFakeOtlpCollector();
  });
  afterEach(() => collector.close());

  it('appends the logs path to a base endpoint, as the OTLP exporter spec says', () => {
    expect(otlpLogsUrl('http://collector:4318')).to.equal('http://collector:4318/v1/logs');
    expect(otlpLogsUrl('http://collector:4318/')).to.equal('http://collector:4318/v1/logs');
    expect(otlpLogsUrl('https://otel.example/ingest')).to.equal('https://otel.example/ingest/v1/logs');
    expect(otlpLogsUrl('http://collector:4318/v1/logs')).to.equal('http://collector:4318/v1/logs');
  });

  it('keeps user info out of logged URLs', () => {
    expect(redactedUrl('https://user:s3cret@collector:4318/v1/logs')).to.equal('https://collector:4318/v1/logs');
    expect(redactedUrl('not a url')).to.equal('(invalid URL)');
  });

  it('flushes queued records on close, before the export interval comes round', async () => {
    const otlp = new OtlpRequestLog({ endpoint: collector.endpoint, nodeId: 'node-7', log: recordingLog(), exportIntervalMs: 60_000 });
    otlp.observe(metric('trace-a'));
    otlp.observe(metric('trace-b'));
    expect(collector.exports).to.equal(0);
    await otlp.close();
    expect(collector.records.map((r) => r.attributes['portcullis.trace_id'])).to.deep.equal(['trace-a', 'trace-b']);
    expect(collector.records[0].resource['service.instance.id']).to.equal('node-7');
    // Closed: later events are not exported.
    otlp.observe(metric('trace-c'));
    await otlp.flush();
    expect(collector.records).to.have.length(2);
  });

  it('exports only proxied requests, not guardrail Activity', async () => {
    const otlp = new OtlpRequestLog({ endpoint: collector.endpoint, nodeId: 'n', log: recordingLog(), exportIntervalMs: 60_000 });
    otlp.observe({ kind: 'activity', at: new Date().toISOString(), data: { status: 'block' } });
    otlp.observe(metric('trace-only'));
    await otlp.close();
    expect(collector.records.map((r) => r.attributes['portcullis.trace_id'])).to.deep.equal(['trace-only']);
  });

  it('ends close within its bound when the collector never answers', async () => {
    collector.hang();
    const otlp = new OtlpRequestLog({ endpoint: collector.endpoint, nodeId: 'n', log: recordingLog(), exportIntervalMs: 60_000, shutdownTimeoutMs: 200 });
    otlp.observe(metric('trace-stuck'));
    await otlp.close();
    expect(collector.exports).to.equal(1);
    expect(collector.records).to.have.length(0);
  });

  it('logs a failed export once, without the credentials of the endpoint', async () => {
    const log = recordingLog();
    const dead = new URL(await deadEndpoint());
    dead.username = 'otel';
    dead.password = 'collector-password';
    const otlp = new OtlpRequestLog({ endpoint: dead.href, nodeId: 'n', log, exportIntervalMs: 60_000, exportTimeoutMs: 300 });
    otlp.observe(metric('trace-lost'));
    await otlp.flush();
    otlp.observe(metric('trace-lost-2'));
    await otlp.flush();
    await otlp.close();
    const warnings = log.lines.filter((l) => l.level === 'warn');
    expect(warnings).to.have.length(1);
    expect(JSON.stringify(warnings)).to.not.contain('collector-password');
  });
});
