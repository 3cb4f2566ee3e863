/**
 * The AI SDK middleware in a real `generateText` call against a local server answering each case
 * of spec 4.5 that must fail closed even with `unreachableFallback: 'fail_open'`; then retries
 * (429 with Retry-After), unreachable answers (502, 504, a timeout) following the fallback, and a
 * TLS failure failing closed.
 */
import { expect } from 'chai';
import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { type AnsweringService, startAnsweringService, verdictAnswer } from '../../agent-guard/test/support/answering-service.js';
import { FAIL_CLOSED_CASES } from '../../agent-guard/test/support/fail-closed-cases.js';
import { GuardrailBlockedError, portcullisMiddleware, type PortcullisMiddlewareOptions } from '../src/index.js';
import { generated } from './support/mock-results.js';

const KEY = 'tgk_test_key';

/** A conversation with a tool call and its result, the shape the transform cases change. */
const CONVERSATION: ModelMessage[] = [
  { role: 'user', content: 'hi' },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { topic: 'x' } }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'lookup', output: { type: 'text', value: 'res' } }] },
];

describe('AI SDK middleware: what fails closed, what follows the fallback', () => {
  let service: AnsweringService;
  before(async () => {
    service = await startAnsweringService();
  });
  after(async () => service?.close());

  async function call(options: PortcullisMiddlewareOptions) {
    const base = new MockLanguageModelV3({ doGenerate: generated('answer') });
    const model = wrapLanguageModel({ model: base, middleware: portcullisMiddleware({ apiBase: service.url, collectorKey: KEY, env: {}, checkOutput: false, ...options }) });
    const outcome = await generateText({ model, messages: CONVERSATION }).then(
      (result) => ({ result, error: undefined }),
      (error: unknown) => ({ result: undefined, error }),
    );
    return { ...outcome, base };
  }

  for (const failure of FAIL_CLOSED_CASES) {
    it(`${failure.name} fails closed even with fail_open: the model is not called`, async () => {
      service.answer(failure.answer);
      const { error, base } = await call({ unreachableFallback: 'fail_open', exitBehavior: 'error' });
      expect(error).to.be.instanceOf(GuardrailBlockedError);
      expect(error).to.include({ stage: 'input', reason: failure.reason });
      expect((error as Error).message).to.not.contain(KEY);
      expect(base.doGenerateCalls).to.have.length(0);
    });
  }

  it('a well-formed transform of the same conversation is applied (the control case of the transform rules)', async () => {
    service.answer((body) => {
      const payload = structuredClone(body.payload);
      payload.messages[0].content = 'masked';
      payload.messages[1].tool_calls[0].function.arguments = '{"topic":"[REDACTED]"}';
      payload.messages[2].content = 'masked result';
      return verdictAnswer('transform', { transformed_payload: payload });
    });
    const { result, base } = await call({ exitBehavior: 'error' });
    expect(result?.text).to.equal('answer');
    const prompt = base.doGenerateCalls[0].prompt;
    expect(prompt[0].content).to.deep.equal([{ type: 'text', text: 'masked' }]);
    expect(prompt[1].content[0]).to.deep.include({ type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { topic: '[REDACTED]' } });
    expect(prompt[2].content[0]).to.deep.include({ type: 'tool-result', toolCallId: 'c1', output: { type: 'text', value: 'masked result' } });
  });

  it('429 with Retry-After is retried after that wait, then the verdict applies', async () => {
    let calls = 0;
    service.answer(() => (++calls === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: { error: 'rate_limited' } } : verdictAnswer('allow')));
    const started = Date.now();
    const { result } = await call({ exitBehavior: 'error' });
    expect(result?.text).to.equal('answer');
    expect(calls).to.equal(2);
    expect(Date.now() - started).to.be.at.least(900);
  });

  for (const status of [502, 504]) {
    it(`${status} after the retries is unreachable: blocks by default, continues under fail_open`, async () => {
      service.answer(() => ({ status, body: { error: 'bad_gateway' } }));
      const closed = await call({ exitBehavior: 'error', backoffMs: 5 });
      expect((closed.error as GuardrailBlockedError).failure?.kind).to.equal('unreachable');
      const open = await call({ exitBehavior: 'error', backoffMs: 5, unreachableFallback: 'fail_open' });
      expect(open.result?.text).to.equal('answer');
    });
  }

  it('no answer within `timeout` (seconds) is unreachable: blocks by default, continues under fail_open', async () => {
    service.answer(() => ({ hang: true }));
    const closed = await call({ timeout: 0.3 });
    expect(closed.result?.text).to.equal('This message was blocked by the guardrail policy.');
    expect(closed.base.doGenerateCalls).to.have.length(0);
    const open = await call({ timeout: 0.3, unreachableFallback: 'fail_open' });
    expect(open.result?.text).to.equal('answer');
  });

  it('a TLS failure (an https URL on a server that does not speak TLS) fails closed even with fail_open', async () => {
    const { error } = await call({ apiBase: service.url.replace('http:', 'https:'), unreachableFallback: 'fail_open', exitBehavior: 'error' });
    expect((error as GuardrailBlockedError).failure?.kind).to.equal('tls');
  });
});
