import { expect } from 'chai';
import { FormatError } from '../../../../../core/canonical/index.js';
import format from '../../../../../plugins/formats/openai-responses/index.js';
import { thrownBy } from '../caught-errors.js';

const decode = (body: Record<string, unknown>) => format.decodeRequest({ model: 'gpt-4o', ...body });

const formatError = (fn: () => unknown): FormatError => thrownBy(FormatError, fn);

describe('openai-responses decodeRequest', () => {
  it('decodes a string input as one user message', () => {
    const request = decode({ input: 'Hello' });
    expect(request.model).to.equal('gpt-4o');
    expect(request.messages).to.deep.equal([{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]);
    expect(request.stream).to.equal(false);
    expect(request.same_format_only).to.equal(undefined);
  });

  it('puts instructions first as a system message', () => {
    const request = decode({ instructions: 'Be brief.', input: [{ role: 'developer', content: 'Use metric units.' }] });
    expect(request.messages).to.deep.equal([
      { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
      { role: 'developer', content: [{ type: 'text', text: 'Use metric units.' }] },
    ]);
  });

  it('decodes message items of every role, with or without type: message', () => {
    const request = decode({
      input: [
        { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'sys' }] },
        { role: 'user', content: 'question' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'answer', annotations: [] }] },
      ],
    });
    expect(request.messages.map((m) => m.role)).to.deep.equal(['system', 'user', 'assistant']);
    expect(request.messages[2]!.content).to.deep.equal([{ type: 'text', text: 'answer' }]);
  });

  it('decodes input_image from a URL, a data URL and a file id, keeping detail', () => {
    const request = decode({
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_image', image_url: 'https://example.com/cat.png', detail: 'high' },
            { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'auto' },
            { type: 'input_image', file_id: 'file-abc', detail: 'original' },
          ],
        },
      ],
    });
    expect(request.messages[0]!.content).to.deep.equal([
      { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.png' }, detail: 'high' },
      { type: 'image', source: { kind: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' }, detail: 'auto' },
      { type: 'image', source: { kind: 'file', file_id: 'file-abc' } },
    ]);
  });

  it('decodes input_file from file_data, raw base64, file_id and file_url with its filename', () => {
    const request = decode({
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_file', filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' },
            { type: 'input_file', filename: 'notes.txt', file_data: 'aGVsbG8=' },
            { type: 'input_file', file_id: 'file-123' },
            { type: 'input_file', file_url: 'https://example.com/b.pdf' },
          ],
        },
      ],
    });
    expect(request.messages[0]!.content).to.deep.equal([
      { type: 'document', source: { kind: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, name: 'a.pdf' },
      { type: 'document', source: { kind: 'base64', media_type: 'text/plain', data: 'aGVsbG8=' }, name: 'notes.txt' },
      { type: 'document', source: { kind: 'file', file_id: 'file-123' } },
      { type: 'document', source: { kind: 'url', url: 'https://example.com/b.pdf' } },
    ]);
  });

  it('keeps output_text annotations as citations and refusals as refusals', () => {
    const annotation = { type: 'url_citation', url: 'https://example.com', title: 'E', start_index: 0, end_index: 3 };
    const request = decode({
      input: [
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: [
            { type: 'output_text', text: 'See E', annotations: [annotation] },
            { type: 'refusal', refusal: 'I cannot help with that.' },
          ],
        },
      ],
    });
    expect(request.messages[1]!.content).to.deep.equal([
      { type: 'text', text: 'See E', citations: [annotation] },
      { type: 'refusal', text: 'I cannot help with that.' },
    ]);
  });

  it('merges reasoning, assistant text and function calls of one turn into one assistant message', () => {
    const request = decode({
      input: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          type: 'reasoning',
          id: 'rs_1',
          summary: [
            { type: 'summary_text', text: 'Need weather.' },
            { type: 'summary_text', text: 'Two cities.' },
          ],
          encrypted_content: 'gAAAAenc',
        },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.' }] },
        { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call', id: 'fc_2', call_id: 'call_2', name: 'get_weather', arguments: '{"city":"Rome"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '18C' },
        { type: 'function_call_output', call_id: 'call_2', output: [{ type: 'input_text', text: '24C' }] },
      ],
    });
    expect(request.messages).to.have.length(4);
    expect(request.messages[1]).to.deep.equal({
      role: 'assistant',
      content: [
        { type: 'thinking', text: 'Need weather.\n\nTwo cities.', id: 'rs_1', redacted_data: 'gAAAAenc' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'tool_call', id: 'call_2', name: 'get_weather', arguments: '{"city":"Rome"}' },
      ],
    });
    expect(request.messages[2]).to.deep.equal({
      role: 'tool',
      content: [{ type: 'tool_result', tool_call_id: 'call_1', name: 'get_weather', content: [{ type: 'text', text: '18C' }] }],
    });
    expect(request.messages[3]!.content[0]).to.deep.include({ tool_call_id: 'call_2', name: 'get_weather' });
  });

  it('uses raw reasoning_text content when a reasoning item has no summary', () => {
    const request = decode({
      input: [
        { role: 'user', content: 'q' },
        { type: 'reasoning', id: 'rs_2', summary: [], content: [{ type: 'reasoning_text', text: 'raw thoughts' }] },
      ],
    });
    expect(request.messages[1]!.content).to.deep.equal([{ type: 'thinking', text: 'raw thoughts', id: 'rs_2' }]);
  });

  it('decodes an image inside a function_call_output', () => {
    const request = decode({
      input: [
        { type: 'function_call_output', call_id: 'c', output: [{ type: 'input_image', image_url: 'https://x/y.png' }] },
      ],
    });
    expect(request.messages[0]!.content[0]).to.deep.equal({
      type: 'tool_result',
      tool_call_id: 'c',
      content: [{ type: 'image', source: { kind: 'url', url: 'https://x/y.png' } }],
    });
  });

  it('decodes flat function tools and notes built-in tools as same-format only', () => {
    const request = decode({
      input: 'q',
      tools: [
        { type: 'function', name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: true },
        { type: 'function', name: 'ping', parameters: null },
        { type: 'web_search' },
      ],
    });
    expect(request.tools).to.deep.equal([
      { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: true },
      { name: 'ping', parameters: { type: 'object', properties: {} } },
    ]);
    expect(request.same_format_only).to.have.length(1);
    expect(request.same_format_only![0]!.feature).to.equal('tools[2].type=web_search');
  });

  it('decodes every tool_choice form', () => {
    const tools = [
      { type: 'function', name: 'a', parameters: {} },
      { type: 'function', name: 'b', parameters: {} },
    ];
    expect(decode({ input: 'q', tools, tool_choice: 'auto' }).tool_choice).to.deep.equal({ type: 'auto' });
    expect(decode({ input: 'q', tools, tool_choice: 'none' }).tool_choice).to.deep.equal({ type: 'none' });
    expect(decode({ input: 'q', tools, tool_choice: 'required' }).tool_choice).to.deep.equal({ type: 'required' });
    expect(decode({ input: 'q', tools, tool_choice: { type: 'function', name: 'b' } }).tool_choice).to.deep.equal({ type: 'tool', name: 'b' });

    const allowed = decode({
      input: 'q',
      tools,
      tool_choice: { type: 'allowed_tools', mode: 'required', tools: [{ type: 'function', name: 'b' }] },
    });
    expect(allowed.tool_choice).to.deep.equal({ type: 'required' });
    expect(allowed.tools!.map((t) => t.name)).to.deep.equal(['b']);

    const hosted = decode({ input: 'q', tool_choice: { type: 'file_search' } });
    expect(hosted.tool_choice).to.equal(undefined);
    expect(hosted.same_format_only![0]!.feature).to.equal('tool_choice.type=file_search');
  });

  it('decodes text.format, sampling, reasoning, parallel_tool_calls, user, metadata and stream', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
    const request = decode({
      input: 'q',
      text: { format: { type: 'json_schema', name: 'answer', description: 'An answer', schema, strict: true } },
      temperature: 0.2,
      top_p: 0.9,
      max_output_tokens: 256,
      reasoning: { effort: 'low', summary: 'auto' },
      parallel_tool_calls: false,
      user: 'user-1',
      metadata: { team: 'a' },
      stream: true,
    });
    expect(request.response_format).to.deep.equal({ type: 'json_schema', name: 'answer', description: 'An answer', schema, strict: true });
    expect(request.sampling).to.deep.equal({ temperature: 0.2, top_p: 0.9, max_tokens: 256 });
    expect(request.reasoning).to.deep.equal({ effort: 'low', include_thoughts: true });
    expect(request.parallel_tool_calls).to.equal(false);
    expect(request.user).to.equal('user-1');
    expect(request.metadata).to.deep.equal({ team: 'a' });
    expect(request.stream).to.equal(true);
    expect(decode({ input: 'q', text: { format: { type: 'json_object' } } }).response_format).to.deep.equal({ type: 'json_object' });
    expect(decode({ input: 'q', text: { format: { type: 'text' } } }).response_format).to.deep.equal({ type: 'text' });
    expect(decode({ input: 'q', safety_identifier: 'hash-1' }).user).to.equal('hash-1');
  });

  it('decodes effort none as reasoning off and notes efforts only OpenAI formats have', () => {
    expect(decode({ input: 'q', reasoning: { effort: 'minimal' } }).reasoning).to.deep.equal({ effort: 'minimal' });
    expect(decode({ input: 'q', reasoning: { effort: 'none' } }).reasoning).to.deep.equal({ enabled: false });
    const xhigh = decode({ input: 'q', reasoning: { effort: 'xhigh', summary: 'auto' } });
    expect(xhigh.reasoning).to.deep.equal({ include_thoughts: true });
    expect(xhigh.same_format_only).to.deep.equal([{ feature: 'reasoning.effort=xhigh', reason: 'this effort level exists only in OpenAI formats' }]);
  });

  it('notes stateful fields as same-format only, naming each', () => {
    const request = decode({
      input: 'next',
      previous_response_id: 'resp_1',
      store: true,
      conversation: 'conv_1',
      background: true,
      prompt: { id: 'pmpt_1' },
    });
    expect(request.same_format_only!.map((f) => f.feature)).to.deep.equal([
      'previous_response_id',
      'conversation',
      'store',
      'background',
      'prompt',
    ]);
    expect(decode({ input: 'q', store: false }).same_format_only).to.equal(undefined);
  });

  it('notes item references and unknown item or part types as same-format only', () => {
    const request = decode({
      input: [
        { type: 'item_reference', id: 'msg_1' },
        { role: 'user', content: [{ type: 'input_text', text: 'hi' }, { type: 'input_video', url: 'x' }] },
      ],
    });
    expect(request.same_format_only!.map((f) => f.feature)).to.deep.equal([
      'input[0].type=item_reference',
      'input[1].content[1].type=input_video',
    ]);
    expect(request.messages).to.deep.equal([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
  });

  it('answers FormatError naming the field for invalid bodies', () => {
    expect(formatError(() => format.decodeRequest('nope')).message).to.match(/body must be an object/);
    expect(formatError(() => format.decodeRequest({ input: 'q', model: 42 })).param).to.equal('model');
    // No model means the gateway chooses, as `auto` does.
    expect(format.decodeRequest({ input: 'q' }).model).to.equal('auto');
    expect(formatError(() => decode({})).param).to.equal('input');
    expect(formatError(() => decode({ input: 42 })).param).to.equal('input');
    expect(formatError(() => decode({ input: [{ role: 'robot', content: 'x' }] })).param).to.equal('input[0].role');
    expect(formatError(() => decode({ input: [{ role: 'user', content: [{ type: 'input_image' }] }] })).param).to.equal('input[0].content[0]');
    expect(formatError(() => decode({ input: [{ type: 'function_call', name: 'f', arguments: '{}' }] })).param).to.equal('input[0].call_id');
    expect(formatError(() => decode({ input: 'q', tool_choice: 'always' })).param).to.equal('tool_choice');
    expect(formatError(() => decode({ input: 'q', temperature: 'hot' })).param).to.equal('temperature');
    expect(formatError(() => decode({ input: 'q', metadata: { n: 1 } })).param).to.equal('metadata.n');
    expect(formatError(() => decode({ input: 'q', text: { format: { type: 'xml' } } })).param).to.equal('text.format.type');
  });
});
