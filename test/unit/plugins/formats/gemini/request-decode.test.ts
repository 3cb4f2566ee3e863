import { expect } from 'chai';
import { FormatError } from '../../../../../core/canonical/index.js';
import gemini from '../../../../../plugins/formats/gemini/index.js';
import { thrownBy } from '../caught-errors.js';

const decode = (body: unknown, stream = false) => gemini.decodeRequest(body, { pathModel: 'gemini-2.5-flash', stream });
const userText = (text: string) => ({ role: 'user', parts: [{ text }] });

describe('plugins/formats/gemini decodeRequest', () => {
  it('takes the model and streaming from the path, not the body', () => {
    const request = gemini.decodeRequest({ contents: [userText('hi')] }, { pathModel: '@openai/gpt-4o', stream: true });
    expect(request.model).to.equal('@openai/gpt-4o');
    expect(request.stream).to.equal(true);
    expect(request.messages).to.deep.equal([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
    expect(request.sampling).to.deep.equal({});
  });

  it('reads systemInstruction (the SDK sends role "user" on it) as a leading system message', () => {
    const request = decode({ systemInstruction: { role: 'user', parts: [{ text: 'be brief' }, { text: 'be kind' }] }, contents: [userText('hi')] });
    expect(request.messages[0]).to.deep.equal({ role: 'system', content: [{ type: 'text', text: 'be brief' }, { type: 'text', text: 'be kind' }] });
  });

  it('defaults a missing role to user and maps model turns to assistant', () => {
    const request = decode({ contents: [{ parts: [{ text: 'q' }] }, { role: 'model', parts: [{ text: 'a' }] }, userText('q2')] });
    expect(request.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'user']);
  });

  it('turns inlineData into image, audio or document parts by MIME type, and fileData into URL or file sources', () => {
    const request = decode({
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
            { inlineData: { mimeType: 'audio/wav', data: 'UklGR' } },
            { inlineData: { mimeType: 'application/pdf', data: 'JVBER' } },
            { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/cat.jpg' } },
            { fileData: { mimeType: 'application/pdf', fileUri: 'https://generativelanguage.googleapis.com/v1beta/files/abc' } },
            { fileData: { fileUri: 'files/xyz' } },
          ],
        },
      ],
    });
    expect(request.messages[0]!.content).to.deep.equal([
      { type: 'image', source: { kind: 'base64', data: 'iVBOR', media_type: 'image/png' } },
      { type: 'audio', source: { kind: 'base64', data: 'UklGR', media_type: 'audio/wav' } },
      { type: 'document', source: { kind: 'base64', data: 'JVBER', media_type: 'application/pdf' } },
      { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.jpg', media_type: 'image/jpeg' } },
      { type: 'document', source: { kind: 'url', url: 'https://generativelanguage.googleapis.com/v1beta/files/abc', media_type: 'application/pdf' } },
      { type: 'document', source: { kind: 'file', file_id: 'files/xyz' } },
    ]);
  });

  it('keeps thoughts and thought signatures on text and function-call parts', () => {
    const request = decode({
      contents: [
        userText('q'),
        {
          role: 'model',
          parts: [
            { text: 'let me think', thought: true },
            { text: 'answer', thoughtSignature: 'sig-text' },
            { functionCall: { name: 'lookup', args: { q: 1 } }, thoughtSignature: 'sig-call' },
          ],
        },
      ],
    });
    expect(request.messages[1]!.content).to.deep.equal([
      { type: 'thinking', text: 'let me think' },
      { type: 'text', text: 'answer', signature: 'sig-text' },
      { type: 'tool_call', id: 'gemini_call_1_2', name: 'lookup', arguments: '{"q":1}', signature: 'sig-call' },
    ]);
  });

  it('makes stable ids for id-less calls and pairs id-less responses with them by name, in order', () => {
    const body = {
      contents: [
        userText('weather in Paris and Rome, and the time'),
        {
          role: 'model',
          parts: [
            { functionCall: { name: 'weather', args: { city: 'Paris' } } },
            { functionCall: { name: 'weather', args: { city: 'Rome' } } },
            { functionCall: { name: 'time', args: {} } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'time', response: { output: '12:00' } } },
            { functionResponse: { name: 'weather', response: { output: 'sunny' } } },
            { functionResponse: { name: 'weather', response: { output: 'rain' } } },
          ],
        },
      ],
    };
    const first = decode(body);
    const calls = first.messages[1]!.content.map((p) => (p.type === 'tool_call' ? p.id : ''));
    expect(calls).to.deep.equal(['gemini_call_1_0', 'gemini_call_1_1', 'gemini_call_1_2']);
    expect(first.messages.slice(2)).to.deep.equal([
      { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'gemini_call_1_2', name: 'time', content: [{ type: 'text', text: '12:00' }] }] },
      { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'gemini_call_1_0', name: 'weather', content: [{ type: 'text', text: 'sunny' }] }] },
      { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'gemini_call_1_1', name: 'weather', content: [{ type: 'text', text: 'rain' }] }] },
    ]);
    expect(decode(body)).to.deep.equal(first);
  });

  it('uses Gemini call ids when present, and reads error responses and multimodal function responses', () => {
    const request = decode({
      contents: [
        userText('q'),
        { role: 'model', parts: [{ functionCall: { id: 'fc-1', name: 'fetch', args: {} } }] },
        {
          role: 'user',
          parts: [
            {
              functionResponse: {
                id: 'fc-1',
                name: 'fetch',
                response: { error: 'timeout' },
                parts: [{ inlineData: { mimeType: 'image/png', data: 'AAAA' } }],
              },
            },
            { text: 'and then?' },
          ],
        },
      ],
    });
    expect(request.messages[1]!.content[0]).to.include({ id: 'fc-1' });
    expect(request.messages[2]).to.deep.equal({
      role: 'tool',
      content: [
        {
          type: 'tool_result',
          tool_call_id: 'fc-1',
          name: 'fetch',
          is_error: true,
          content: [
            { type: 'text', text: 'timeout' },
            { type: 'image', source: { kind: 'base64', data: 'AAAA', media_type: 'image/png' } },
          ],
        },
      ],
    });
    expect(request.messages[3]).to.deep.equal({ role: 'user', content: [{ type: 'text', text: 'and then?' }] });
  });

  it('carries a structured function response as JSON text', () => {
    const request = decode({
      contents: [
        { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'f', response: { temp: 21, unit: 'C' } } }] },
      ],
    });
    const result = request.messages[1]!.content[0];
    expect(result).to.deep.include({ tool_call_id: 'gemini_call_0_0', content: [{ type: 'text', text: '{"temp":21,"unit":"C"}' }] });
  });

  it('reads function declarations: parametersJsonSchema as given, OpenAPI parameters translated to JSON Schema', () => {
    const request = decode({
      contents: [userText('q')],
      tools: [
        {
          functionDeclarations: [
            { name: 'a', description: 'A', parametersJsonSchema: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: false } },
            {
              name: 'b',
              parameters: {
                type: 'OBJECT',
                properties: {
                  city: { type: 'STRING', description: 'City', nullable: true, example: 'Paris' },
                  days: { type: 'ARRAY', items: { type: 'INTEGER', format: 'int32' }, maxItems: 3 },
                },
                required: ['city'],
                propertyOrdering: ['city', 'days'],
              },
            },
            { name: 'c' },
          ],
        },
      ],
    });
    expect(request.tools).to.deep.equal([
      { name: 'a', description: 'A', parameters: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: false } },
      {
        name: 'b',
        parameters: {
          type: 'object',
          properties: {
            city: { type: ['string', 'null'], description: 'City', examples: ['Paris'] },
            days: { type: 'array', items: { type: 'integer', format: 'int32' }, maxItems: 3 },
          },
          required: ['city'],
        },
      },
      { name: 'c', parameters: { type: 'object', properties: {} } },
    ]);
  });

  it('maps functionCallingConfig modes to tool choices', () => {
    const tools = [{ functionDeclarations: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] }];
    const choice = (functionCallingConfig: unknown) => decode({ contents: [userText('q')], tools, toolConfig: { functionCallingConfig } });
    expect(choice({ mode: 'AUTO' }).tool_choice).to.deep.equal({ type: 'auto' });
    expect(choice({ mode: 'NONE' }).tool_choice).to.deep.equal({ type: 'none' });
    expect(choice({ mode: 'ANY' }).tool_choice).to.deep.equal({ type: 'required' });
    expect(choice({ mode: 'ANY', allowedFunctionNames: ['b'] }).tool_choice).to.deep.equal({ type: 'tool', name: 'b' });
    const some = choice({ mode: 'ANY', allowedFunctionNames: ['a', 'c'] });
    expect(some.tool_choice).to.deep.equal({ type: 'required' });
    expect(some.tools!.map((t) => t.name)).to.deep.equal(['a', 'c']);
    expect(choice({}).tool_choice).to.equal(undefined);
  });

  it('reads generationConfig sampling, JSON output and thinking options', () => {
    const request = decode({
      contents: [userText('q')],
      generationConfig: {
        temperature: 0.2,
        topP: 0.9,
        topK: 40,
        maxOutputTokens: 256,
        stopSequences: ['END'],
        seed: 7,
        candidateCount: 1,
        presencePenalty: 0.1,
        frequencyPenalty: 0.3,
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object', properties: { a: { type: 'number' } } },
        thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
      },
    });
    expect(request.sampling).to.deep.equal({
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      max_tokens: 256,
      stop: ['END'],
      seed: 7,
      n: 1,
      presence_penalty: 0.1,
      frequency_penalty: 0.3,
    });
    expect(request.response_format).to.deep.equal({ type: 'json_schema', schema: { type: 'object', properties: { a: { type: 'number' } } } });
    expect(request.reasoning).to.deep.equal({ budget_tokens: 1024, include_thoughts: true });
  });

  it('translates an OpenAPI responseSchema, and reads JSON mode, thinking off and thinking levels', () => {
    const json = (generationConfig: unknown) => decode({ contents: [userText('q')], generationConfig });
    expect(json({ responseMimeType: 'application/json', responseSchema: { type: 'ARRAY', items: { type: 'STRING', enum: ['x', 'y'] } } }).response_format).to.deep.equal({
      type: 'json_schema',
      schema: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
    });
    expect(json({ responseMimeType: 'application/json' }).response_format).to.deep.equal({ type: 'json_object' });
    expect(json({ thinkingConfig: { thinkingBudget: 0 } }).reasoning).to.deep.equal({ enabled: false });
    expect(json({ thinkingConfig: { thinkingBudget: -1 } }).reasoning).to.equal(undefined);
    expect(json({ thinkingConfig: { thinkingLevel: 'LOW' } }).reasoning).to.deep.equal({ effort: 'low' });
  });

  it('notes Gemini-only features as same_format_only instead of dropping them', () => {
    const request = decode({
      contents: [{ role: 'user', parts: [{ text: 'q' }, { fileData: { fileUri: 'https://youtu.be/x', mimeType: 'video/mp4' }, videoMetadata: { startOffset: '1s' } }] }],
      tools: [{ googleSearch: {} }, { codeExecution: {} }],
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
      cachedContent: 'cachedContents/abc',
      generationConfig: { responseModalities: ['TEXT', 'IMAGE'], responseLogprobs: true },
      toolConfig: { functionCallingConfig: { mode: 'VALIDATED' }, retrievalConfig: {} },
    });
    expect(request.same_format_only!.map((f) => f.feature)).to.have.members([
      'safetySettings',
      'cachedContent',
      'contents[0].parts[1].videoMetadata',
      'generationConfig.responseLogprobs',
      'generationConfig.responseModalities',
      'tools[0].googleSearch',
      'tools[1].codeExecution',
      'toolConfig.retrievalConfig',
      'toolConfig.functionCallingConfig.mode=VALIDATED',
    ]);
    for (const f of request.same_format_only!) expect(f.reason).to.be.a('string').and.not.equal('');
  });

  it('leaves same_format_only out of a request that translates fully', () => {
    expect(decode({ contents: [userText('q')], generationConfig: { responseModalities: ['TEXT'] } })).not.to.have.property('same_format_only');
  });

  it('notes code-execution parts of the history as Gemini-only and leaves them out of the messages', () => {
    const request = decode({
      contents: [userText('q'), { role: 'model', parts: [{ executableCode: { language: 'PYTHON', code: 'print(1)' } }, { text: 'done' }] }],
    });
    expect(request.messages[1]!.content).to.deep.equal([{ type: 'text', text: 'done' }]);
    expect(request.same_format_only!.map((f) => f.feature)).to.deep.equal(['contents[1].parts[0].executableCode']);
  });

  describe('rejects a body that is not a generateContent request, naming the field', () => {
    const cases: Array<[string, unknown, string | undefined]> = [
      ['a non-object body', [], undefined],
      ['missing contents', {}, 'contents'],
      ['empty contents', { contents: [] }, 'contents'],
      ['an unknown role', { contents: [{ role: 'assistant', parts: [{ text: 'x' }] }] }, 'contents[0].role'],
      ['empty parts', { contents: [{ role: 'user', parts: [] }] }, 'contents[0].parts'],
      ['a part with two data fields', { contents: [{ role: 'user', parts: [{ text: 'x', inlineData: { mimeType: 'image/png', data: 'A' } }] }] }, 'contents[0].parts[0]'],
      ['a non-string text', { contents: [{ role: 'user', parts: [{ text: 5 }] }] }, 'contents[0].parts[0].text'],
      ['inlineData without data', { contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/png' } }] }] }, 'contents[0].parts[0].inlineData.data'],
      ['a function call in a user turn', { contents: [{ role: 'user', parts: [{ functionCall: { name: 'f' } }] }] }, 'contents[0].parts[0]'],
      ['a function response in a model turn', { contents: [{ role: 'model', parts: [{ functionResponse: { name: 'f', response: {} } }] }] }, 'contents[0].parts[0]'],
      ['non-text system instruction', { systemInstruction: { parts: [{ inlineData: { mimeType: 'image/png', data: 'A' } }] }, contents: [userText('q')] }, 'systemInstruction.parts[0]'],
      ['a wrong temperature type', { contents: [userText('q')], generationConfig: { temperature: 'hot' } }, 'generationConfig.temperature'],
      ['a schema without JSON output', { contents: [userText('q')], generationConfig: { responseJsonSchema: { type: 'object' } } }, 'generationConfig.responseMimeType'],
      ['an unknown calling mode', { contents: [userText('q')], toolConfig: { functionCallingConfig: { mode: 'SOMETIMES' } } }, 'toolConfig.functionCallingConfig.mode'],
      ['both parameter schemas', { contents: [userText('q')], tools: [{ functionDeclarations: [{ name: 'f', parameters: {}, parametersJsonSchema: {} }] }] }, 'tools[0].functionDeclarations[0].parametersJsonSchema'],
    ];
    for (const [name, body, param] of cases) {
      it(name, () => {
        expect(thrownBy(FormatError, () => decode(body)).param).to.equal(param);
      });
    }

    it('a missing model', () => {
      expect(() => gemini.decodeRequest({ contents: [userText('q')] })).to.throw(FormatError, /model/);
    });
  });
});
