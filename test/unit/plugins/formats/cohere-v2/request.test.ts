import { expect } from 'chai';
import { FormatError, UnsupportedFeatureError, type CanonicalRequest } from '../../../../../core/canonical/index.js';
import cohere from '../../../../../plugins/formats/cohere-v2/index.js';

const base = { model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }] };

function canonical(overrides: Partial<CanonicalRequest> = {}): CanonicalRequest {
  return { model: 'auto', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], sampling: {}, stream: false, ...overrides };
}

function refuses(request: CanonicalRequest, feature: string): void {
  try {
    cohere.encodeRequest(request, 'command-a-03-2025');
    expect.fail(`expected ${feature} to be refused`);
  } catch (error) {
    expect(error).to.be.instanceOf(UnsupportedFeatureError);
    expect((error as UnsupportedFeatureError).feature).to.equal(feature);
    expect((error as UnsupportedFeatureError).target).to.equal('cohere-v2');
  }
}

describe('cohere-v2 request', () => {
  describe('decode', () => {
    it('decodes system, user text and image parts', () => {
      const request = cohere.decodeRequest({
        model: 'command-a-vision-07-2025',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'system', content: [{ type: 'text', text: 'Use metric.' }] },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Describe' },
              { type: 'image_url', image_url: { url: 'https://cohere.com/favicon-32x32.png', detail: 'auto' } },
              { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } },
            ],
          },
        ],
      });
      expect(request.messages).to.deep.equal([
        { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'system', content: [{ type: 'text', text: 'Use metric.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe' },
            { type: 'image', source: { kind: 'url', url: 'https://cohere.com/favicon-32x32.png' }, detail: 'auto' },
            { type: 'image', source: { kind: 'base64', media_type: 'image/jpeg', data: '/9j/' } },
          ],
        },
      ]);
    });

    it('decodes tool plans, parallel tool calls and tool results with documents', () => {
      const request = cohere.decodeRequest({
        ...base,
        messages: [
          { role: 'user', content: 'Sales on 2023-09-29 and the Electronics catalog?' },
          {
            role: 'assistant',
            tool_plan: 'I will query both tools.',
            tool_calls: [
              { id: 'query_daily_sales_report_1', type: 'function', function: { name: 'query_daily_sales_report', arguments: '{"day":"2023-09-29"}' } },
              { id: 'query_product_catalog_2', type: 'function', function: { name: 'query_product_catalog', arguments: '{"category":"Electronics"}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'query_daily_sales_report_1', content: [{ type: 'document', document: { data: '{"total_sales_amount":10000}' } }] },
          { role: 'tool', tool_call_id: 'query_product_catalog_2', content: [{ type: 'document', document: { data: { products: 3 }, id: 'doc-1' } }, { type: 'text', text: 'done' }] },
        ],
      });
      expect(request.messages.slice(1)).to.deep.equal([
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'I will query both tools.' },
            { type: 'tool_call', id: 'query_daily_sales_report_1', name: 'query_daily_sales_report', arguments: '{"day":"2023-09-29"}' },
            { type: 'tool_call', id: 'query_product_catalog_2', name: 'query_product_catalog', arguments: '{"category":"Electronics"}' },
          ],
        },
        {
          role: 'tool',
          content: [{ type: 'tool_result', tool_call_id: 'query_daily_sales_report_1', name: 'query_daily_sales_report', content: [{ type: 'text', text: '{"total_sales_amount":10000}' }] }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool_result',
              tool_call_id: 'query_product_catalog_2',
              name: 'query_product_catalog',
              content: [
                { type: 'text', text: '{"products":3}' },
                { type: 'text', text: 'done' },
              ],
            },
          ],
        },
      ]);
    });

    it('decodes assistant thinking, text and citations', () => {
      const citation = { start: 0, end: 5, text: 'Paris', sources: [{ type: 'document', id: 'doc:0' }] };
      const request = cohere.decodeRequest({
        ...base,
        messages: [
          { role: 'user', content: 'x' },
          { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm' }, { type: 'text', text: 'Paris' }], citations: [citation] },
        ],
      });
      expect(request.messages[1]!.content).to.deep.equal([
        { type: 'thinking', text: 'hmm' },
        { type: 'text', text: 'Paris', citations: [citation] },
      ]);
    });

    it('decodes tools, strict_tools, tool_choice, response_format, sampling and thinking', () => {
      const request = cohere.decodeRequest({
        ...base,
        tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
        strict_tools: true,
        tool_choice: 'REQUIRED',
        response_format: { type: 'json_object', json_schema: { type: 'object', properties: { a: { type: 'string' } } } },
        temperature: 0.3,
        p: 0.75,
        k: 40,
        max_tokens: 200,
        stop_sequences: ['END'],
        seed: 5,
        frequency_penalty: 0.1,
        presence_penalty: 0.2,
        thinking: { type: 'enabled', token_budget: 1024 },
        stream: true,
      });
      expect(request.tools).to.deep.equal([
        { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: true },
      ]);
      expect(request.tool_choice).to.deep.equal({ type: 'required' });
      expect(request.response_format).to.deep.equal({ type: 'json_schema', schema: { type: 'object', properties: { a: { type: 'string' } } } });
      expect(request.sampling).to.deep.equal({ temperature: 0.3, top_p: 0.75, top_k: 40, max_tokens: 200, stop: ['END'], seed: 5, frequency_penalty: 0.1, presence_penalty: 0.2 });
      expect(request.reasoning).to.deep.equal({ enabled: true, budget_tokens: 1024 });
      expect(request.stream).to.equal(true);
      expect(cohere.decodeRequest({ ...base, tool_choice: 'NONE' }).tool_choice).to.deep.equal({ type: 'none' });
      expect(cohere.decodeRequest({ ...base, response_format: { type: 'json_object' } }).response_format).to.deep.equal({ type: 'json_object' });
      expect(cohere.decodeRequest({ ...base, thinking: { type: 'disabled' } }).reasoning).to.deep.equal({ enabled: false });
    });

    it('notes documents, safety_mode and logprobs as Cohere-only', () => {
      const request = cohere.decodeRequest({ ...base, documents: ['Paris is in France.'], safety_mode: 'STRICT', logprobs: true, priority: 1 });
      expect(request.same_format_only!.map((f) => f.feature)).to.deep.equal(['documents', 'safety_mode', 'logprobs']);
      expect(cohere.decodeRequest({ ...base, documents: [] }).same_format_only).to.equal(undefined);
    });

    it('rejects bodies that are not v2 chat requests, naming the field', () => {
      const fails = (body: unknown, param: string | undefined) => {
        try {
          cohere.decodeRequest(body);
          expect.fail('expected a FormatError');
        } catch (error) {
          expect(error).to.be.instanceOf(FormatError);
          expect((error as FormatError).param).to.equal(param);
        }
      };
      fails({ model: 42, messages: [] }, 'model');
      // No model means the gateway chooses, as `auto` does.
      expect(cohere.decodeRequest({ messages: [{ role: 'user', content: 'hi' }] }).model).to.equal('auto');
      fails({ model: 'm', messages: [] }, 'messages');
      fails({ model: 'm', messages: [{ role: 'developer', content: 'x' }] }, 'messages[0].role');
      fails({ model: 'm', messages: [{ role: 'user', content: [{ type: 'input_audio' }] }] }, 'messages[0].content[0].type');
      fails({ ...base, tool_choice: 'AUTO' }, 'tool_choice');
      fails({ ...base, thinking: { type: 'maybe' } }, 'thinking.type');
      fails({ ...base, k: 1.5 }, 'k');
    });
  });

  describe('encode', () => {
    it('encodes every request field for a Cohere upstream', () => {
      const body = cohere.encodeRequest(
        canonical({
          messages: [
            { role: 'developer', content: [{ type: 'text', text: 'Answer in JSON.' }] },
            { role: 'user', content: [{ type: 'text', text: 'Weather?' }, { type: 'image', source: { kind: 'base64', media_type: 'image/png', data: 'iVBOR' }, detail: 'low' }] },
          ],
          tools: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: {} }, strict: true }],
          tool_choice: { type: 'required' },
          response_format: { type: 'json_schema', name: 'x', schema: { type: 'object' } },
          sampling: { temperature: 0.2, top_p: 0.9, top_k: 10, max_tokens: 99, stop: ['END'], seed: 4, frequency_penalty: 0.3, presence_penalty: 0.4 },
          reasoning: { budget_tokens: 2048 },
          stream: true,
          user: 'dropped',
        }),
        'command-a-03-2025',
      );
      expect(body).to.deep.equal({
        model: 'command-a-03-2025',
        messages: [
          { role: 'system', content: 'Answer in JSON.' },
          { role: 'user', content: [{ type: 'text', text: 'Weather?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR', detail: 'low' } }] },
        ],
        tool_choice: 'REQUIRED',
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} }, description: 'Weather' } }],
        strict_tools: true,
        response_format: { type: 'json_object', json_schema: { type: 'object' } },
        max_tokens: 99,
        stop_sequences: ['END'],
        temperature: 0.2,
        seed: 4,
        frequency_penalty: 0.3,
        presence_penalty: 0.4,
        k: 10,
        p: 0.9,
        thinking: { type: 'enabled', token_budget: 2048 },
        stream: true,
      });
    });

    it('sends assistant text with tool calls as tool_plan and splits tool results out of user turns', () => {
      const body = cohere.encodeRequest(
        canonical({
          messages: [
            {
              role: 'assistant',
              content: [
                { type: 'thinking', text: 'plan it' },
                { type: 'text', text: 'Checking the weather.' },
                { type: 'tool_call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
              ],
            },
            {
              role: 'user',
              content: [
                { type: 'tool_result', tool_call_id: 'toolu_1', content: [{ type: 'text', text: '{"temp":3}' }], is_error: false },
                { type: 'text', text: 'Thanks' },
              ],
            },
            { role: 'assistant', content: [{ type: 'refusal', text: 'I cannot.' }] },
          ],
        }),
        'command-a-03-2025',
      );
      expect(body.messages).to.deep.equal([
        {
          role: 'assistant',
          tool_plan: 'Checking the weather.',
          content: [{ type: 'thinking', thinking: 'plan it' }],
          tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }],
        },
        { role: 'tool', tool_call_id: 'toolu_1', content: [{ type: 'text', text: '{"temp":3}' }] },
        { role: 'user', content: 'Thanks' },
        { role: 'assistant', content: 'I cannot.' },
      ]);
    });

    it('offers only the named tool and requires a call for a named tool choice', () => {
      const body = cohere.encodeRequest(
        canonical({
          tools: [
            { name: 'a', parameters: { type: 'object', properties: {} } },
            { name: 'b', parameters: { type: 'object', properties: {} } },
          ],
          tool_choice: { type: 'tool', name: 'b' },
        }),
        'command-a-03-2025',
      );
      expect(body.tools).to.deep.equal([{ type: 'function', function: { name: 'b', parameters: { type: 'object', properties: {} } } }]);
      expect(body.tool_choice).to.equal('REQUIRED');
      expect(cohere.encodeRequest(canonical({ tool_choice: { type: 'none' } }), 'm').tool_choice).to.equal('NONE');
      expect(cohere.encodeRequest(canonical({ reasoning: { enabled: false } }), 'm').thinking).to.deep.equal({ type: 'disabled' });
    });

    it('refuses what Cohere v2 cannot express', () => {
      refuses(canonical({ sampling: { n: 3 } }), 'n');
      refuses(canonical({ parallel_tool_calls: false }), 'parallel_tool_calls');
      refuses(canonical({ reasoning: { effort: 'low' } }), 'reasoning.effort');
      refuses(canonical({ tool_choice: { type: 'tool', name: 'missing' } }), 'tool_choice');
      refuses(
        canonical({ messages: [{ role: 'user', content: [{ type: 'audio', source: { kind: 'base64', media_type: 'audio/wav', data: 'UklG' } }] }] }),
        'user message audio content',
      );
      refuses(
        canonical({ messages: [{ role: 'user', content: [{ type: 'document', source: { kind: 'base64', media_type: 'application/pdf', data: 'JVBE' } }] }] }),
        'user message document content',
      );
      refuses(canonical({ messages: [{ role: 'user', content: [{ type: 'image', source: { kind: 'file', file_id: 'file-1' } }] }] }), 'image file id');
      refuses(
        canonical({
          messages: [{ role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'c', content: [{ type: 'image', source: { kind: 'url', url: 'https://x/y.png' } }] }] }],
        }),
        'tool result image content',
      );
    });
  });

  describe('round trip', () => {
    it('keeps the meaning of a full request through canonical and back', () => {
      const body = {
        model: 'command-a-03-2025',
        messages: [
          { role: 'system', content: 'You are a sales assistant.' },
          { role: 'user', content: 'Sales on 2023-09-29?' },
          {
            role: 'assistant',
            tool_plan: 'I will query the sales report.',
            tool_calls: [{ id: 'q_1', type: 'function', function: { name: 'query_daily_sales_report', arguments: '{"day":"2023-09-29"}' } }],
          },
          { role: 'tool', tool_call_id: 'q_1', content: [{ type: 'text', text: '{"total":10000}' }] },
          { role: 'assistant', content: [{ type: 'thinking', thinking: 'sum' }, { type: 'text', text: 'Total 10000.' }] },
          { role: 'user', content: 'Thanks' },
        ],
        tool_choice: 'REQUIRED',
        tools: [{ type: 'function', function: { name: 'query_daily_sales_report', parameters: { type: 'object', properties: { day: { type: 'string' } } }, description: 'Daily sales' } }],
        strict_tools: true,
        response_format: { type: 'json_object' },
        max_tokens: 300,
        stop_sequences: ['###'],
        temperature: 0.3,
        seed: 42,
        frequency_penalty: 0.1,
        presence_penalty: 0.1,
        k: 5,
        p: 0.8,
        thinking: { type: 'enabled', token_budget: 512 },
        stream: true,
      };
      expect(cohere.encodeRequest(cohere.decodeRequest(body), 'command-a-03-2025')).to.deep.equal(body);
    });
  });

  describe('passthrough', () => {
    it('rewrites only the model and keeps Cohere-only fields', () => {
      const body = { model: 'auto', messages: [{ role: 'user', content: 'hi' }], documents: ['doc'], safety_mode: 'OFF', citation_options: { mode: 'FAST' } };
      expect(cohere.passthroughRequest(body, 'command-r-plus-08-2024')).to.deep.equal({ ...body, model: 'command-r-plus-08-2024' });
    });
  });
});
