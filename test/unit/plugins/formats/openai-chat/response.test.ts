import { expect } from 'chai';
import { FormatError, UnsupportedFeatureError, type CanonicalRequest, type EncodeContext } from '../../../../../core/canonical/index.js';
import openaiChat from '../../../../../plugins/formats/openai-chat/index.js';

const request: CanonicalRequest = { model: 'gpt-4o', messages: [], sampling: {}, stream: false };
const context: EncodeContext = { request, model: 'gpt-4o' };

// A documented chat completion object with tool calls, cached and reasoning token details
// (https://platform.openai.com/docs/api-reference/chat/object).
const upstream = {
  id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
  object: 'chat.completion',
  created: 1741570283,
  model: 'gpt-4o-2024-08-06',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: 'Let me check.',
        refusal: null,
        annotations: [],
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '{}' } },
        ],
      },
      logprobs: null,
      finish_reason: 'tool_calls',
    },
  ],
  usage: {
    prompt_tokens: 1117,
    completion_tokens: 46,
    total_tokens: 1163,
    prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 12, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  },
  service_tier: 'default',
};

describe('openai-chat response', () => {
  it('decodes text, parallel tool calls, finish reason and detailed usage', () => {
    const response = openaiChat.decodeResponse(upstream);
    expect(response).to.deep.equal({
      id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
      model: 'gpt-4o-2024-08-06',
      created: 1741570283,
      content: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'tool_call', id: 'call_2', name: 'get_time', arguments: '{}' },
      ],
      finish_reason: 'tool_calls',
      usage: { input_tokens: 1117, output_tokens: 46, total_tokens: 1163, cached_input_tokens: 1024, reasoning_tokens: 12 },
    });
  });

  it('decodes reasoning text, refusals and every finish reason', () => {
    const answer = (message: object, finish: string) =>
      openaiChat.decodeResponse({ id: 'x', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }] });
    expect(answer({ content: '42', reasoning_content: 'think' }, 'stop').content).to.deep.equal([
      { type: 'thinking', text: 'think' },
      { type: 'text', text: '42' },
    ]);
    expect(answer({ content: null, reasoning: 'or this' }, 'stop').content).to.deep.equal([{ type: 'thinking', text: 'or this' }]);
    expect(answer({ content: null, refusal: 'No.' }, 'stop').content).to.deep.equal([{ type: 'refusal', text: 'No.' }]);
    expect(answer({ content: 'a' }, 'length').finish_reason).to.equal('length');
    expect(answer({ content: 'a' }, 'content_filter').finish_reason).to.equal('content_filter');
    expect(answer({ content: 'a' }, 'function_call').finish_reason).to.equal('tool_calls');
    expect(answer({ content: 'a' }, 'eos').finish_reason).to.equal('other');
  });

  it('rejects an answer that is not a chat completion', () => {
    expect(() => openaiChat.decodeResponse({ object: 'unexpected' })).to.throw(FormatError);
    expect(() => openaiChat.decodeResponse({ choices: [] })).to.throw(FormatError);
    expect(() => openaiChat.decodeResponse({ choices: [{ message: { tool_calls: [{ id: 'c' }] } }] })).to.throw(FormatError);
  });

  it('encodes a canonical answer as a chat completion and round-trips the upstream answer', () => {
    const body = openaiChat.encodeResponse(openaiChat.decodeResponse(upstream), { request, model: 'gpt-4o-2024-08-06' });
    expect(body).to.deep.equal({
      id: upstream.id,
      object: 'chat.completion',
      created: upstream.created,
      model: 'gpt-4o-2024-08-06',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Let me check.',
            refusal: null,
            tool_calls: upstream.choices[0]!.message.tool_calls,
            annotations: [],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: {
        prompt_tokens: 1117,
        completion_tokens: 46,
        total_tokens: 1163,
        prompt_tokens_details: { cached_tokens: 1024 },
        completion_tokens_details: { reasoning_tokens: 12 },
      },
    });
  });

  it('writes thinking as reasoning_content, maps foreign finish reasons and shows the context model', () => {
    const body = openaiChat.encodeResponse(
      {
        id: 'msg_1',
        model: 'claude-sonnet-4-5',
        created: 5,
        content: [
          { type: 'thinking', text: 'hmm', signature: 'sig' },
          { type: 'text', text: 'Hi', citations: [{ type: 'char_location', cited_text: 'x' }] },
        ],
        finish_reason: 'error',
      },
      { request, model: '@anthropic/claude-sonnet-4-5' },
    ) as { model: string; choices: Array<{ message: Record<string, unknown>; finish_reason: string }> };
    expect(body.model).to.equal('@anthropic/claude-sonnet-4-5');
    expect(body.choices[0]!.message).to.deep.equal({ role: 'assistant', content: 'Hi', refusal: null, reasoning_content: 'hmm', annotations: [] });
    expect(body.choices[0]!.finish_reason).to.equal('stop');
  });

  it('refuses answer content a chat completion cannot carry', () => {
    expect(() =>
      openaiChat.encodeResponse(
        { id: 'x', model: 'm', created: 1, content: [{ type: 'image', source: { kind: 'base64', media_type: 'image/png', data: 'AA==' } }], finish_reason: 'stop' },
        context,
      ),
    ).to.throw(UnsupportedFeatureError);
  });
});

describe('openai-chat errors', () => {
  it('decodes the OpenAI error object and the cloud-hosted variant', () => {
    expect(
      openaiChat.decodeError(429, { error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' } }),
    ).to.deep.equal({ status: 429, kind: 'rate_limit', message: 'Rate limit reached', code: 'rate_limit_exceeded' });
    expect(openaiChat.decodeError(404, '{"error":{"code":"404","message":"Resource not found"}}')).to.deep.equal({
      status: 404,
      kind: 'not_found',
      message: 'Resource not found',
      code: '404',
    });
    expect(openaiChat.decodeError(400, { error: { message: 'bad', type: 'invalid_request_error', param: 'messages', code: null } })).to.deep.equal({
      status: 400,
      kind: 'invalid_request',
      message: 'bad',
      param: 'messages',
    });
    expect(openaiChat.decodeError(502, '<html>bad gateway</html>')).to.include({ kind: 'upstream', message: '<html>bad gateway</html>' });
    expect(openaiChat.decodeError(401, {}).kind).to.equal('authentication');
    expect(openaiChat.decodeError(503, {}).kind).to.equal('overloaded');
    expect(openaiChat.decodeError(504, {}).kind).to.equal('timeout');
  });

  it('encodes ErrorInfo as the OpenAI error object', () => {
    expect(openaiChat.encodeError({ status: 400, kind: 'invalid_request', message: 'messages is required', param: 'messages' })).to.deep.equal({
      error: { message: 'messages is required', type: 'invalid_request_error', param: 'messages', code: null },
    });
    expect(openaiChat.encodeError({ status: 429, kind: 'rate_limit', message: 'slow down', code: 'rate_limited' })).to.deep.equal({
      error: { message: 'slow down', type: 'rate_limit_error', param: null, code: 'rate_limited' },
    });
  });
});
