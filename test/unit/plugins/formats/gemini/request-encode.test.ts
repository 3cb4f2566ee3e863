import { expect } from 'chai';
import type { CanonicalRequest } from '../../../../../core/canonical/index.js';
import { UnsupportedFeatureError } from '../../../../../core/canonical/index.js';
import gemini from '../../../../../plugins/formats/gemini/index.js';
import { FOREIGN_THOUGHT_SIGNATURE } from '../../../../../plugins/formats/gemini/request.js';
import { thrownBy } from '../caught-errors.js';

const base = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'auto',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  sampling: {},
  stream: false,
  ...over,
});

const encode = (over: Partial<CanonicalRequest> = {}) => gemini.encodeRequest(base(over), 'gemini-2.5-flash');

const unsupported = (fn: () => unknown): UnsupportedFeatureError => thrownBy(UnsupportedFeatureError, fn);

describe('plugins/formats/gemini encodeRequest', () => {
  it('writes contents only: the model goes into the upstream path', () => {
    expect(encode()).to.deep.equal({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
  });

  it('joins every system and developer message into systemInstruction', () => {
    const body = encode({
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'one' }] },
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        { role: 'developer', content: [{ type: 'text', text: 'two' }] },
      ],
    });
    expect(body.systemInstruction).to.deep.equal({ parts: [{ text: 'one' }, { text: 'two' }] });
    expect(body.contents).to.deep.equal([{ role: 'user', parts: [{ text: 'hi' }] }]);
  });

  it('encodes media: base64 and data URLs inline, URLs and file ids by URI', () => {
    const body = encode({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { kind: 'base64', data: 'iVBOR', media_type: 'image/png' }, detail: 'high' },
            { type: 'image', source: { kind: 'url', url: 'data:image/jpeg;base64,/9j/4A' } },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png', media_type: 'image/png' } },
            { type: 'document', source: { kind: 'file', file_id: 'files/abc', media_type: 'application/pdf' }, name: 'a.pdf' },
            { type: 'audio', source: { kind: 'base64', data: 'UklGR', media_type: 'audio/wav' } },
          ],
        },
      ],
    });
    expect(body.contents).to.deep.equal([
      {
        role: 'user',
        parts: [
          { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
          { inlineData: { mimeType: 'image/jpeg', data: '/9j/4A' } },
          { fileData: { fileUri: 'https://example.com/a.png', mimeType: 'image/png' } },
          { fileData: { fileUri: 'files/abc', mimeType: 'application/pdf' } },
          { inlineData: { mimeType: 'audio/wav', data: 'UklGR' } },
        ],
      },
    ]);
  });

  it('encodes assistant turns with thoughts, signatures and calls, and groups tool results into one user turn', () => {
    const body = encode({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'weather?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'two cities', signature: 'sig-think' },
            { type: 'text', text: 'checking' },
            { type: 'tool_call', id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}', signature: 'sig-call' },
            { type: 'tool_call', id: 'call_2', name: 'weather', arguments: '{"city":"Rome"}' },
          ],
        },
        { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'call_1', content: [{ type: 'text', text: 'sunny' }] }] },
        { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'call_2', content: [{ type: 'text', text: '{"temp":9}' }] }] },
        { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
      ],
    });
    expect(body.contents).to.deep.equal([
      { role: 'user', parts: [{ text: 'weather?' }] },
      {
        role: 'model',
        parts: [
          { text: 'two cities', thought: true, thoughtSignature: 'sig-think' },
          { text: 'checking' },
          { functionCall: { id: 'call_1', name: 'weather', args: { city: 'Paris' } }, thoughtSignature: 'sig-call' },
          { functionCall: { id: 'call_2', name: 'weather', args: { city: 'Rome' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'call_1', name: 'weather', response: { output: 'sunny' } } },
          { functionResponse: { id: 'call_2', name: 'weather', response: { temp: 9 } } },
        ],
      },
      { role: 'user', parts: [{ text: 'thanks' }] },
    ]);
  });

  it('gives a call turn from another model the documented placeholder signature, on its first call only', () => {
    const body = encode({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'q' }] },
        {
          role: 'assistant',
          content: [
            { type: 'tool_call', id: 'toolu_1', name: 'a', arguments: '' },
            { type: 'tool_call', id: 'toolu_2', name: 'b', arguments: '{}' },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_call_id: 'toolu_1', content: [{ type: 'text', text: 'failed' }], is_error: true },
            { type: 'tool_result', tool_call_id: 'toolu_2', name: 'b', content: [{ type: 'image', source: { kind: 'base64', data: 'AA', media_type: 'image/png' } }] },
          ],
        },
      ],
    });
    const contents = body.contents as Array<{ parts: Array<Record<string, unknown>> }>;
    expect(contents[1]!.parts[0]).to.have.property('thoughtSignature', FOREIGN_THOUGHT_SIGNATURE);
    expect(contents[1]!.parts[1]).not.to.have.property('thoughtSignature');
    expect(contents[2]!.parts).to.deep.equal([
      { functionResponse: { id: 'toolu_1', name: 'a', response: { error: 'failed' } } },
      { functionResponse: { id: 'toolu_2', name: 'b', response: { output: '' }, parts: [{ inlineData: { mimeType: 'image/png', data: 'AA' } }] } },
    ]);
  });

  it('never sends ids the adapter made up for id-less Gemini calls', () => {
    const request = gemini.decodeRequest(
      {
        contents: [
          { role: 'user', parts: [{ text: 'q' }] },
          { role: 'model', parts: [{ functionCall: { name: 'f', args: {} }, thoughtSignature: 'real' }] },
          { role: 'user', parts: [{ functionResponse: { name: 'f', response: { output: 'ok' } } }] },
        ],
      },
      { pathModel: 'm' },
    );
    const body = gemini.encodeRequest(request, 'm');
    expect(body.contents).to.deep.equal([
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [{ functionCall: { name: 'f', args: {} }, thoughtSignature: 'real' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'f', response: { output: 'ok' } } }] },
    ]);
  });

  it('encodes tools as parametersJsonSchema (JSON Schema as given) and every tool choice', () => {
    const params = { type: 'object', properties: { q: { type: 'string', minLength: 1 } }, required: ['q'], additionalProperties: false };
    const body = encode({
      tools: [
        { name: 'search', description: 'Search', parameters: params, strict: true },
        { name: 'ping', parameters: { type: 'object', properties: {} } },
      ],
      tool_choice: { type: 'tool', name: 'search' },
    });
    expect(body.tools).to.deep.equal([
      { functionDeclarations: [{ name: 'search', description: 'Search', parametersJsonSchema: params }, { name: 'ping' }] },
    ]);
    expect(body.toolConfig).to.deep.equal({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['search'] } });
    expect(encode({ tool_choice: { type: 'auto' } }).toolConfig).to.deep.equal({ functionCallingConfig: { mode: 'AUTO' } });
    expect(encode({ tool_choice: { type: 'none' } }).toolConfig).to.deep.equal({ functionCallingConfig: { mode: 'NONE' } });
    expect(encode({ tool_choice: { type: 'required' } }).toolConfig).to.deep.equal({ functionCallingConfig: { mode: 'ANY' } });
  });

  it('encodes sampling, JSON output and reasoning into generationConfig', () => {
    const body = encode({
      sampling: { temperature: 0.5, top_p: 0.8, top_k: 20, max_tokens: 100, stop: ['x'], seed: 3, n: 2, presence_penalty: 0.5, frequency_penalty: -0.5 },
      response_format: { type: 'json_schema', name: 'answer', schema: { type: 'object', properties: { a: { type: 'string' } } }, strict: true },
      reasoning: { budget_tokens: 2048, include_thoughts: true },
    });
    expect(body.generationConfig).to.deep.equal({
      temperature: 0.5,
      topP: 0.8,
      topK: 20,
      maxOutputTokens: 100,
      stopSequences: ['x'],
      seed: 3,
      candidateCount: 2,
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object', properties: { a: { type: 'string' } } },
      thinkingConfig: { thinkingBudget: 2048, includeThoughts: true },
    });
    expect(encode({ response_format: { type: 'json_object' } }).generationConfig).to.deep.equal({ responseMimeType: 'application/json' });
    expect(encode({ response_format: { type: 'text' } })).not.to.have.property('generationConfig');
    expect(encode({ reasoning: { effort: 'high' } }).generationConfig).to.deep.equal({ thinkingConfig: { thinkingLevel: 'HIGH' } });
    expect(encode({ reasoning: { effort: 'low', budget_tokens: 512 } }).generationConfig).to.deep.equal({ thinkingConfig: { thinkingBudget: 512 } });
    expect(encode({ reasoning: { enabled: false, include_thoughts: true } }).generationConfig).to.deep.equal({ thinkingConfig: { thinkingBudget: 0 } });
  });

  describe('refuses what Gemini cannot express, naming it', () => {
    it('a request with features only its own format serves', () => {
      const error = unsupported(() => encode({ same_format_only: [{ feature: 'previous_response_id', reason: 'server-side state' }] }));
      expect(error.feature).to.equal('previous_response_id');
      expect(error.target).to.equal('gemini');
    });

    it('parallel_tool_calls: false', () => {
      expect(unsupported(() => encode({ parallel_tool_calls: false })).feature).to.equal('parallel_tool_calls: false');
      expect(encode({ parallel_tool_calls: true })).not.to.have.property('toolConfig');
    });

    it('non-text system content', () => {
      unsupported(() => encode({ messages: [{ role: 'system', content: [{ type: 'image', source: { kind: 'url', url: 'https://x/y.png' } }] }] }));
    });

    it('a tool result whose function name cannot be found', () => {
      const error = unsupported(() => encode({ messages: [{ role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'call_x', content: [] }] }] }));
      expect(error.feature).to.contain('call_x');
    });

    it('tool-call arguments that are not a JSON object', () => {
      unsupported(() => encode({ messages: [{ role: 'assistant', content: [{ type: 'tool_call', id: 'c', name: 'f', arguments: '[1,2]' }] }] }));
      unsupported(() => encode({ messages: [{ role: 'assistant', content: [{ type: 'tool_call', id: 'c', name: 'f', arguments: '{"a":' }] }] }));
    });

    it('a document title or context', () => {
      unsupported(() =>
        encode({ messages: [{ role: 'user', content: [{ type: 'document', source: { kind: 'file', file_id: 'f' }, title: 'Report' }] }] }),
      );
    });

    it('a tool call in a user message and a tool result in an assistant message', () => {
      unsupported(() => encode({ messages: [{ role: 'user', content: [{ type: 'tool_call', id: 'c', name: 'f', arguments: '{}' }] }] }));
      unsupported(() => encode({ messages: [{ role: 'assistant', content: [{ type: 'tool_result', tool_call_id: 'c', name: 'f', content: [] }] }] }));
    });
  });

  it('leaves out reasoning that only another provider can read', () => {
    const body = encode({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'q' }] },
        { role: 'assistant', content: [{ type: 'thinking', text: '', redacted_data: 'opaque' }, { type: 'refusal', text: 'no' }] },
      ],
    });
    expect(body.contents).to.deep.equal([
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [{ text: 'no' }] },
    ]);
  });
});

