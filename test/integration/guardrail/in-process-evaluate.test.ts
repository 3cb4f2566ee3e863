/**
 * In-process evaluation (core/guardrail/in-process.ts): the guardrail plane registers its
 * evaluate endpoint under its URL while it runs, and answers an in-process call exactly as it
 * answers `POST /v1/evaluate` over HTTP (status, body, Activity record), identifiers aside.
 */
import { expect } from 'chai';
import type { InProcessEvaluator } from '../../../core/guardrail/in-process.js';
import { GuardrailLocation } from '../../../core/plugin/guardrail-service.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { GuardrailClient, keywordRule, maskRule } from './support/guardrail-client.js';

/** An answer body without the identifiers that differ per call. */
function comparable(body: Record<string, any>): Record<string, any> {
  const { request_id: requestId, trace_id: traceId, ...rest } = body;
  expect(requestId, 'request_id').to.be.a('string');
  if (traceId !== undefined) expect(traceId).to.be.a('string');
  return rest;
}

describe('in-process evaluation', () => {
  let gateway: TestGateway;
  let guardrail: GuardrailClient;
  let evaluator: InProcessEvaluator;
  let key: string;

  before(async () => {
    gateway = await createTestGateway({ planes: ['admin', 'guardrail'] });
    guardrail = await GuardrailClient.for(gateway);
    evaluator = gateway.guardrails.inProcess(gateway.urls.guardrail!)!;
    const collector = await guardrail.collectorWithKey('rest_api');
    key = collector.key;
    await guardrail.policy({
      collectors: [collector.collectorId],
      rules: [{ ...keywordRule('project-x', 'block', 'input'), name: 'no project-x' }, { ...maskRule('both', 'transform'), name: 'mask pii' }],
    });
  });

  after(async () => {
    await gateway?.close();
  });

  /** The same request in process and over HTTP. */
  async function both(authorization: string | undefined, body: string) {
    const local = await evaluator.evaluate({ authorization: authorization ?? '', body });
    const http = await guardrail.raw('POST', '/v1/evaluate', { text: body, headers: authorization === undefined ? {} : { authorization, 'content-type': 'application/json' } });
    return { local: { status: local.status, body: JSON.parse(local.body) as Record<string, any> }, http };
  }

  it('is registered under the plane URL, with or without a trailing slash, and only there', () => {
    expect(evaluator).to.not.equal(undefined);
    expect(gateway.guardrails.inProcess(`${gateway.urls.guardrail}/`)).to.equal(evaluator);
    expect(gateway.guardrails.inProcess('http://127.0.0.1:1')).to.equal(undefined);
    expect(gateway.guardrails.inProcess('not a url')).to.equal(undefined);
  });

  const cases: Array<[string, (key: string) => [string | undefined, string]]> = [
    ['a clean prompt (allow)', (k) => [`Bearer ${k}`, JSON.stringify({ protocol: 'llm', direction: 'input', payload: { messages: [{ role: 'user', content: 'hello there' }] } })]],
    ['a denied keyword (block)', (k) => [`Bearer ${k}`, JSON.stringify({ protocol: 'llm', direction: 'input', payload: { messages: [{ role: 'user', content: 'status of project-x?' }] } })]],
    [
      'an e-mail address (transform)',
      (k) => [`Bearer ${k}`, JSON.stringify({ protocol: 'llm', direction: 'input', consumer_id: 'c-1', session_id: 's-1', attributes: { 'model.name': 'm' }, payload: { messages: [{ role: 'user', content: 'mail ana.lima@example.com now' }] } })],
    ],
    ['no key (401)', () => [undefined, JSON.stringify({ protocol: 'llm', direction: 'input', payload: { input: 'x' } })]],
    ['an unknown key (401)', () => ['Bearer tgk_notakeynotakey', JSON.stringify({ protocol: 'llm', direction: 'input', payload: { input: 'x' } })]],
    ['a body that is not JSON (400)', (k) => [`Bearer ${k}`, '{"protocol": ']],
    ['an empty body (400)', (k) => [`Bearer ${k}`, '']],
    ['a JSON value that is not an object (400)', (k) => [`Bearer ${k}`, '"hello"']],
    ['a `__proto__` key (400)', (k) => [`Bearer ${k}`, '{"protocol": "llm", "direction": "input", "payload": {"input": "x", "\\u005f_proto__": {"a": 1}}}']],
    ['an unknown field (400)', (k) => [`Bearer ${k}`, JSON.stringify({ protocol: 'llm', direction: 'input', payload: { input: 'x' }, detector_id: 'x' })]],
    ['a schema error (400)', (k) => [`Bearer ${k}`, JSON.stringify({ protocol: 'llm', direction: 'sideways', payload: { input: 'x' } })]],
  ];
  for (const [name, build] of cases) {
    it(`answers ${name} as HTTP does`, async () => {
      const [authorization, body] = build(key);
      const { local, http } = await both(authorization, body);
      expect(local.status).to.equal(http.status);
      expect(comparable(local.body)).to.deep.equal(comparable(http.body));
    });
  }

  it('records the same Activity entry, with its own trace id', async () => {
    const body = JSON.stringify({ protocol: 'llm', direction: 'input', session_id: 'same-activity', payload: { messages: [{ role: 'user', content: 'project-x and ana.lima@example.com' }] } });
    const { local, http } = await both(`Bearer ${key}`, body);
    await gateway.telemetry.flush();
    const records = (await guardrail.admin('GET', '/v1/activity?session_id=same-activity')).body.items as Array<Record<string, any>>;
    expect(records).to.have.length(2);
    const byTrace = new Map(records.map((r) => [r.trace_id, r]));
    const strip = (r: Record<string, any>) => {
      const { id, at, trace_id: traceId, request_id: requestId, duration_ms: duration, ...rest } = r;
      expect([id, at, traceId, requestId]).to.satisfy((xs: unknown[]) => xs.every((x) => typeof x === 'string'));
      expect(duration).to.be.a('number');
      return rest;
    };
    expect(strip(byTrace.get(local.body.trace_id)!)).to.deep.equal(strip(byTrace.get(http.body.trace_id)!));
  });

  it('restores an earlier registration when a later one is removed, and is seen by its own Portcullis only', () => {
    const url = 'http://127.0.0.1:9/service/';
    const location = new GuardrailLocation();
    const first: InProcessEvaluator = { evaluate: async () => ({ status: 200, body: '{}' }) };
    const second: InProcessEvaluator = { evaluate: async () => ({ status: 503, body: '{}' }) };
    const removeFirst = location.colocate(url, first);
    const removeSecond = location.colocate('http://127.0.0.1:9/service', second);
    expect(location.inProcess(url)).to.equal(second);
    expect(gateway.guardrails.inProcess(url), 'another Portcullis in the process').to.equal(undefined);
    removeSecond();
    expect(location.inProcess(url)).to.equal(first);
    removeFirst();
    expect(location.inProcess(url)).to.equal(undefined);
  });

  it('is removed when the plane stops', async () => {
    const other = await createTestGateway({ planes: ['guardrail'] });
    const url = other.urls.guardrail!;
    expect(other.guardrails.inProcess(url)).to.not.equal(undefined);
    expect(gateway.guardrails.inProcess(url), 'another Portcullis in the process').to.equal(undefined);
    await other.close();
    expect(other.guardrails.inProcess(url)).to.equal(undefined);
  });
});
