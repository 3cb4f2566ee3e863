import { expect } from 'chai';
import {
  UnsupportedFeatureError,
  type CanonicalRequest,
} from '../../../../../core/canonical/index.js';
import format from '../../../../../plugins/formats/openai-responses/index.js';
import { thrownBy } from '../caught-errors.js';

const base = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: '@openai/gpt-4o',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  sampling: {},
  stream: false,
  ...over,
});

const unsupported = (fn: () => unknown): UnsupportedFeatureError => thrownBy(UnsupportedFeatureError, fn);

describe('openai-responses encodeRequest', () => {
  it('writes the upstream model, leading system text as instructions and a stateless request', () => {
    const body = format.encodeRequest(
      base({
        messages: [
          { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
          { role: 'system', content: [{ type: 'text', text: 'Use metric.' }] },
          { role: 'developer', content: [{ type: 'text', text: 'Dev note' }] },
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        ],
      }),
      'gpt-4o-2024-08-06',
    );
    expect(body).to.deep.equal({
      model: 'gpt-4o-2024-08-06',
      instructions: 'Be brief.\n\nUse metric.',
      input: [
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Dev note' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
      ],
      store: false,
    });
  });

  it('encodes images and documents from URLs, base64 and file ids', () => {
    const body = format.encodeRequest(
      base({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', source: { kind: 'url', url: 'https://x/cat.png' }, detail: 'low' },
              { type: 'image', source: { kind: 'base64', media_type: 'image/jpeg', data: '/9j/' } },
              { type: 'image', source: { kind: 'file', file_id: 'file-1' } },
              { type: 'document', source: { kind: 'base64', media_type: 'application/pdf', data: 'JVBE' }, name: 'r.pdf' },
              { type: 'document', source: { kind: 'base64', media_type: 'application/pdf', data: 'JVBE' } },
              { type: 'document', source: { kind: 'url', url: 'https://x/a.pdf' } },
              { type: 'document', source: { kind: 'file', file_id: 'file-2' } },
            ],
          },
        ],
      }),
      'gpt-4o',
    );
    expect((body.input as unknown[])[0]).to.deep.equal({
      type: 'message',
      role: 'user',
      content: [
        { type: 'input_image', detail: 'low', image_url: 'https://x/cat.png' },
        { type: 'input_image', detail: 'auto', image_url: 'data:image/jpeg;base64,/9j/' },
        { type: 'input_image', detail: 'auto', file_id: 'file-1' },
        { type: 'input_file', file_data: 'data:application/pdf;base64,JVBE', filename: 'r.pdf' },
        { type: 'input_file', file_data: 'data:application/pdf;base64,JVBE', filename: 'document.pdf' },
        { type: 'input_file', file_url: 'https://x/a.pdf' },
        { type: 'input_file', file_id: 'file-2' },
      ],
    });
  });

  it('splits an assistant turn into message, reasoning and function_call items, in order', () => {
    const body = format.encodeRequest(
      base({
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', text: 'Need a tool.', id: 'rs_1', redacted_data: 'gAAAAenc' },
              { type: 'thinking', text: 'Anthropic thought', signature: 'sig' },
              { type: 'text', text: 'Checking.' },
              { type: 'refusal', text: 'Not that part.' },
              { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
            ],
          },
          { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'call_1', content: [{ type: 'text', text: '18C' }] }] },
        ],
      }),
      'gpt-4o',
    );
    expect((body.input as unknown[]).slice(1)).to.deep.equal([
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Need a tool.' }], encrypted_content: 'gAAAAenc' },
      {
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'output_text', text: 'Checking.' },
          { type: 'refusal', refusal: 'Not that part.' },
        ],
      },
      { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call_output', call_id: 'call_1', output: '18C' },
    ]);
  });

  it('turns tool results inside user messages into function_call_output items, keeping order', () => {
    const body = format.encodeRequest(
      base({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_call_id: 'toolu_1', content: [{ type: 'image', source: { kind: 'url', url: 'https://x/p.png' } }] },
              { type: 'text', text: 'What is in it?' },
            ],
          },
        ],
      }),
      'gpt-4o',
    );
    expect(body.input).to.deep.equal([
      { type: 'function_call_output', call_id: 'toolu_1', output: [{ type: 'input_image', detail: 'auto', image_url: 'https://x/p.png' }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What is in it?' }] },
    ]);
  });

  it('encodes tools flat and non-strict unless strict was asked, and every tool_choice', () => {
    const tools = [
      { name: 'a', description: 'A', parameters: { type: 'object', properties: {} } },
      { name: 'b', parameters: { type: 'object', properties: {} }, strict: true },
    ];
    const body = format.encodeRequest(base({ tools, tool_choice: { type: 'tool', name: 'b' }, parallel_tool_calls: false }), 'gpt-4o');
    expect(body.tools).to.deep.equal([
      { type: 'function', name: 'a', parameters: { type: 'object', properties: {} }, description: 'A', strict: false },
      { type: 'function', name: 'b', parameters: { type: 'object', properties: {} }, strict: true },
    ]);
    expect(body.tool_choice).to.deep.equal({ type: 'function', name: 'b' });
    expect(body.parallel_tool_calls).to.equal(false);
    for (const type of ['auto', 'none', 'required'] as const) {
      expect(format.encodeRequest(base({ tools, tool_choice: { type } }), 'gpt-4o').tool_choice).to.equal(type);
    }
  });

  it('encodes response formats, sampling, reasoning, user, metadata and stream', () => {
    const schema = { type: 'object', properties: {} };
    const body = format.encodeRequest(
      base({
        response_format: { type: 'json_schema', schema, strict: true },
        sampling: { temperature: 0.5, top_p: 0.8, max_tokens: 300 },
        reasoning: { effort: 'medium', include_thoughts: true },
        user: 'u-1',
        metadata: { k: 'v' },
        stream: true,
      }),
      'o4-mini',
    );
    expect(body).to.deep.include({
      text: { format: { type: 'json_schema', name: 'response', schema, strict: true } },
      temperature: 0.5,
      top_p: 0.8,
      max_output_tokens: 300,
      reasoning: { effort: 'medium', summary: 'auto' },
      include: ['reasoning.encrypted_content'],
      user: 'u-1',
      metadata: { k: 'v' },
      store: false,
      stream: true,
    });
    expect(format.encodeRequest(base({ response_format: { type: 'json_object' } }), 'x').text).to.deep.equal({ format: { type: 'json_object' } });
  });

  it('maps a thinking token budget to the nearest effort', () => {
    const effort = (budget: number) => (format.encodeRequest(base({ reasoning: { budget_tokens: budget } }), 'o3').reasoning as { effort: string }).effort;
    expect(effort(1024)).to.equal('low');
    expect(effort(4096)).to.equal('medium');
    expect(effort(32000)).to.equal('high');
  });

  it('refuses what the Responses API cannot express, naming it', () => {
    expect(unsupported(() => format.encodeRequest(base({ sampling: { stop: ['\n'] } }), 'gpt-4o')).feature).to.equal('stop');
    expect(unsupported(() => format.encodeRequest(base({ sampling: { top_k: 40 } }), 'gpt-4o')).feature).to.equal('top_k');
    expect(unsupported(() => format.encodeRequest(base({ sampling: { seed: 7 } }), 'gpt-4o')).feature).to.equal('seed');
    expect(unsupported(() => format.encodeRequest(base({ sampling: { presence_penalty: 1 } }), 'gpt-4o')).feature).to.equal('presence_penalty');
    expect(unsupported(() => format.encodeRequest(base({ sampling: { frequency_penalty: 1 } }), 'gpt-4o')).feature).to.equal('frequency_penalty');
    expect(unsupported(() => format.encodeRequest(base({ sampling: { n: 2 } }), 'gpt-4o')).feature).to.equal('n');
    expect(() => format.encodeRequest(base({ sampling: { n: 1 } }), 'gpt-4o')).not.to.throw();
    const audio = unsupported(() =>
      format.encodeRequest(base({ messages: [{ role: 'user', content: [{ type: 'audio', source: { kind: 'base64', media_type: 'audio/wav', data: 'UklG' } }] }] }), 'gpt-4o'),
    );
    expect(audio.feature).to.match(/^audio content/);
    expect(audio.target).to.equal('openai-responses');
  });

  it('refuses a request carrying same-format-only features instead of dropping them', () => {
    const request = format.decodeRequest({ model: 'gpt-4o', input: 'q', previous_response_id: 'resp_1' });
    const err = unsupported(() => format.encodeRequest(request, 'gpt-4o'));
    expect(err.feature).to.equal('previous_response_id');
    expect(err.message).to.contain('previous_response_id');
  });

  it('round-trips a full client body through the canonical model', () => {
    const body = {
      model: 'gpt-4o',
      instructions: 'Be brief.',
      input: [
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather?' }, { type: 'input_image', detail: 'high', image_url: 'https://x/y.png' }] },
        { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Think.' }], encrypted_content: 'enc' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '18C' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'It is 18C.' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Thanks' }] },
      ],
      tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: true }],
      tool_choice: 'auto',
      parallel_tool_calls: true,
      text: { format: { type: 'json_object' } },
      temperature: 0.3,
      top_p: 1,
      max_output_tokens: 100,
      reasoning: { effort: 'low', summary: 'auto' },
      user: 'u',
      metadata: { a: 'b' },
      stream: true,
    };
    const encoded = format.encodeRequest(format.decodeRequest(body), 'gpt-4o');
    expect(encoded).to.deep.equal({ ...body, include: ['reasoning.encrypted_content'], store: false });
    expect(format.decodeRequest(encoded)).to.deep.equal(format.decodeRequest(body));
  });

  it('passes a same-format body through with only the model rewritten', () => {
    const body = {
      model: '@openai/gpt-4o',
      input: [{ type: 'item_reference', id: 'msg_1' }],
      previous_response_id: 'resp_1',
      tools: [{ type: 'web_search' }],
      include: ['web_search_call.action.sources'],
      some_future_field: { x: 1 },
    };
    const copy = structuredClone(body);
    const out = format.passthroughRequest(body, 'gpt-4o');
    expect(out).to.deep.equal({ ...copy, model: 'gpt-4o' });
    expect(body).to.deep.equal(copy);
  });
});

describe('openai-responses encodeRequest (reasoning switches and native blocks)', () => {
  it('sends effort none when reasoning was turned off, without asking for encrypted reasoning', () => {
    const body = format.encodeRequest(base({ reasoning: { enabled: false } }), 'gpt-5');
    expect(body.reasoning).to.deep.equal({ effort: 'none' });
    expect(body).not.to.have.property('include');
  });

  it('replays Responses native items in assistant turns and skips other formats\' blocks', () => {
    const webSearch = { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'x' } };
    const body = format.encodeRequest(
      base({
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'News?' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: '', native: { format: 'openai-responses', block: webSearch } },
              { type: 'text', text: '', native: { format: 'anthropic-messages', block: { type: 'server_tool_use' } } },
              { type: 'text', text: 'Here.' },
            ],
          },
        ],
      }),
      'gpt-4o',
    );
    expect((body.input as unknown[]).slice(1)).to.deep.equal([
      webSearch,
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Here.' }] },
    ]);
  });
});
