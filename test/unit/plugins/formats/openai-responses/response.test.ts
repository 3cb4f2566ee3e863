import { expect } from 'chai';
import {
  FormatError,
  type CanonicalRequest,
  type CanonicalResponse,
  type EncodeContext,
} from '../../../../../core/canonical/index.js';
import format from '../../../../../plugins/formats/openai-responses/index.js';

/** A response object as documented in the API reference (responses/object), with a reasoning item and a function call. */
const upstream = {
  id: 'resp_67ccd2bed1ec8190b14f964abc054267',
  object: 'response',
  created_at: 1741476542,
  status: 'completed',
  error: null,
  incomplete_details: null,
  model: 'o4-mini-2025-04-16',
  output: [
    { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Look up weather.' }], encrypted_content: 'gAAAAenc' },
    {
      type: 'message',
      id: 'msg_1',
      status: 'completed',
      role: 'assistant',
      content: [
        { type: 'output_text', text: 'Let me check.', annotations: [] },
        { type: 'refusal', refusal: 'No personal data.' },
      ],
    },
    { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'x' } },
    { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
  ],
  usage: {
    input_tokens: 36,
    input_tokens_details: { cached_tokens: 12 },
    output_tokens: 87,
    output_tokens_details: { reasoning_tokens: 64 },
    total_tokens: 123,
  },
};

const request: CanonicalRequest = {
  model: 'auto',
  messages: [
    { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
    { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
  ],
  tools: [{ name: 'get_weather', parameters: { type: 'object', properties: {} }, strict: true }],
  sampling: { temperature: 0.4, max_tokens: 500 },
  stream: false,
};
const context: EncodeContext = { request, model: 'gpt-4o' };

describe('openai-responses decodeResponse', () => {
  it('decodes reasoning, text, refusal and function calls, carrying built-in tool items as native blocks', () => {
    const response = format.decodeResponse(upstream);
    expect(response).to.deep.equal({
      id: 'resp_67ccd2bed1ec8190b14f964abc054267',
      model: 'o4-mini-2025-04-16',
      created: 1741476542,
      content: [
        { type: 'thinking', text: 'Look up weather.', id: 'rs_1', redacted_data: 'gAAAAenc' },
        { type: 'text', text: 'Let me check.' },
        { type: 'refusal', text: 'No personal data.' },
        { type: 'text', text: '', native: { format: 'openai-responses', block: upstream.output[2] } },
        { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      ],
      finish_reason: 'tool_calls',
      usage: { input_tokens: 36, output_tokens: 87, total_tokens: 123, cached_input_tokens: 12, reasoning_tokens: 64 },
    });
  });

  it('maps status and incomplete_details to the finish reason', () => {
    const text = [{ type: 'message', id: 'm', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'x', annotations: [] }] }];
    const reason = (status: string, incomplete: unknown = null) =>
      format.decodeResponse({ ...upstream, output: text, status, incomplete_details: incomplete }).finish_reason;
    expect(reason('completed')).to.equal('stop');
    expect(reason('incomplete', { reason: 'max_output_tokens' })).to.equal('length');
    expect(reason('incomplete', { reason: 'content_filter' })).to.equal('content_filter');
    expect(reason('failed')).to.equal('error');
    expect(reason('cancelled')).to.equal('other');
  });

  it('answers FormatError for a body that is not a response object', () => {
    expect(() => format.decodeResponse({ choices: [] })).to.throw(FormatError);
    expect(() => format.decodeResponse('text')).to.throw(FormatError);
    expect(() => format.decodeResponse({ ...upstream, output: [{ type: 'function_call', name: 'f' }] })).to.throw(FormatError, /call_id/);
  });
});

describe('openai-responses encodeResponse', () => {
  const canonical: CanonicalResponse = {
    id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
    model: 'claude-sonnet-4-5',
    created: 1741476542,
    content: [
      { type: 'thinking', text: 'Plan.', signature: 'sig' },
      { type: 'text', text: 'Checking ', citations: [{ type: 'url_citation', url: 'https://e.x' }] },
      { type: 'text', text: 'now.' },
      { type: 'tool_call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    ],
    finish_reason: 'tool_calls',
    usage: { input_tokens: 20, output_tokens: 10, total_tokens: 30, cached_input_tokens: 5, cache_creation_input_tokens: 3 },
  };

  it('writes a response object with typed output items and usage details', () => {
    const body = format.encodeResponse(canonical, context);
    expect(body).to.deep.include({
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      object: 'response',
      created_at: 1741476542,
      status: 'completed',
      error: null,
      incomplete_details: null,
      model: 'gpt-4o',
      instructions: 'Be brief.',
      temperature: 0.4,
      max_output_tokens: 500,
      parallel_tool_calls: true,
      tool_choice: 'auto',
      text: { format: { type: 'text' } },
    });
    expect(body.tools).to.deep.equal([{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: {} }, strict: true }]);
    expect(body.usage).to.deep.equal({
      input_tokens: 20,
      input_tokens_details: { cached_tokens: 5, cache_write_tokens: 3 },
      output_tokens: 10,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 30,
    });
    const output = body.output as Array<Record<string, unknown>>;
    expect(output.map((i) => i.type)).to.deep.equal(['reasoning', 'message', 'function_call']);
    expect(output[0]!.id).to.match(/^rs_/);
    expect(output[0]!.summary).to.deep.equal([{ type: 'summary_text', text: 'Plan.' }]);
    expect(output[1]).to.deep.include({ type: 'message', role: 'assistant', status: 'completed' });
    expect(output[1]!.id).to.match(/^msg_/);
    expect(output[1]!.content).to.deep.equal([
      { type: 'output_text', annotations: [{ type: 'url_citation', url: 'https://e.x' }], logprobs: [], text: 'Checking ' },
      { type: 'output_text', annotations: [], logprobs: [], text: 'now.' },
    ]);
    expect(output[2]).to.deep.include({ type: 'function_call', status: 'completed', call_id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' });
    expect(output[2]!.id).to.match(/^fc_/);
  });

  it('reports a length stop as incomplete with max_output_tokens, and an error as failed', () => {
    const length = format.encodeResponse({ ...canonical, finish_reason: 'length' }, context);
    expect(length.status).to.equal('incomplete');
    expect(length.incomplete_details).to.deep.equal({ reason: 'max_output_tokens' });
    const filtered = format.encodeResponse({ ...canonical, finish_reason: 'content_filter' }, context);
    expect(filtered.incomplete_details).to.deep.equal({ reason: 'content_filter' });
    const failed = format.encodeResponse({ ...canonical, finish_reason: 'error' }, context);
    expect(failed.status).to.equal('failed');
    expect(failed.error).to.have.property('message');
  });

  it('writes Responses native blocks back verbatim and skips other formats\' ones', () => {
    const webSearch = { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'x' } };
    const body = format.encodeResponse(
      {
        ...canonical,
        content: [
          { type: 'text', text: '', native: { format: 'openai-responses', block: webSearch } },
          { type: 'text', text: '', native: { format: 'anthropic-messages', block: { type: 'server_tool_use', id: 'srvtoolu_1' } } },
          { type: 'text', text: 'Found it.' },
        ],
      },
      context,
    );
    const output = body.output as Array<Record<string, unknown>>;
    expect(output).to.have.length(2);
    expect(output[0]).to.deep.equal(webSearch);
    expect(output[1]!.type).to.equal('message');
  });

  it('keeps an OpenAI reasoning id and encrypted content so the client can replay them', () => {
    const body = format.encodeResponse(
      { ...canonical, content: [{ type: 'thinking', text: '', id: 'rs_9', redacted_data: 'gAAAA' }] },
      context,
    );
    expect(body.output).to.deep.equal([{ id: 'rs_9', type: 'reasoning', summary: [], encrypted_content: 'gAAAA' }]);
  });

  it('round-trips: decode(encode(response)) gives the same canonical content', () => {
    const again = format.decodeResponse(format.encodeResponse(format.decodeResponse(upstream), context));
    const first = format.decodeResponse(upstream);
    expect(again.content).to.deep.equal(first.content);
    expect(again.usage).to.deep.equal(first.usage);
    expect(again.finish_reason).to.equal(first.finish_reason);
  });
});
