/**
 * Each MCP request is an exchange with operation `mcp`, and each tool call is recorded: in the
 * request's metrics event (so in the playground trace found by its `X-AG-Trace-Id`), in its
 * OpenTelemetry log record (consumer, registry, tool, latency, outcome, bytes) and in the
 * Prometheus tool-call metrics. Neither the arguments nor the result are recorded, only sizes.
 */
import { expect } from 'chai';
import { mintAdminToken } from '../../../../core/admin/auth/admin-token.js';
import { createTestGateway, type TestGateway } from '../../../../core/testing/index.js';
import { startGithub } from '../../../fixtures/mcp/toolkit-servers.js';
import type { TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';
import { eventually } from '../../../fixtures/processes/portcullis-process.js';
import { startFakeOtlpCollector, type FakeOtlpCollector } from '../../observability/fake-otlp-collector.js';
import { scrape, sumOf, TEST_METRICS_TOKEN } from '../../observability/prometheus-text.js';
import { modernRequest, post } from './support/raw-mcp.js';

const SECRET_ARGUMENT = 'zanzibar-7741 private query';

describe('mcp endpoint: observability of tool calls', () => {
  let github: TinyMcpServer;
  let collector: FakeOtlpCollector;
  let gateway: TestGateway;
  let gatewayId: string;
  let consumerId: string;
  let registryId: string;
  let key: string;
  let url: string;

  before(async () => {
    github = await startGithub();
    collector = await startFakeOtlpCollector();
    gateway = await createTestGateway({
      planes: ['admin', 'proxy'],
      env: { PORTCULLIS_METRICS_TOKEN: TEST_METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, PORTCULLIS_METRICS_TENANT_LABELS: 'true' },
    });
    gatewayId = (await gateway.seed.gateway({ slug: 'tools-gw' })).id;
    registryId = (await gateway.seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: github.url }))._id;
    const agent = await gateway.seed.consumer(gatewayId, { slug: 'agent', registries: [{ registry_id: registryId }] });
    consumerId = agent.consumer._id;
    key = agent.key;
    await gateway.configChanged();
    url = `${gateway.proxyUrl('agent')}/mcp`;
  });
  after(async () => {
    await gateway?.close();
    await collector?.close();
    await github?.close();
  });

  const callTool = async () => {
    const { body, headers } = modernRequest('tools/call', { name: 'github__search_issues', arguments: { q: SECRET_ARGUMENT } });
    const res = await post(url, body, { ...headers, 'x-ag-api-key': key });
    expect(res.status).to.equal(200);
    expect(res.json.result.isError).to.not.equal(true);
    return res.headers.get('x-ag-trace-id')!;
  };

  it('the playground trace of a tool call shows the call: registry, tool, outcome, latency and sizes', async () => {
    const traceId = await callTool();
    const token = await mintAdminToken(gateway.jwtSecret, { sub: 'platform', roles: ['platform_admin'] });
    let trace: any;
    await eventually(async () => {
      const res = await fetch(`${gateway.urls.admin}/v1/gateways/${gatewayId}/traces/${traceId}`, { headers: { authorization: `Bearer ${token}` } });
      trace = res.status === 200 ? await res.json() : undefined;
      return !!trace;
    }, 'the trace to be recorded');
    expect(trace).to.include({ trace_id: traceId, operation: 'mcp', consumer_id: consumerId, route: '/mcp', status: 200, registry_id: registryId });
    expect(trace.mcp).to.deep.include({ era: 'modern', method: 'tools/call' });
    expect(trace.mcp.tool_call).to.deep.include({ registry_id: registryId, registry_slug: 'github', tool: 'github__search_issues', upstream_tool: 'search_issues', outcome: 'ok' });
    expect(trace.mcp.tool_call.latency_ms).to.be.a('number').and.greaterThan(0);
    expect(trace.mcp.tool_call.request_bytes).to.be.greaterThan(SECRET_ARGUMENT.length);
    expect(trace.mcp.tool_call.response_bytes).to.be.greaterThan(0);
    expect(trace.upstream_ms).to.be.at.least(trace.mcp.tool_call.latency_ms);
    expect(JSON.stringify(trace)).to.not.contain(SECRET_ARGUMENT);
  });

  it('exports an OTLP record per MCP request with the tool call\'s attributes, and no arguments', async () => {
    const traceId = await callTool();
    await eventually(async () => collector.records.some((r) => r.attributes['portcullis.trace_id'] === traceId), 'the OTLP record');
    const record = collector.records.find((r) => r.attributes['portcullis.trace_id'] === traceId)!;
    expect(record.attributes).to.include({
      'portcullis.operation': 'mcp',
      'portcullis.consumer.id': consumerId,
      'portcullis.mcp.era': 'modern',
      'portcullis.mcp.method': 'tools/call',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'github__search_issues',
      'portcullis.mcp.tool.upstream_name': 'search_issues',
      'portcullis.mcp.registry.id': registryId,
      'portcullis.mcp.registry.slug': 'github',
      'portcullis.mcp.tool.outcome': 'ok',
    });
    expect(record.attributes['portcullis.mcp.tool.latency_ms']).to.be.a('number');
    expect(record.attributes['portcullis.mcp.tool.request_bytes']).to.be.a('number');
    expect(JSON.stringify(record)).to.not.contain(SECRET_ARGUMENT);
  });

  it('counts tool calls in Prometheus by registry, tool and outcome, with their duration and bytes', async () => {
    const labels = { gateway: 'tools-gw', consumer: 'agent', registry: 'github', tool: 'github__search_issues', outcome: 'ok' };
    const before = sumOf((await scrape(gateway.urls.admin!)).samples, 'portcullis_mcp_tool_calls_total', labels);
    await callTool();
    await eventually(async () => sumOf((await scrape(gateway.urls.admin!)).samples, 'portcullis_mcp_tool_calls_total', labels) === before + 1, 'the call to be counted');
    const { samples } = await scrape(gateway.urls.admin!);
    expect(sumOf(samples, 'portcullis_mcp_tool_call_duration_seconds_count', { registry: 'github', outcome: 'ok' })).to.be.at.least(1);
    expect(sumOf(samples, 'portcullis_mcp_tool_call_bytes_total', { registry: 'github', direction: 'request' })).to.be.greaterThan(0);
    expect(sumOf(samples, 'portcullis_mcp_tool_call_bytes_total', { registry: 'github', direction: 'response' })).to.be.greaterThan(0);
  });
});
