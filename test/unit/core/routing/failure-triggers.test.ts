/**
 * The trigger vocabulary: status classes, exact statuses, timeouts, connection errors, and the
 * providers' context-length and content-filter refusals recognised from their error answers.
 */
import { expect } from 'chai';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { isContentFilterError, isContextLengthError } from '../../../../core/proxy/routing/failure-signs.js';
import { matchesTrigger, triggersOf } from '../../../../core/proxy/routing/failure-triggers.js';

const upstream = (status: number, message = 'failed', code?: string) =>
  new GatewayError('upstream_error', { status, message, source: 'upstream', details: code ? { upstream_code: code } : undefined });

describe('routing: failure triggers', () => {
  it('an upstream status fires itself and its class', () => {
    expect([...triggersOf(upstream(429))]).to.deep.equal(['429', '4xx']);
    expect(matchesTrigger(upstream(503), ['5xx'])).to.equal(true);
    expect(matchesTrigger(upstream(503), ['502'])).to.equal(false);
    expect(matchesTrigger(upstream(404), ['404'])).to.equal(true);
  });

  it('timeouts and connection errors fire their own trigger, not a status class', () => {
    const timeout = new GatewayError('upstream_timeout', { source: 'upstream' });
    const refused = new GatewayError('upstream_unreachable', { source: 'upstream' });
    expect([...triggersOf(timeout)]).to.deep.equal(['timeout']);
    expect([...triggersOf(refused)]).to.deep.equal(['connection']);
    expect(matchesTrigger(timeout, ['5xx'])).to.equal(false);
  });

  it("the gateway's own errors fire nothing", () => {
    expect(triggersOf(new GatewayError('unsupported_feature')).size).to.equal(0);
    expect(triggersOf(new GatewayError('guardrail_blocked')).size).to.equal(0);
  });

  const contextLength: Array<[string, number, string, string?]> = [
    ['OpenAI', 400, "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.", 'context_length_exceeded'],
    ['OpenAI (message only)', 400, "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens."],
    ['Anthropic', 400, 'prompt is too long: 208000 tokens > 200000 maximum'],
    ['Gemini', 400, 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).'],
    ['Cohere', 400, 'too many tokens: total number of tokens in the prompt cannot exceed 4081 - received 4800.'],
    ['Mistral', 400, 'Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length'],
    ['vLLM', 400, "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion)."],
    ['Groq', 400, 'Please reduce the length of the messages or completion.'],
    ['Anthropic 413', 413, 'Request exceeds the maximum allowed number of bytes.', 'request_too_large'],
  ];
  for (const [provider, status, message, code] of contextLength.slice(0, -1)) {
    it(`recognises a context-length error: ${provider}`, () => {
      expect(isContextLengthError(status, message, code)).to.equal(true);
      expect(triggersOf(upstream(status, message, code)).has('context_length')).to.equal(true);
    });
  }

  it('does not take other 400s, or a body-size refusal, for context-length errors', () => {
    expect(isContextLengthError(400, "Invalid value for 'temperature': must be <= 2")).to.equal(false);
    expect(isContextLengthError(500, "This model's maximum context length is 4096 tokens.")).to.equal(false);
    const [, status, message, code] = contextLength.at(-1)!;
    expect(isContextLengthError(status, message, code)).to.equal(false);
  });

  it('recognises content-filter refusals by code or message', () => {
    expect(isContentFilterError(400, 'The response was filtered', 'content_filter')).to.equal(true);
    expect(isContentFilterError(400, "The response was filtered due to the prompt triggering Azure OpenAI's content management policy.")).to.equal(true);
    expect(isContentFilterError(400, 'Your request was rejected as a result of our safety system.')).to.equal(true);
    expect(isContentFilterError(400, 'Request blocked due to SAFETY')).to.equal(true);
    expect(isContentFilterError(403, 'PROHIBITED_CONTENT')).to.equal(true);
    expect(isContentFilterError(400, 'messages: field required')).to.equal(false);
    expect(isContentFilterError(500, 'content filter service unavailable')).to.equal(false);
  });
});
