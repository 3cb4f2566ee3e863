import { expect } from 'chai';
import { UnsupportedFeatureError, type CanonicalRequest } from '../../../../../core/canonical/index.js';
import anthropic, { DEFAULT_MAX_TOKENS, JSON_OUTPUT_TOOL } from '../../../../../plugins/formats/anthropic-messages/index.js';
import { thrownBy } from '../caught-errors.js';

/** Expected bodies follow https://docs.anthropic.com/en/api/messages. */
function request(extra: Partial<CanonicalRequest> = {}): CanonicalRequest {
  return { model: 'auto', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], sampling: {}, stream: false, ...extra };
}

const unsupported = (fn: () => unknown): UnsupportedFeatureError => thrownBy(UnsupportedFeatureError, fn);

describe('anthropic-messages encodeRequest', () => {
  it('writes the upstream model and the default max_tokens when the client gave none', () => {
    expect(anthropic.encodeRequest(request(), 'claude-sonnet-4-5')).to.deep.equal({
      model: 'claude-sonnet-4-5',
      max_tokens: DEFAULT_MAX_TOKENS,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(DEFAULT_MAX_TOKENS).to.equal(4096);
  });

  it('adds the thinking budget to the default max_tokens, and keeps a given max_tokens', () => {
    const thinking = anthropic.encodeRequest(request({ reasoning: { budget_tokens: 8000 } }), 'c');
    expect(thinking.max_tokens).to.equal(8000 + DEFAULT_MAX_TOKENS);
    expect(thinking.thinking).to.deep.equal({ type: 'enabled', budget_tokens: 8000 });
    expect(anthropic.encodeRequest(request({ sampling: { max_tokens: 300 } }), 'c').max_tokens).to.equal(300);
  });

  it('writes sampling, stop sequences, stream and the end user', () => {
    const body = anthropic.encodeRequest(
      request({ sampling: { temperature: 0.5, top_p: 0.8, top_k: 20, stop: ['###'], frequency_penalty: 0, n: 1 }, stream: true, user: 'u-1' }),
      'c',
    );
    expect(body).to.include({ temperature: 0.5, top_p: 0.8, top_k: 20, stream: true });
    expect(body.stop_sequences).to.deep.equal(['###']);
    expect(body.metadata).to.deep.equal({ user_id: 'u-1' });
  });

  it('hoists leading system and developer messages into system, as a string or as blocks with cache_control', () => {
    const plain = anthropic.encodeRequest(
      request({ messages: [{ role: 'system', content: [{ type: 'text', text: 'Be brief.' }] }, { role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }),
      'c',
    );
    expect(plain.system).to.equal('Be brief.');
    const cached = anthropic.encodeRequest(
      request({
        messages: [
          { role: 'system', content: [{ type: 'text', text: 'Context', cache: { type: 'ephemeral' } }] },
          { role: 'developer', content: [{ type: 'text', text: 'Rules' }] },
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        ],
      }),
      'c',
    );
    expect(cached.system).to.deep.equal([
      { type: 'text', text: 'Context', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'Rules' },
    ]);
  });

  it('joins a system message from later in the conversation into system, in order', () => {
    const body = anthropic.encodeRequest(
      request({
        messages: [
          { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'Hello.' }] },
          { role: 'developer', content: [{ type: 'text', text: 'Answer in French from now on.' }] },
          { role: 'user', content: [{ type: 'text', text: 'Bye' }] },
        ],
      }),
      'c',
    );
    expect(body.system).to.deep.equal([
      { type: 'text', text: 'Be brief.' },
      { type: 'text', text: 'Answer in French from now on.' },
    ]);
    expect(body.messages).to.deep.equal([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'Bye' },
    ]);
  });

  it('merges tool messages and the user message after them into one user turn, tool results first', () => {
    const body = anthropic.encodeRequest(
      request({
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: '' },
              { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
              { type: 'tool_call', id: 'call_2', name: 'get_weather', arguments: '' },
            ],
          },
          { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'call_1', content: [{ type: 'text', text: '18C' }] }] },
          { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'call_2', is_error: true, content: [] }] },
          { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] },
        ],
      }),
      'c',
    );
    expect(body.messages).to.deep.equal([
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'call_2', name: 'get_weather', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: '18C' },
          { type: 'tool_result', tool_use_id: 'call_2', is_error: true },
          { type: 'text', text: 'And tomorrow?' },
        ],
      },
    ]);
  });

  it('writes images, documents (PDF, text, url, file) and tool results with blocks', () => {
    const text = Buffer.from('plain words').toString('base64');
    const body = anthropic.encodeRequest(
      request({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', source: { kind: 'base64', media_type: 'image/jpeg', data: '/9j/' }, detail: 'high' },
              { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' }, cache: { type: 'ephemeral', ttl: '5m' } },
              { type: 'image', source: { kind: 'file', file_id: 'file_img' } },
              { type: 'document', source: { kind: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, name: 'report.pdf' },
              { type: 'document', source: { kind: 'base64', media_type: 'text/plain', data: text }, title: 'Notes', context: 'ctx' },
              { type: 'document', source: { kind: 'url', url: 'https://example.com/a.pdf' } },
              { type: 'document', source: { kind: 'file', file_id: 'file_doc' } },
            ],
          },
        ],
      }),
      'c',
    );
    expect((body.messages as Array<{ content: unknown }>)[0]!.content).to.deep.equal([
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' }, cache_control: { type: 'ephemeral', ttl: '5m' } },
      { type: 'image', source: { type: 'file', file_id: 'file_img' } },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'report.pdf' },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'plain words' }, title: 'Notes', context: 'ctx' },
      { type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } },
      { type: 'document', source: { type: 'file', file_id: 'file_doc' } },
    ]);
  });

  it('writes tools with cache_control, every tool choice, and parallel_tool_calls false as disable_parallel_tool_use', () => {
    const tools = [{ name: 'f', description: 'd', parameters: { type: 'object', properties: {} }, strict: true, cache: { type: 'ephemeral' as const } }];
    const body = anthropic.encodeRequest(request({ tools, tool_choice: { type: 'required' }, parallel_tool_calls: false }), 'c');
    expect(body.tools).to.deep.equal([
      { name: 'f', description: 'd', input_schema: { type: 'object', properties: {} }, strict: true, cache_control: { type: 'ephemeral' } },
    ]);
    expect(body.tool_choice).to.deep.equal({ type: 'any', disable_parallel_tool_use: true });
    const choice = (extra: Partial<CanonicalRequest>) => anthropic.encodeRequest(request({ tools, ...extra }), 'c').tool_choice;
    expect(choice({ tool_choice: { type: 'auto' } })).to.deep.equal({ type: 'auto' });
    expect(choice({ tool_choice: { type: 'none' }, parallel_tool_calls: false })).to.deep.equal({ type: 'none' });
    expect(choice({ tool_choice: { type: 'tool', name: 'f' } })).to.deep.equal({ type: 'tool', name: 'f' });
    expect(choice({ parallel_tool_calls: false })).to.deep.equal({ type: 'auto', disable_parallel_tool_use: true });
    expect(choice({})).to.equal(undefined);
    expect(anthropic.encodeRequest(request({ tool_choice: { type: 'none' } }), 'c')).to.not.have.property('tool_choice');
  });

  it('writes reasoning as thinking and output_config.effort', () => {
    const encode = (reasoning: CanonicalRequest['reasoning']) => anthropic.encodeRequest(request({ reasoning }), 'c');
    expect(encode({ enabled: false }).thinking).to.deep.equal({ type: 'disabled' });
    expect(encode({ budget_tokens: 2048, include_thoughts: false }).thinking).to.deep.equal({ type: 'enabled', budget_tokens: 2048, display: 'omitted' });
    const adaptive = encode({ enabled: true, effort: 'minimal' });
    expect(adaptive.thinking).to.deep.equal({ type: 'adaptive' });
    expect(adaptive.output_config).to.deep.equal({ effort: 'low' });
    const effortOnly = encode({ effort: 'high' });
    expect(effortOnly).to.not.have.property('thinking');
    expect(effortOnly.output_config).to.deep.equal({ effort: 'high' });
  });

  it('writes a JSON schema response format as output_config.format', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
    const body = anthropic.encodeRequest(request({ response_format: { type: 'json_schema', name: 'answer', schema, strict: true } }), 'c');
    expect(body.output_config).to.deep.equal({ format: { type: 'json_schema', schema } });
    expect(body).to.not.have.property('tools');
  });

  it('writes JSON mode as the reserved tool, forced alone or offered with the client tools under any', () => {
    const alone = anthropic.encodeRequest(request({ response_format: { type: 'json_object' } }), 'c');
    expect((alone.tools as Array<{ name: string }>).map((t) => t.name)).to.deep.equal([JSON_OUTPUT_TOOL]);
    expect(alone.tool_choice).to.deep.equal({ type: 'tool', name: JSON_OUTPUT_TOOL, disable_parallel_tool_use: true });
    const tools = [{ name: 'lookup', parameters: { type: 'object' } }];
    const withTools = anthropic.encodeRequest(request({ response_format: { type: 'json_object' }, tools }), 'c');
    expect((withTools.tools as Array<{ name: string }>).map((t) => t.name)).to.deep.equal(['lookup', JSON_OUTPUT_TOOL]);
    expect(withTools.tool_choice).to.deep.equal({ type: 'any' });
    const forced = anthropic.encodeRequest(request({ response_format: { type: 'json_object' }, tools, tool_choice: { type: 'tool', name: 'lookup' } }), 'c');
    expect((forced.tools as Array<{ name: string }>).map((t) => t.name)).to.deep.equal(['lookup']);
  });

  it('leaves out reasoning Anthropic cannot verify and keeps its own signed and redacted thinking', () => {
    const body = anthropic.encodeRequest(
      request({
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Q' }] },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', text: 'mine', signature: 'sig-1' },
              { type: 'thinking', text: '', redacted_data: 'opaque' },
              { type: 'thinking', text: 'from deepseek' },
              { type: 'thinking', text: 'summary', id: 'rs_1', redacted_data: 'gAAAA' },
              { type: 'refusal', text: 'I cannot.' },
            ],
          },
        ],
      }),
      'c',
    );
    expect((body.messages as Array<{ content: unknown }>)[1]!.content).to.deep.equal([
      { type: 'thinking', thinking: 'mine', signature: 'sig-1' },
      { type: 'redacted_thinking', data: 'opaque' },
      { type: 'text', text: 'I cannot.' },
    ]);
  });

  it('refuses what Anthropic cannot express, naming it', () => {
    expect(unsupported(() => anthropic.encodeRequest(request({ sampling: { seed: 7 } }), 'c')).feature).to.equal('seed');
    expect(unsupported(() => anthropic.encodeRequest(request({ sampling: { presence_penalty: 0.5 } }), 'c')).feature).to.equal('presence_penalty');
    expect(unsupported(() => anthropic.encodeRequest(request({ sampling: { frequency_penalty: 1 } }), 'c')).feature).to.equal('frequency_penalty');
    expect(unsupported(() => anthropic.encodeRequest(request({ sampling: { n: 2 } }), 'c')).feature).to.equal('n=2');
    expect(unsupported(() => anthropic.encodeRequest(request({ sampling: { temperature: 1.5 } }), 'c')).feature).to.equal('temperature 1.5');
    const image = request({
      messages: [{ role: 'system', content: [{ type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } }] }],
    });
    expect(unsupported(() => anthropic.encodeRequest(image, 'c')).feature).to.equal('messages[0]: image content in a system message');
    const audio = request({ messages: [{ role: 'user', content: [{ type: 'audio', source: { kind: 'base64', media_type: 'audio/wav', data: 'UklG' } }] }] });
    expect(unsupported(() => anthropic.encodeRequest(audio, 'c')).feature).to.equal('audio input');
    const docx = request({
      messages: [{ role: 'user', content: [{ type: 'document', source: { kind: 'base64', media_type: 'application/msword', data: 'AA==' } }] }],
    });
    expect(unsupported(() => anthropic.encodeRequest(docx, 'c')).feature).to.equal('document of type application/msword');
    const badArgs = request({
      messages: [{ role: 'assistant', content: [{ type: 'tool_call', id: 'c1', name: 'f', arguments: '[1,2]' }] }],
    });
    expect(unsupported(() => anthropic.encodeRequest(badArgs, 'c')).feature).to.match(/tool call c1/);
    const jsonWithThinking = request({ response_format: { type: 'json_object' }, reasoning: { budget_tokens: 2048 } });
    expect(unsupported(() => anthropic.encodeRequest(jsonWithThinking, 'c')).feature).to.equal('response_format json_object with reasoning');
    const reserved = request({ tools: [{ name: JSON_OUTPUT_TOOL, parameters: { type: 'object' } }] });
    expect(unsupported(() => anthropic.encodeRequest(reserved, 'c')).feature).to.match(/reserved|portcullis_json_output/);
    const sameFormat = request({ same_format_only: [{ feature: 'previous_response_id', reason: 'continues a response stored by OpenAI' }] });
    expect(unsupported(() => anthropic.encodeRequest(sameFormat, 'c')).feature).to.equal('previous_response_id');
  });
});

