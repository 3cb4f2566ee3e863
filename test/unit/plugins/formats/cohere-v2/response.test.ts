import { expect } from 'chai';
import { FormatError, UnsupportedFeatureError, type CanonicalRequest, type EncodeContext } from '../../../../../core/canonical/index.js';
import cohere from '../../../../../plugins/formats/cohere-v2/index.js';

const request: CanonicalRequest = { model: 'command-a-03-2025', messages: [], sampling: {}, stream: false };
const context: EncodeContext = { request, model: 'command-a-03-2025' };

// Shapes from https://docs.cohere.com/reference/chat examples.
const toolAnswer = {
  id: '2b2ff9f9-9e8c-4d8b-a3b4-6f2c2d7e3f10',
  message: {
    role: 'assistant',
    tool_plan: 'I will use the query_daily_sales_report tool.',
    tool_calls: [
      { id: 'query_daily_sales_report_j3f0adww9pmr', type: 'function', function: { name: 'query_daily_sales_report', arguments: '{"day":"2023-09-29"}' } },
      { id: 'query_product_catalog_c66nf11r6s8g', type: 'function', function: { name: 'query_product_catalog', arguments: '{"category":"Electronics"}' } },
    ],
  },
  finish_reason: 'TOOL_CALL',
  usage: { billed_units: { input_tokens: 126, output_tokens: 84 }, tokens: { input_tokens: 1589, output_tokens: 135 }, cached_tokens: 1024 },
};

describe('cohere-v2 response', () => {
  it('decodes a tool plan, parallel tool calls and usage', () => {
    const response = cohere.decodeResponse(toolAnswer);
    expect(response.id).to.equal(toolAnswer.id);
    expect(response.model).to.equal('');
    expect(response.content).to.deep.equal([
      { type: 'text', text: 'I will use the query_daily_sales_report tool.' },
      { type: 'tool_call', id: 'query_daily_sales_report_j3f0adww9pmr', name: 'query_daily_sales_report', arguments: '{"day":"2023-09-29"}' },
      { type: 'tool_call', id: 'query_product_catalog_c66nf11r6s8g', name: 'query_product_catalog', arguments: '{"category":"Electronics"}' },
    ]);
    expect(response.finish_reason).to.equal('tool_calls');
    expect(response.usage).to.deep.equal({ input_tokens: 1589, output_tokens: 135, total_tokens: 1724, cached_input_tokens: 1024 });
  });

  it('decodes thinking, text with citations and every finish reason', () => {
    const citation = { start: 0, end: 5, text: 'Paris', sources: [{ type: 'document', id: 'doc:0' }] };
    const answer = (finish: string) =>
      cohere.decodeResponse({
        id: 'x',
        message: { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm' }, { type: 'text', text: 'Paris' }], citations: [citation] },
        finish_reason: finish,
        usage: { billed_units: { input_tokens: 3, output_tokens: 1 } },
      });
    const complete = answer('COMPLETE');
    expect(complete.content).to.deep.equal([
      { type: 'thinking', text: 'hmm' },
      { type: 'text', text: 'Paris', citations: [citation] },
    ]);
    expect(complete.usage).to.deep.equal({ input_tokens: 3, output_tokens: 1, total_tokens: 4 });
    expect(complete.finish_reason).to.equal('stop');
    expect(answer('STOP_SEQUENCE').finish_reason).to.equal('stop');
    expect(answer('MAX_TOKENS').finish_reason).to.equal('length');
    expect(answer('ERROR').finish_reason).to.equal('error');
    expect(answer('TIMEOUT').finish_reason).to.equal('other');
  });

  it('rejects an answer that is not a v2 chat answer', () => {
    expect(() => cohere.decodeResponse({ unexpected: true })).to.throw(FormatError);
    expect(() => cohere.decodeResponse({ message: { role: 'assistant' } })).to.throw(FormatError);
  });

  it('round-trips the upstream answer through canonical', () => {
    const body = cohere.encodeResponse(cohere.decodeResponse(toolAnswer), context);
    expect(body).to.deep.equal({
      id: toolAnswer.id,
      finish_reason: 'TOOL_CALL',
      message: { role: 'assistant', tool_plan: toolAnswer.message.tool_plan, tool_calls: toolAnswer.message.tool_calls },
      usage: { billed_units: { input_tokens: 1589, output_tokens: 135 }, tokens: { input_tokens: 1589, output_tokens: 135 }, cached_tokens: 1024 },
    });
  });

  it('encodes foreign answers: refusals as text, OpenAI annotations left behind, stop sequences', () => {
    const body = cohere.encodeResponse(
      {
        id: 'chatcmpl-1',
        model: 'gpt-4o',
        created: 1,
        content: [
          { type: 'thinking', text: 'why' },
          { type: 'text', text: 'Hello', citations: [{ type: 'url_citation', url_citation: { url: 'https://x' } }] },
        ],
        finish_reason: 'stop',
        stop_sequence: 'END',
      },
      context,
    );
    expect(body).to.deep.equal({
      id: 'chatcmpl-1',
      finish_reason: 'STOP_SEQUENCE',
      message: { role: 'assistant', content: [{ type: 'thinking', thinking: 'why' }, { type: 'text', text: 'Hello' }] },
    });
    expect(
      (cohere.encodeResponse({ id: 'r', model: 'm', created: 1, content: [{ type: 'refusal', text: 'No.' }], finish_reason: 'content_filter' }, context) as {
        message: unknown;
        finish_reason: string;
      }).finish_reason,
    ).to.equal('ERROR');
    expect(() =>
      cohere.encodeResponse({ id: 'r', model: 'm', created: 1, content: [{ type: 'image', source: { kind: 'url', url: 'https://x/y.png' } }], finish_reason: 'stop' }, context),
    ).to.throw(UnsupportedFeatureError);
  });
});

describe('cohere-v2 errors', () => {
  it('decodes Cohere error bodies by status', () => {
    expect(cohere.decodeError(429, { message: 'You are past the per minute request limit' })).to.deep.equal({
      status: 429,
      kind: 'rate_limit',
      message: 'You are past the per minute request limit',
    });
    expect(cohere.decodeError(400, '{"id":"e1","message":"invalid request: temperature must be between 0 and 1.0 inclusive."}')).to.include({
      kind: 'invalid_request',
      message: 'invalid request: temperature must be between 0 and 1.0 inclusive.',
    });
    expect(cohere.decodeError(498, {}).kind).to.equal('authentication');
    expect(cohere.decodeError(402, {}).kind).to.equal('permission');
    expect(cohere.decodeError(499, {}).kind).to.equal('timeout');
    expect(cohere.decodeError(500, 'oops').message).to.equal('oops');
  });

  it('encodes ErrorInfo as Cohere error body', () => {
    expect(cohere.encodeError({ status: 404, kind: 'not_found', message: 'model not found' })).to.deep.equal({ message: 'model not found' });
  });
});
