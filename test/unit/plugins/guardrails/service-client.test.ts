import { expect } from 'chai';
import { ClientAbort, type ClientSignal } from '../../../../core/pipeline/client-signal.js';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import type { EvaluateAnswer } from '../../../../core/guardrail/in-process.js';
import { EvaluationFailure, requestVerdict, type EvaluateBody } from '../../../../plugins/guardrails/service-client.js';
import type { GuardrailsSettings } from '../../../../plugins/guardrails/settings.js';
import { testEgress } from '../../../../core/testing/test-egress.js';
import { GuardrailLocation } from '../../../../core/plugin/guardrail-service.js';

/** The kit services the client uses: the test egress dispatcher and an unconfigured guardrail service. */
const services = (guardrails = new GuardrailLocation()) => ({ egress: testEgress().dispatcher, guardrails });
import { startEndlessServer } from '../../../fixtures/network/endless-answer.js';

/** The deadline of a call to a co-located plane, which goes without HTTP (and without an AbortSignal of its own). */
describe('plugins/guardrails service client, in process', () => {
  const url = 'http://127.0.0.1:1/in-process-test';
  const body: EvaluateBody = { protocol: 'llm', direction: 'input', payload: { messages: [] }, attributes: {} };
  const settings = (timeout_ms: number) => ({ service_url: url, timeout_ms, transport: 'auto', directions: ['input'], failure_mode: 'fail_closed', allow_ask: false, stream_window_chars: 1000, key: 'k' }) as GuardrailsSettings;
  const exchange = (signal: ClientSignal) => ({ signal }) as Partial<Exchange> as Exchange;
  let answer: (request: { body: string }) => Promise<EvaluateAnswer>;
  /** A guardrail service whose co-located plane, at `url`, answers with `answer`. */
  const colocated = () => {
    const location = new GuardrailLocation();
    location.colocate(url, { evaluate: (request) => answer(request) });
    return services(location);
  };

  it('returns the verdict the plane answers', async () => {
    answer = async () => ({ status: 200, body: JSON.stringify({ status: 'allow', findings: [] }) });
    const verdict = await requestVerdict(settings(1000), 'k', body, exchange(new ClientAbort()), colocated());
    expect(verdict.status).to.equal('allow');
  });

  it('gives up at the timeout with an EvaluationFailure, and not before', async () => {
    answer = () => new Promise(() => undefined);
    const started = performance.now();
    const err = await requestVerdict(settings(80), 'k', body, exchange(new ClientAbort()), colocated()).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(EvaluationFailure);
    expect((err as Error).message).to.equal('guardrail service timed out after 80 ms');
    expect(performance.now() - started).to.be.at.least(75);
  });

  it('gives up as soon as the client goes away, with the client\'s reason', async () => {
    answer = () => new Promise(() => undefined);
    const client = new ClientAbort();
    const reason = new Error('client closed');
    setTimeout(() => client.abort(reason), 20);
    expect(await requestVerdict(settings(5000), 'k', body, exchange(client), colocated()).catch((e: unknown) => e)).to.equal(reason);
  });

  it('does not call the plane for a client already gone', async () => {
    let calls = 0;
    answer = async () => {
      calls++;
      return { status: 200, body: '{"status":"allow","findings":[]}' };
    };
    const client = new ClientAbort();
    client.abort(new Error('gone'));
    const err = await requestVerdict(settings(1000), 'k', body, exchange(client), colocated()).catch((e: unknown) => e);
    expect((err as Error).message).to.equal('gone');
    expect(calls).to.equal(0);
  });
});

describe('plugins/guardrails service client, over HTTP', () => {
  const body: EvaluateBody = { protocol: 'llm', direction: 'input', payload: { messages: [] }, attributes: {} };
  const settings = (service_url: string) => ({ service_url, timeout_ms: 10_000, transport: 'http', directions: ['input'], failure_mode: 'fail_closed', allow_ask: false, stream_window_chars: 1000, key: 'k' }) as GuardrailsSettings;

  it('fails a verdict past 64 MiB with an EvaluationFailure and hangs up, before the timeout', async () => {
    const service = await startEndlessServer('{"status":"transform","findings":[],"transformed_payload":{"input":"');
    try {
      const err = await requestVerdict(settings(service.url), 'k', body, { signal: new ClientAbort() } as Partial<Exchange> as Exchange, services()).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(EvaluationFailure);
      expect((err as Error).message).to.equal('the guardrail service answer exceeds 67108864 bytes');
      expect(await service.hungUp[0]).to.equal(true);
    } finally {
      await service.close();
    }
  });
});