describe('anthropic-messages round trips and pass-through', () => {
  const body = {
    model: 'claude-opus-4-6',
    max_tokens: 2048,
    system: [{ type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } }],
    messages: [
      { role: 'user', content: 'What is 2+2? Use the tool.' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Simple arithmetic.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3h' },
          { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4a' },
          { type: 'tool_use', id: 'toolu_01', name: 'add', input: { a: 2, b: 2 } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01', content: '4' },
          { type: 'text', text: 'And 3+3?', cache_control: { type: 'ephemeral' } },
        ],
      },
    ],
    tools: [{ name: 'add', description: 'Adds', input_schema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } }],
    tool_choice: { type: 'auto', disable_parallel_tool_use: true },
    thinking: { type: 'enabled', budget_tokens: 1024 },
    temperature: 1,
    stop_sequences: ['STOP'],
    metadata: { user_id: 'u-7' },
    stream: true,
  };

  it('decodes and re-encodes a Messages request to the same body, thinking signatures included', () => {
    const again = anthropic.encodeRequest(anthropic.decodeRequest(body), 'claude-opus-4-6');
    expect(again).to.deep.equal(body);
  });

  it('round-trips structured output and adaptive thinking with effort', () => {
    const structured = {
      model: 'm',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'x' }],
      thinking: { type: 'adaptive', display: 'summarized' },
      output_config: { format: { type: 'json_schema', schema: { type: 'object', additionalProperties: false } }, effort: 'low' },
    };
    const again = anthropic.encodeRequest(anthropic.decodeRequest(structured), 'm');
    expect(again).to.deep.equal(structured);
  });

  it('passes a body through with only the model rewritten, unknown fields intact', () => {
    const client = { ...body, model: 'pool:fast', container: 'cntr_1', tools: [{ type: 'web_search_20250305', name: 'web_search' }] };
    const out = anthropic.passthroughRequest(client, 'claude-opus-4-6');
    expect(out).to.deep.equal({ ...client, model: 'claude-opus-4-6' });
    expect(client.model).to.equal('pool:fast');
  });
});
