import { expect } from 'chai';
import {
  FormatError,
  UnsupportedFeatureError,
  type CanonicalRequest,
} from '../../../../../core/canonical/index.js';
import openaiChat from '../../../../../plugins/formats/openai-chat/index.js';

const base = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] };

function canonical(overrides: Partial<CanonicalRequest> = {}): CanonicalRequest {
  return { model: 'auto', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], sampling: {}, stream: false, ...overrides };
}

describe('openai-chat request', () => {
  describe('decode', () => {
    it('decodes system, developer, user and named messages', () => {
      const request = openaiChat.decodeRequest({
        model: 'gpt-4o',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'developer', content: [{ type: 'text', text: 'Use metric units.' }] },
          { role: 'user', content: 'Hello', name: 'ada' },
        ],
      });
      expect(request.messages).to.deep.equal([
        { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'developer', content: [{ type: 'text', text: 'Use metric units.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Hello' }], name: 'ada' },
      ]);
      expect(request.model).to.equal('gpt-4o');
      expect(request.stream).to.equal(false);
    });

    it('decodes image URLs, base64 data URLs, input audio and files', () => {
      const request = openaiChat.decodeRequest({
        model: 'gpt-4o',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look' },
              { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'high' } },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
              { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
              { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
              { type: 'file', file: { file_id: 'file-abc123' } },
              { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'report.pdf' } },
            ],
          },
        ],
      });
      expect(request.messages[0]!.content).to.deep.equal([
        { type: 'text', text: 'Look' },
        { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' }, detail: 'high' },
        { type: 'image', source: { kind: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
        { type: 'audio', source: { kind: 'base64', data: 'UklGRg==', media_type: 'audio/wav' } },
        { type: 'audio', source: { kind: 'base64', data: 'SUQz', media_type: 'audio/mpeg' } },
        { type: 'document', source: { kind: 'file', file_id: 'file-abc123' } },
        { type: 'document', source: { kind: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, name: 'report.pdf' },
      ]);
    });

    it('decodes parallel tool calls and tool results, naming the called tool', () => {
      const request = openaiChat.decodeRequest({
        model: 'gpt-4o',
        messages: [
          { role: 'user', content: 'Weather and time in Paris?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
              { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '{"tz":"CET"}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: '18C' },
          { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: '14:00' }] },
        ],
      });
      expect(request.messages.slice(1)).to.deep.equal([
        {
          role: 'assistant',
          content: [
            { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
            { type: 'tool_call', id: 'call_2', name: 'get_time', arguments: '{"tz":"CET"}' },
          ],
        },
        { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'call_1', name: 'get_weather', content: [{ type: 'text', text: '18C' }] }] },
        { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'call_2', name: 'get_time', content: [{ type: 'text', text: '14:00' }] }] },
      ]);
    });

    it('decodes assistant refusals and provider reasoning text', () => {
      const request = openaiChat.decodeRequest({
        model: 'deepseek-reasoner',
        messages: [
          { role: 'user', content: 'x' },
          { role: 'assistant', content: 'No.', refusal: 'I cannot help with that.', reasoning_content: 'The user asks x.' },
        ],
      });
      expect(request.messages[1]!.content).to.deep.equal([
        { type: 'thinking', text: 'The user asks x.' },
        { type: 'text', text: 'No.' },
        { type: 'refusal', text: 'I cannot help with that.' },
      ]);
    });

    it('decodes tools, every tool_choice and parallel_tool_calls', () => {
      const tools = [
        { type: 'function', function: { name: 'get_weather', description: 'Weather now', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: true } },
        { type: 'function', function: { name: 'ping' } },
      ];
      const decoded = (choice: unknown) => openaiChat.decodeRequest({ ...base, tools, tool_choice: choice, parallel_tool_calls: false });
      const request = decoded('auto');
      expect(request.tools).to.deep.equal([
        { name: 'get_weather', description: 'Weather now', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: true },
        { name: 'ping', parameters: { type: 'object', properties: {} } },
      ]);
      expect(request.parallel_tool_calls).to.equal(false);
      expect(request.tool_choice).to.deep.equal({ type: 'auto' });
      expect(decoded('none').tool_choice).to.deep.equal({ type: 'none' });
      expect(decoded('required').tool_choice).to.deep.equal({ type: 'required' });
      expect(decoded({ type: 'function', function: { name: 'ping' } }).tool_choice).to.deep.equal({ type: 'tool', name: 'ping' });
    });

    it('decodes response formats', () => {
      expect(openaiChat.decodeRequest({ ...base, response_format: { type: 'json_object' } }).response_format).to.deep.equal({ type: 'json_object' });
      const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
      expect(
        openaiChat.decodeRequest({ ...base, response_format: { type: 'json_schema', json_schema: { name: 'answer', schema, strict: true } } })
          .response_format,
      ).to.deep.equal({ type: 'json_schema', name: 'answer', schema, strict: true });
    });

    it('decodes sampling, stop as string or array, seed, penalties, n and both max token fields', () => {
      const request = openaiChat.decodeRequest({
        ...base,
        temperature: 0.2,
        top_p: 0.9,
        max_tokens: 100,
        stop: 'END',
        seed: 7,
        frequency_penalty: 0.5,
        presence_penalty: -0.5,
        n: 1,
      });
      expect(request.sampling).to.deep.equal({
        temperature: 0.2,
        top_p: 0.9,
        max_tokens: 100,
        stop: ['END'],
        seed: 7,
        frequency_penalty: 0.5,
        presence_penalty: -0.5,
        n: 1,
      });
      const newer = openaiChat.decodeRequest({ ...base, max_tokens: 100, max_completion_tokens: 300, stop: ['a', 'b'] });
      expect(newer.sampling).to.deep.equal({ max_tokens: 300, stop: ['a', 'b'] });
    });

    it('decodes reasoning_effort, stream options, user and metadata', () => {
      const request = openaiChat.decodeRequest({
        ...base,
        reasoning_effort: 'low',
        stream: true,
        stream_options: { include_usage: true },
        user: 'user-42',
        metadata: { team: 'a' },
      });
      expect(request.reasoning).to.deep.equal({ effort: 'low' });
      expect(request.stream).to.equal(true);
      expect(request.stream_include_usage).to.equal(true);
      expect(request.user).to.equal('user-42');
      expect(request.metadata).to.deep.equal({ team: 'a' });
      expect(openaiChat.decodeRequest({ ...base, reasoning_effort: 'none' }).reasoning).to.deep.equal({ enabled: false });
    });

    it('notes fields only an OpenAI chat upstream can serve', () => {
      const request = openaiChat.decodeRequest({
        ...base,
        logprobs: true,
        logit_bias: { '50256': -100 },
        reasoning_effort: 'xhigh',
        tools: [{ type: 'custom', custom: { name: 'grammar' } }],
        store: true,
        n: 2,
      });
      expect(request.same_format_only!.map((f) => f.feature)).to.deep.equal([
        'tools[0].type=custom',
        'reasoning_effort=xhigh',
        'logprobs',
        'logit_bias',
        'n',
      ]);
      expect(request.tools).to.deep.equal([]);
    });

    it('rejects bodies that are not chat requests, naming the field', () => {
      const fails = (body: unknown, param: string | undefined) => {
        try {
          openaiChat.decodeRequest(body);
          expect.fail('expected a FormatError');
        } catch (error) {
          expect(error).to.be.instanceOf(FormatError);
          expect((error as FormatError).param).to.equal(param);
        }
      };
      fails('nope', undefined);
      fails({ model: 42, messages: [] }, 'model');
      // No model means the gateway chooses, as `auto` does.
      expect(openaiChat.decodeRequest({ messages: [{ role: 'user', content: 'hi' }] }).model).to.equal('auto');
      fails({ model: 'm', messages: [] }, 'messages');
      fails({ model: 'm', messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role');
      fails({ model: 'm', messages: [{ role: 'user', content: [{ type: 'video', video: {} }] }] }, 'messages[0].content[0].type');
      fails({ ...base, temperature: 'hot' }, 'temperature');
      fails({ ...base, stop: [1] }, 'stop');
      fails({ model: 'm', messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].tool_call_id');
    });
  });

  describe('encode', () => {
    it('encodes every request field for an OpenAI upstream', () => {
      const body = openaiChat.encodeRequest(
        canonical({
          messages: [
            { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
            { role: 'user', content: [{ type: 'text', text: 'Weather?' }], name: 'ada' },
          ],
          tools: [{ name: 'get_weather', description: 'Weather now', parameters: { type: 'object', properties: {} }, strict: true }],
          tool_choice: { type: 'tool', name: 'get_weather' },
          parallel_tool_calls: true,
          response_format: { type: 'json_schema', schema: { type: 'object' } },
          sampling: { temperature: 0.1, top_p: 0.5, max_tokens: 64, stop: ['END'], seed: 3, frequency_penalty: 0.1, presence_penalty: 0.2, n: 1 },
          reasoning: { effort: 'high' },
          stream: true,
          user: 'u1',
        }),
        'gpt-4o-2024-08-06',
      );
      expect(body).to.deep.equal({
        model: 'gpt-4o-2024-08-06',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather?', name: 'ada' },
        ],
        temperature: 0.1,
        top_p: 0.5,
        max_completion_tokens: 64,
        stop: ['END'],
        seed: 3,
        frequency_penalty: 0.1,
        presence_penalty: 0.2,
        n: 1,
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} }, description: 'Weather now', strict: true } }],
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
        parallel_tool_calls: true,
        response_format: { type: 'json_schema', json_schema: { name: 'response', schema: { type: 'object' } } },
        reasoning_effort: 'high',
        user: 'u1',
        stream: true,
        stream_options: { include_usage: true },
      });
    });

    it('moves tool results out of user turns into tool messages and drops history reasoning', () => {
      const body = openaiChat.encodeRequest(
        canonical({
          messages: [
            {
              role: 'assistant',
              content: [
                { type: 'thinking', text: 'Need the weather.', signature: 'sig' },
                { type: 'text', text: 'Checking.' },
                { type: 'tool_call', id: 'toolu_1', name: 'get_weather', arguments: '{}' },
              ],
            },
            {
              role: 'user',
              content: [
                { type: 'tool_result', tool_call_id: 'toolu_1', content: [{ type: 'text', text: '18C' }] },
                { type: 'text', text: 'And tomorrow?' },
              ],
            },
          ],
        }),
        'gpt-4o',
      );
      expect(body.messages).to.deep.equal([
        { role: 'assistant', content: 'Checking.', tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'toolu_1', content: '18C' },
        { role: 'user', content: 'And tomorrow?' },
      ]);
    });

    it('encodes images, audio and documents as content parts', () => {
      const body = openaiChat.encodeRequest(
        canonical({
          messages: [
            {
              role: 'user',
              content: [
                { type: 'image', source: { kind: 'base64', media_type: 'image/jpeg', data: '/9j/' }, detail: 'low' },
                { type: 'audio', source: { kind: 'base64', media_type: 'audio/mpeg', data: 'SUQz' } },
                { type: 'document', source: { kind: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, name: 'a.pdf' },
                { type: 'document', source: { kind: 'file', file_id: 'file-1' } },
              ],
            },
          ],
        }),
        'gpt-4o',
      );
      expect((body.messages as unknown[])[0]).to.deep.equal({
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/', detail: 'low' } },
          { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
          { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'a.pdf' } },
          { type: 'file', file: { file_id: 'file-1' } },
        ],
      });
    });

    it('maps disabled reasoning to reasoning_effort none', () => {
      expect(openaiChat.encodeRequest(canonical({ reasoning: { enabled: false } }), 'gpt-5').reasoning_effort).to.equal('none');
    });

    it('keeps n for a same-format request re-encoded after a rewrite', () => {
      const request = openaiChat.decodeRequest({ ...base, n: 3 });
      expect(openaiChat.encodeRequest(request, 'gpt-4o').n).to.equal(3);
    });

    it('refuses what Chat Completions cannot express', () => {
      const refuses = (request: CanonicalRequest, feature: string) => {
        try {
          openaiChat.encodeRequest(request, 'gpt-4o');
          expect.fail(`expected ${feature} to be refused`);
        } catch (error) {
          expect(error).to.be.instanceOf(UnsupportedFeatureError);
          expect((error as UnsupportedFeatureError).feature).to.equal(feature);
          expect((error as UnsupportedFeatureError).target).to.equal('openai-chat');
        }
      };
      refuses(canonical({ sampling: { top_k: 40 } }), 'top_k');
      refuses(canonical({ reasoning: { budget_tokens: 2048 } }), 'reasoning.budget_tokens');
      refuses(
        canonical({ messages: [{ role: 'user', content: [{ type: 'image', source: { kind: 'file', file_id: 'f' } }] }] }),
        'image file id',
      );
      refuses(
        canonical({ messages: [{ role: 'user', content: [{ type: 'audio', source: { kind: 'base64', media_type: 'audio/ogg', data: 'T2dn' } }] }] }),
        'audio audio/ogg',
      );
      refuses(
        canonical({ messages: [{ role: 'system', content: [{ type: 'image', source: { kind: 'url', url: 'https://x/y.png' } }] }] }),
        'system message image content',
      );
      refuses(
        canonical({
          messages: [
            { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'c', content: [{ type: 'image', source: { kind: 'url', url: 'https://x/y.png' } }] }] },
          ],
        }),
        'tool result image content',
      );
    });
  });

  describe('round trip', () => {
    it('keeps the meaning of a full request through canonical and back', () => {
      const body = {
        model: 'gpt-4o',
        messages: [
          { role: 'developer', content: 'Answer in JSON.' },
          { role: 'user', content: [{ type: 'text', text: 'What is in this image?' }, { type: 'image_url', image_url: { url: 'https://example.com/cat.png', detail: 'auto' } }] },
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'lookup', arguments: '{"q":"cat"}' } }] },
          { role: 'tool', tool_call_id: 'call_9', content: 'a cat' },
        ],
        tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } } } } }],
        tool_choice: 'required',
        response_format: { type: 'json_object' },
        temperature: 0,
        max_completion_tokens: 50,
        stop: ['\n\n'],
        seed: 1,
        reasoning_effort: 'minimal',
        user: 'u',
      };
      const again = openaiChat.encodeRequest(openaiChat.decodeRequest(body), 'gpt-4o');
      expect(again).to.deep.equal(body);
    });
  });

  describe('passthrough', () => {
    it('rewrites only the model and keeps unknown fields', () => {
      const body = { model: '@openai/gpt-4o', messages: [{ role: 'user', content: 'hi' }], logprobs: true, store: true, x_vendor: { a: 1 } };
      expect(openaiChat.passthroughRequest(body, 'gpt-4o')).to.deep.equal({ ...body, model: 'gpt-4o' });
      expect(body.model).to.equal('@openai/gpt-4o');
    });
  });
});
