import { SeverityNumber } from '@opentelemetry/api-logs';
import { expect } from 'chai';
import { REQUEST_EVENT_NAME, requestLogRecord } from '../../../../core/observability/request-log-record.js';
import { metricsEvent } from './support.js';

const AT = '2025-01-02T03:04:05.000Z';

describe('observability request log record', () => {
  it('carries identifiers, models, tokens, cost, latency, policies, attempts and flags', () => {
    const record = requestLogRecord(metricsEvent(), AT);
    expect(record.eventName).to.equal(REQUEST_EVENT_NAME);
    expect(record.timestamp).to.deep.equal(new Date(AT));
    expect(record.severityNumber).to.equal(SeverityNumber.INFO);
    expect(record.body).to.equal('POST /v1/chat/completions 200');
    expect(record.attributes).to.deep.include({
      'portcullis.trace_id': '0d9e0c1e-5a57-4f4e-a5a4-3c1f7d8e9b10',
      'portcullis.gateway.id': 'gw-1',
      'portcullis.consumer.id': 'c-1',
      'http.route': '/v1/chat/completions',
      'http.response.status_code': 200,
      'portcullis.client_format': 'openai-chat',
      'gen_ai.request.model': 'auto',
      'gen_ai.response.model': 'gpt-4o-mini',
      'gen_ai.provider.name': 'openai',
      'gen_ai.usage.input_tokens': 30,
      'gen_ai.usage.output_tokens': 12,
      'portcullis.usage.cached_input_tokens': 5,
      'portcullis.cost_usd': 0.0000123,
      'portcullis.latency.total_ms': 120.5,
      'portcullis.latency.upstream_ms': 100,
      'portcullis.latency.retry_wait_ms': 10,
      'portcullis.latency.gateway_ms': 10.5,
      'portcullis.policies': ['rate_limiter', 'data_loss_prevention'],
      'portcullis.attempt_count': 2,
      'portcullis.cache_hit': false,
      'portcullis.stream': false,
    });
    expect(record.attributes!['portcullis.attempts']).to.deep.equal([
      { provider: 'anthropic', model: 'claude-x', registry_id: 'r-0', status: 529, outcome: 'fallback', trigger: '5xx', duration_ms: 40 },
      { provider: 'openai', model: 'gpt-4o-mini', registry_id: 'r-1', status: 200, outcome: 'ok', duration_ms: 60 },
    ]);
  });

  it('leaves out what the request did not have, instead of sending empty attributes', () => {
    const record = requestLogRecord(metricsEvent({ usage: undefined, cost_usd: undefined, provider: undefined, model: undefined, attempts: [] }), AT);
    const keys = Object.keys(record.attributes!);
    for (const absent of ['gen_ai.usage.input_tokens', 'portcullis.cost_usd', 'gen_ai.provider.name', 'gen_ai.response.model', 'error.type']) expect(keys).to.not.include(absent);
    expect(Object.values(record.attributes!).every((v) => v !== undefined && v !== null)).to.equal(true);
  });

  it('names the error and raises the severity of failed requests', () => {
    const client = requestLogRecord(metricsEvent({ status: 429, error: 'rate_limited' }), AT);
    expect(client.severityNumber).to.equal(SeverityNumber.WARN);
    expect(client.attributes!['error.type']).to.equal('rate_limited');
    expect(requestLogRecord(metricsEvent({ status: 502, error: 'upstream_error' }), AT).severityNumber).to.equal(SeverityNumber.ERROR);
  });

  it('reports the route as a template and flags cache hits and streams', () => {
    const record = requestLogRecord(metricsEvent({ route: '/v1beta/models/gemini-2.5-pro:streamGenerateContent', cached: true, streamed: true }), AT);
    expect(record.attributes!['http.route']).to.equal('/v1beta/models/{model}:streamGenerateContent');
    expect(record.attributes!['portcullis.cache_hit']).to.equal(true);
    expect(record.attributes!['portcullis.stream']).to.equal(true);
  });
});
