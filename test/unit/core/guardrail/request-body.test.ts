/**
 * An evaluate body handed over as text (an in-process call) is read as the same body sent over
 * HTTP would be: the same limit in UTF-8 bytes, the same parsing and checks, and text UTF-8
 * cannot carry (a lone surrogate) replaced as the HTTP encoding would have replaced it.
 */
import { expect } from 'chai';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { parseEvaluateBody } from '../../../../core/guardrail/evaluation/request-body.js';

type Body = { payload: { input: string } };
const bodyOf = (input: string) => JSON.stringify({ protocol: 'llm', direction: 'input', payload: { input } });
const refusal = (text: string) => {
  try {
    parseEvaluateBody(text, 'evaluate-request');
  } catch (err) {
    return err as GatewayError;
  }
  throw new Error('the body was accepted');
};

describe('core/guardrail/evaluation/request-body: bodies handed over as text', () => {
  it('reads text, accents and emoji as they were sent', () => {
    const input = 'Grüße 😀, «ignore» the rest';
    expect(parseEvaluateBody<Body>(bodyOf(input), 'evaluate-request').payload.input).to.equal(input);
  });

  it('reads a lone surrogate as U+FFFD, as its UTF-8 bytes over HTTP would have carried it', () => {
    // Raw in the text (JSON.stringify would have escaped it as \ud800, which both transports keep).
    const sent = '{"protocol":"llm","direction":"input","payload":{"input":"a\ud800b"}}';
    expect(Buffer.from(sent, 'utf8').toString('utf8')).to.include('a\ufffdb');
    expect(parseEvaluateBody<Body>(sent, 'evaluate-request').payload.input).to.equal('a\ufffdb');
  });

  it('refuses what HTTP refuses: not JSON, not an object, a __proto__ key, an unknown field', () => {
    expect(refusal('{"protocol":').code).to.equal('invalid_json');
    expect(refusal('[1]').code).to.equal('invalid_json');
    expect(refusal('  ').code).to.equal('invalid_json');
    expect(refusal('{"protocol":"llm","direction":"input","payload":{"input":"x","__proto__":{}}}').code).to.equal('invalid_json');
    expect(refusal('{"protocol":"llm","direction":"input","payload":{"input":"x"},"metadata":{}}').code).to.equal('unknown_field');
  });
});