describe('plugins/formats/gemini round trips', () => {
  it('decode(encode(request)) gives back the canonical request', () => {
    const request: CanonicalRequest = {
      model: 'gemini-2.5-pro',
      stream: true,
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'sys' }] },
        { role: 'user', content: [{ type: 'text', text: 'q' }, { type: 'image', source: { kind: 'base64', data: 'AA', media_type: 'image/png' } }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'hmm', signature: 's1' },
            { type: 'tool_call', id: 'call_1', name: 'f', arguments: '{"a":1}', signature: 's2' },
          ],
        },
        { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'call_1', name: 'f', content: [{ type: 'text', text: 'done' }] }] },
      ],
      tools: [{ name: 'f', description: 'F', parameters: { type: 'object', properties: { a: { type: 'integer' } } } }],
      tool_choice: { type: 'required' },
      response_format: { type: 'json_object' },
      sampling: { temperature: 1, max_tokens: 10, stop: ['s'] },
      reasoning: { budget_tokens: 100, include_thoughts: true },
    };
    const body = gemini.encodeRequest(request, 'gemini-2.5-pro');
    expect(gemini.decodeRequest(body, { pathModel: 'gemini-2.5-pro', stream: true })).to.deep.equal(request);
  });

  it('encode(decode(body)) gives back a full client body', () => {
    const body = {
      contents: [
        { role: 'user', parts: [{ text: 'q' }, { fileData: { fileUri: 'files/a', mimeType: 'application/pdf' } }] },
        { role: 'model', parts: [{ text: 'thinking', thought: true }, { functionCall: { id: 'x1', name: 'f', args: { n: [1, 2] } }, thoughtSignature: 'sig' }] },
        { role: 'user', parts: [{ functionResponse: { id: 'x1', name: 'f', response: { rows: 2 } } }] },
        { role: 'model', parts: [{ text: 'two rows', thoughtSignature: 'sig2' }] },
        { role: 'user', parts: [{ text: 'thanks' }] },
      ],
      systemInstruction: { parts: [{ text: 'sys' }] },
      tools: [{ functionDeclarations: [{ name: 'f', description: 'F', parametersJsonSchema: { type: 'object', properties: { n: { type: 'array' } } } }] }],
      toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
      generationConfig: {
        temperature: 0.1,
        topK: 3,
        seed: 1,
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object' },
        thinkingConfig: { thinkingLevel: 'MEDIUM', includeThoughts: false },
      },
    };
    const request = gemini.decodeRequest(body, { pathModel: 'gemini-3-flash' });
    expect(gemini.encodeRequest(request, 'gemini-3-flash')).to.deep.equal(body);
  });
});

describe('plugins/formats/gemini passthroughRequest', () => {
  it('returns the body untouched: the model is in the path', () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'q' }] }], safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_NONE' }], cachedContent: 'cachedContents/1' };
    const copy = structuredClone(body);
    const out = gemini.passthroughRequest(body, 'gemini-2.5-flash');
    expect(out).to.equal(body);
    expect(out).to.deep.equal(copy);
  });

  it('rewrites only a model the client put in the body', () => {
    const body = { model: 'models/auto', contents: [] };
    expect(gemini.passthroughRequest(body, 'gemini-2.5-flash')).to.deep.equal({ model: 'models/gemini-2.5-flash', contents: [] });
    expect(body.model).to.equal('models/auto');
  });
});
