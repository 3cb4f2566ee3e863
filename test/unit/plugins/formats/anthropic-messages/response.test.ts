import { expect } from 'chai';
import { FormatError, UnsupportedFeatureError, type CanonicalResponse, type EncodeContext } from '../../../../../core/canonical/index.js';
import anthropic, { JSON_OUTPUT_TOOL } from '../../../../../plugins/formats/anthropic-messages/index.js';

/** Message objects follow https://docs.anthropic.com/en/api/messages ("Returns"). */
const context: EncodeContext = { request: { model: 'auto', messages: [], sampling: {}, stream: false }, model: 'claude-sonnet-4-5' };

function message(extra: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5-20250929',
    content: [{ type: 'text', text: 'Hi' }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 6, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    ...extra,
  };
}

describe('anthropic-messages decodeResponse', () => {
  it('decodes text, thinking with its signature, redacted thinking and tool calls', () => {
    const response = anthropic.decodeResponse(
      message({
        content: [
          { type: 'thinking', thinking: 'Plan.', signature: 'sig==' },
          { type: 'redacted_thinking', data: 'opaque==' },
          { type: 'text', text: 'Calling.', citations: [{ type: 'char_location', cited_text: 'c' }] },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        ],
        stop_reason: 'tool_use',
      }),
    );
    expect(response).to.include({ id: 'msg_01', model: 'claude-sonnet-4-5-20250929', finish_reason: 'tool_calls' });
    expect(response.created).to.be.a('number');
    expect(response.native_finish_reason).to.deep.equal({ format: 'anthropic-messages', value: 'tool_use' });
    expect(response.content).to.deep.equal([
      { type: 'thinking', text: 'Plan.', signature: 'sig==' },
      { type: 'thinking', text: '', redacted_data: 'opaque==' },
      { type: 'text', text: 'Calling.', citations: [{ type: 'char_location', cited_text: 'c' }] },
      { type: 'tool_call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    ]);
  });

  it('converts usage: canonical input_tokens include cache reads and cache writes', () => {
    const response = anthropic.decodeResponse(
      message({
        usage: {
          input_tokens: 50,
          output_tokens: 20,
          cache_creation_input_tokens: 1000,
          cache_read_input_tokens: 3000,
          output_tokens_details: { thinking_tokens: 8 },
        },
      }),
    );
    expect(response.usage).to.deep.equal({
      input_tokens: 4050,
      output_tokens: 20,
      total_tokens: 4070,
      cached_input_tokens: 3000,
      cache_creation_input_tokens: 1000,
      reasoning_tokens: 8,
    });
  });

  it('maps every stop reason and keeps the stop sequence', () => {
    const reasons: Array<[string, string]> = [
      ['end_turn', 'stop'],
      ['stop_sequence', 'stop'],
      ['max_tokens', 'length'],
      ['model_context_window_exceeded', 'length'],
      ['tool_use', 'tool_calls'],
      ['refusal', 'content_filter'],
      ['pause_turn', 'other'],
    ];
    for (const [stop, finish] of reasons) expect(anthropic.decodeResponse(message({ stop_reason: stop })).finish_reason, stop).to.equal(finish);
    expect(anthropic.decodeResponse(message({ stop_reason: 'stop_sequence', stop_sequence: '###' })).stop_sequence).to.equal('###');
  });

  it('turns the JSON-mode tool call into text JSON and the tool_use stop into a plain stop', () => {
    const response = anthropic.decodeResponse(
      message({ content: [{ type: 'tool_use', id: 'toolu_9', name: JSON_OUTPUT_TOOL, input: { answer: 4 } }], stop_reason: 'tool_use' }),
    );
    expect(response.content).to.deep.equal([{ type: 'text', text: '{"answer":4}' }]);
    expect(response.finish_reason).to.equal('stop');
  });

  it('carries blocks without a canonical type verbatim', () => {
    const search = { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'portcullis' } };
    const response = anthropic.decodeResponse(message({ content: [search, { type: 'text', text: 'Found it.' }] }));
    expect(response.content[0]).to.deep.equal({ type: 'text', text: '', native: { format: 'anthropic-messages', block: search } });
  });

  it('answers FormatError for bodies that are not Messages', () => {
    expect(() => anthropic.decodeResponse({ object: 'chat.completion' })).to.throw(FormatError);
    expect(() => anthropic.decodeResponse(message({ content: 'Hi' }))).to.throw(FormatError);
    expect(() => anthropic.decodeResponse(message({ id: 7 }))).to.throw(FormatError);
    expect(() => anthropic.decodeResponse('<html>')).to.throw(FormatError);
  });
});

describe('anthropic-messages encodeResponse', () => {
  const canonical: CanonicalResponse = {
    id: 'chatcmpl-1',
    model: 'gpt-4o',
    created: 1700000000,
    content: [
      { type: 'thinking', text: 'Reasoned.', signature: 'sig==' },
      { type: 'text', text: 'Here.' },
      { type: 'tool_call', id: 'call_1', name: 'f', arguments: '{"x":1}' },
    ],
    finish_reason: 'tool_calls',
    usage: { input_tokens: 4050, output_tokens: 20, total_tokens: 4070, cached_input_tokens: 3000, cache_creation_input_tokens: 1000 },
  };

  it('writes a Message with the client-facing model, blocks, stop reason and Anthropic usage', () => {
    expect(anthropic.encodeResponse(canonical, context)).to.deep.equal({
      id: 'chatcmpl-1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [
        { type: 'thinking', thinking: 'Reasoned.', signature: 'sig==' },
        { type: 'text', text: 'Here.' },
        { type: 'tool_use', id: 'call_1', name: 'f', input: { x: 1 } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 50, output_tokens: 20, cache_creation_input_tokens: 1000, cache_read_input_tokens: 3000 },
    });
  });

  it('maps finish reasons, preferring the exact Anthropic reason when the upstream was Anthropic', () => {
    const stop = (extra: Partial<CanonicalResponse>) => anthropic.encodeResponse({ ...canonical, ...extra }, context).stop_reason;
    expect(stop({ finish_reason: 'stop' })).to.equal('end_turn');
    expect(stop({ finish_reason: 'stop', stop_sequence: '###' })).to.equal('stop_sequence');
    expect(stop({ finish_reason: 'length' })).to.equal('max_tokens');
    expect(stop({ finish_reason: 'content_filter' })).to.equal('refusal');
    expect(stop({ finish_reason: 'other', native_finish_reason: { format: 'anthropic-messages', value: 'pause_turn' } })).to.equal('pause_turn');
    expect(stop({ finish_reason: 'stop', native_finish_reason: { format: 'gemini', value: 'STOP' } })).to.equal('end_turn');
  });

  it('writes other providers reasoning with an empty signature, refusals as text, and unparseable arguments as {}', () => {
    const body = anthropic.encodeResponse(
      {
        ...canonical,
        content: [
          { type: 'thinking', text: 'summary', id: 'rs_1', redacted_data: 'gAAAA' },
          { type: 'thinking', text: '', id: 'rs_2', redacted_data: 'gBBBB' },
          { type: 'refusal', text: 'No.' },
          { type: 'tool_call', id: 'c', name: 'f', arguments: '{"x":' },
          { type: 'text', text: '', native: { format: 'gemini', block: { executableCode: {} } } },
        ],
      },
      context,
    );
    expect(body.content).to.deep.equal([
      { type: 'thinking', thinking: 'summary', signature: '' },
      { type: 'text', text: 'No.' },
      { type: 'tool_use', id: 'c', name: 'f', input: {} },
    ]);
  });

  it('round-trips an Anthropic answer exactly, server-tool blocks and pause_turn included', () => {
    const upstream = message({
      content: [
        { type: 'thinking', thinking: 'Plan.', signature: 'sig==' },
        { type: 'redacted_thinking', data: 'opaque==' },
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [{ type: 'web_search_result', url: 'https://e.com', title: 'E' }] },
        { type: 'text', text: 'Per E.', citations: [{ type: 'web_search_result_location', url: 'https://e.com' }] },
        { type: 'tool_use', id: 'toolu_1', name: 'f', input: { a: [1, { b: null }] } },
      ],
      stop_reason: 'pause_turn',
      usage: { input_tokens: 5, output_tokens: 7, cache_creation_input_tokens: 11, cache_read_input_tokens: 13 },
    });
    const again = anthropic.encodeResponse(anthropic.decodeResponse(upstream), { ...context, model: 'claude-sonnet-4-5-20250929' });
    expect(again).to.deep.equal(upstream);
  });

  it('refuses answer parts an Anthropic message cannot hold', () => {
    const image: CanonicalResponse = { ...canonical, content: [{ type: 'image', source: { kind: 'base64', media_type: 'image/png', data: 'AA==' } }] };
    expect(() => anthropic.encodeResponse(image, context)).to.throw(UnsupportedFeatureError);
  });
});
