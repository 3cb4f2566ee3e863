import { expect } from 'chai';
import { FormatError, type CanonicalRequest } from '../../../../../core/canonical/index.js';
import anthropic from '../../../../../plugins/formats/anthropic-messages/index.js';

/** Request bodies follow https://docs.anthropic.com/en/api/messages. */
const base = { model: 'claude-sonnet-4-5', max_tokens: 1024 };

function decode(body: Record<string, unknown>): CanonicalRequest {
  return anthropic.decodeRequest({ ...base, ...body });
}

describe('anthropic-messages decodeRequest', () => {
  it('decodes model, max_tokens, sampling, stop sequences, stream and metadata.user_id', () => {
    const request = decode({
      messages: [{ role: 'user', content: 'Hello' }],
      temperature: 0.3,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['END'],
      stream: true,
      metadata: { user_id: 'user-42' },
    });
    expect(request.model).to.equal('claude-sonnet-4-5');
    expect(request.sampling).to.deep.equal({ max_tokens: 1024, temperature: 0.3, top_p: 0.9, top_k: 40, stop: ['END'] });
    expect(request.stream).to.equal(true);
    expect(request.user).to.equal('user-42');
    expect(request.messages).to.deep.equal([{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]);
    expect(request.same_format_only).to.equal(undefined);
  });

  it('decodes a string system prompt and text-block system prompts with cache_control as a leading system message', () => {
    expect(decode({ system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] }).messages[0]).to.deep.equal({
      role: 'system',
      content: [{ type: 'text', text: 'Be brief.' }],
    });
    const blocks = decode({
      system: [
        { type: 'text', text: 'Long shared context', cache_control: { type: 'ephemeral', ttl: '1h' } },
        { type: 'text', text: 'Be brief.' },
      ],
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(blocks.messages[0]).to.deep.equal({
      role: 'system',
      content: [
        { type: 'text', text: 'Long shared context', cache: { type: 'ephemeral', ttl: '1h' } },
        { type: 'text', text: 'Be brief.' },
      ],
    });
  });

  it('decodes text with citations, base64 and url images, and every document source', () => {
    const citation = { type: 'char_location', cited_text: 'x', document_index: 0, document_title: 'T', start_char_index: 0, end_char_index: 1 };
    const request = decode({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' }, cache_control: { type: 'ephemeral' } },
            { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'Report', context: 'Q3' },
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'plain words' } },
            { type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } },
            { type: 'document', source: { type: 'file', file_id: 'file_011' } },
            { type: 'text', text: 'Summarise.' },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: 'It says x.', citations: [citation] }] },
      ],
    });
    expect(request.messages[0]!.content).to.deep.equal([
      { type: 'image', source: { kind: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.jpg' }, cache: { type: 'ephemeral' } },
      { type: 'document', source: { kind: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'Report', context: 'Q3' },
      { type: 'document', source: { kind: 'base64', media_type: 'text/plain', data: Buffer.from('plain words').toString('base64') } },
      { type: 'document', source: { kind: 'url', url: 'https://example.com/a.pdf' } },
      { type: 'document', source: { kind: 'file', file_id: 'file_011' } },
      { type: 'text', text: 'Summarise.' },
    ]);
    expect(request.messages[1]!.content).to.deep.equal([{ type: 'text', text: 'It says x.', citations: [citation] }]);
  });

  it('decodes tool_use, then splits tool_result blocks into tool messages named after the call', () => {
    const request = decode({
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'Rome' }, cache_control: { type: 'ephemeral' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '18C' },
            {
              type: 'tool_result',
              tool_use_id: 'toolu_2',
              is_error: true,
              cache_control: { type: 'ephemeral' },
              content: [
                { type: 'text', text: 'service down' },
                { type: 'image', source: { type: 'url', url: 'https://example.com/err.png' } },
              ],
            },
            { type: 'text', text: 'Thanks' },
          ],
        },
      ],
    });
    expect(request.messages[1]).to.deep.equal({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool_call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'tool_call', id: 'toolu_2', name: 'get_weather', arguments: '{"city":"Rome"}', cache: { type: 'ephemeral' } },
      ],
    });
    expect(request.messages.slice(2)).to.deep.equal([
      { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'toolu_1', name: 'get_weather', content: [{ type: 'text', text: '18C' }] }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool_result',
            tool_call_id: 'toolu_2',
            name: 'get_weather',
            is_error: true,
            cache: { type: 'ephemeral' },
            content: [
              { type: 'text', text: 'service down' },
              { type: 'image', source: { kind: 'url', url: 'https://example.com/err.png' } },
            ],
          },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
  });

  it('keeps thinking signatures and redacted thinking data byte for byte', () => {
    const request = decode({
      messages: [
        { role: 'user', content: 'Think' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Let me see…', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3h' },
            { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4a' },
            { type: 'text', text: 'Done.' },
          ],
        },
      ],
    });
    expect(request.messages[1]!.content).to.deep.equal([
      { type: 'thinking', text: 'Let me see…', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3h' },
      { type: 'thinking', text: '', redacted_data: 'EmwKAhgBEgy3va3pzix/LafPsn4a' },
      { type: 'text', text: 'Done.' },
    ]);
  });

  it('decodes custom tools and every tool_choice, with disable_parallel_tool_use as parallel_tool_calls false', () => {
    const tool = {
      name: 'get_weather',
      description: 'Weather by city',
      input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      strict: true,
      cache_control: { type: 'ephemeral' },
    };
    const request = decode({ messages: [{ role: 'user', content: 'x' }], tools: [tool], tool_choice: { type: 'any', disable_parallel_tool_use: true } });
    expect(request.tools).to.deep.equal([
      { name: 'get_weather', description: 'Weather by city', parameters: tool.input_schema, strict: true, cache: { type: 'ephemeral' } },
    ]);
    expect(request.tool_choice).to.deep.equal({ type: 'required' });
    expect(request.parallel_tool_calls).to.equal(false);
    const choice = (tool_choice: unknown) => decode({ messages: [{ role: 'user', content: 'x' }], tools: [tool], tool_choice }).tool_choice;
    expect(choice({ type: 'auto' })).to.deep.equal({ type: 'auto' });
    expect(choice({ type: 'none' })).to.deep.equal({ type: 'none' });
    expect(choice({ type: 'tool', name: 'get_weather' })).to.deep.equal({ type: 'tool', name: 'get_weather' });
  });

  it('decodes thinking configurations and effort into reasoning options', () => {
    const reasoning = (extra: Record<string, unknown>) => decode({ messages: [{ role: 'user', content: 'x' }], ...extra }).reasoning;
    expect(reasoning({ thinking: { type: 'enabled', budget_tokens: 2048 } })).to.deep.equal({ budget_tokens: 2048 });
    expect(reasoning({ thinking: { type: 'enabled', budget_tokens: 2048, display: 'omitted' } })).to.deep.equal({
      budget_tokens: 2048,
      include_thoughts: false,
    });
    expect(reasoning({ thinking: { type: 'adaptive' }, output_config: { effort: 'medium' } })).to.deep.equal({ enabled: true, effort: 'medium' });
    expect(reasoning({ thinking: { type: 'disabled' } })).to.deep.equal({ enabled: false });
    expect(reasoning({ output_config: { effort: 'max' } })).to.deep.equal({ effort: 'high' });
  });

  it('decodes structured output from output_config.format and the beta output_format', () => {
    const schema = { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'], additionalProperties: false };
    const messages = [{ role: 'user', content: 'x' }];
    expect(decode({ messages, output_config: { format: { type: 'json_schema', schema } } }).response_format).to.deep.equal({
      type: 'json_schema',
      schema,
    });
    expect(decode({ messages, output_format: { type: 'json_schema', schema } }).response_format).to.deep.equal({ type: 'json_schema', schema });
  });

  it('notes server tools, server-tool blocks, custom-content documents and unknown fields as same-format-only', () => {
    const request = decode({
      messages: [
        { role: 'user', content: [{ type: 'document', source: { type: 'content', content: 'chunk' } }, { type: 'text', text: 'x' }] },
        {
          role: 'assistant',
          content: [
            { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } },
            { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
          ],
        },
        { role: 'user', content: 'more' },
      ],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }],
      mcp_servers: [{ type: 'url', url: 'https://mcp.example.com', name: 'x' }],
      service_tier: 'auto',
    });
    expect(request.same_format_only?.map((f) => f.feature)).to.deep.equal([
      'messages[0].content[0].source.type=content',
      'messages[1].content[0].type=server_tool_use',
      'messages[1].content[1].type=web_search_tool_result',
      'tools[0].type=web_search_20250305',
      'mcp_servers',
    ]);
    expect(request.tools).to.deep.equal([]);
  });

  it('takes stream from the caller when given', () => {
    expect(anthropic.decodeRequest({ ...base, messages: [{ role: 'user', content: 'hi' }] }, { stream: true }).stream).to.equal(true);
    // No model means the gateway chooses, as `auto` does.
    expect(anthropic.decodeRequest({ max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] }).model).to.equal('auto');
  });

  it('answers FormatError naming the field for bodies that are not Messages requests', () => {
    const cases: Array<[unknown, string]> = [
      [{ model: 'm', messages: [] }, 'max_tokens'],
      [{ ...base, messages: 'hi' }, 'messages'],
      // As the Messages API and the other four formats: a conversation has at least one turn.
      [{ ...base, messages: [] }, 'messages'],
      [{ ...base, messages: [{ role: 'system', content: 'x' }] }, 'messages[0].role'],
      [{ ...base, messages: [{ role: 'user', content: [{ type: 'text' }] }] }, 'messages[0].content[0].text'],
      [{ ...base, messages: [{ role: 'user', content: [{ type: 'tool_use', id: 'a', name: 'b', input: {} }] }] }, 'messages[0].content[0].type'],
      [{ ...base, messages: [], system: [{ type: 'image' }] }, 'system[0].type'],
      [{ ...base, messages: [], tool_choice: { type: 'sometimes' } }, 'tool_choice.type'],
      [{ ...base, messages: [], tools: [{ name: 'portcullis_json_output', input_schema: { type: 'object' } }] }, 'tools[0].name'],
      [{ max_tokens: 1, messages: [], model: 42 }, 'model'],
      [{ ...base, messages: [], output_config: 'json' }, 'output_config'],
      [{ ...base, messages: [], output_config: { effort: 'extreme' } }, 'output_config.effort'],
      [{ ...base, messages: [], thinking: { type: 'enabled' } }, 'thinking.budget_tokens'],
    ];
    for (const [body, param] of cases) {
      let error: unknown;
      try {
        anthropic.decodeRequest(body);
      } catch (e) {
        error = e;
      }
      expect(error, param).to.be.instanceOf(FormatError);
      expect((error as FormatError).param, param).to.equal(param);
    }
    expect(() => anthropic.decodeRequest('not json')).to.throw(FormatError);
  });
});
