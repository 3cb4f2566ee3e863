import { ApiError, GoogleGenAI } from '@google/genai';
import { expect } from 'chai';
import type { FakeUpstream } from '../../../../fixtures/providers/fake-upstream.js';
import { FAKE_THOUGHT_SIGNATURE, startFakeGemini } from '../../../../fixtures/providers/gemini/server.js';
import gemini from '../../../../../plugins/formats/gemini/index.js';
import { rejectionOf } from '../caught-errors.js';

/**
 * The official @google/genai SDK against the fake Gemini upstream: the fake speaks what the SDK
 * reads, and what the SDK sends decodes with the adapter.
 */
describe('@google/genai SDK against the fake Gemini upstream', () => {
  let fake: FakeUpstream;
  let ai: GoogleGenAI;
  beforeEach(async () => {
    fake = await startFakeGemini({ usage: { input: 11, output: 7, cached: 2 } });
    ai = new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: fake.url } });
  });
  afterEach(async () => {
    await fake.close();
  });

  it('generateContent reads text, thoughts and usage; the request decodes with the adapter', async () => {
    fake.enqueue({ kind: 'text', text: 'Paris.', thinking: 'The capital of France.' });
    const response = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Capital of France?',
      config: { systemInstruction: 'Answer in one word.', temperature: 0.1, maxOutputTokens: 50, thinkingConfig: { includeThoughts: true, thinkingBudget: 128 } },
    });
    expect(response.text).to.equal('Paris.');
    expect(response.candidates![0]!.content!.parts![0]).to.deep.include({ thought: true, text: 'The capital of France.' });
    expect(response.usageMetadata).to.deep.include({ promptTokenCount: 11, candidatesTokenCount: 7, cachedContentTokenCount: 2 });
    expect(response.modelVersion).to.equal('gemini-2.5-flash');

    const recorded = fake.requests[0]!;
    expect(recorded.path).to.equal('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(recorded.headers['x-goog-api-key']).to.equal('test-key');
    const request = gemini.decodeRequest(recorded.body, { pathModel: 'gemini-2.5-flash' });
    expect(request.messages).to.deep.equal([
      { role: 'system', content: [{ type: 'text', text: 'Answer in one word.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Capital of France?' }] },
    ]);
    expect(request.sampling).to.deep.equal({ temperature: 0.1, max_tokens: 50 });
    expect(request.reasoning).to.deep.equal({ budget_tokens: 128, include_thoughts: true });
  });

  it('generateContentStream calls :streamGenerateContent?alt=sse and reads every chunk and the last usage', async () => {
    fake.enqueue({ kind: 'text', text: 'one two three four' });
    const stream = await ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'count' });
    const texts: string[] = [];
    let usage: unknown;
    for await (const chunk of stream) {
      texts.push(chunk.text ?? '');
      if (chunk.usageMetadata) usage = chunk.usageMetadata;
    }
    expect(texts.join('')).to.equal('one two three four');
    expect(texts).to.have.length(4);
    expect(usage).to.deep.include({ promptTokenCount: 11, candidatesTokenCount: 7, totalTokenCount: 18 });
    expect(fake.requests[0]!.path).to.equal('/v1beta/models/gemini-2.5-flash:streamGenerateContent');
    expect(fake.requests[0]!.query).to.deep.equal({ alt: 'sse' });
  });

  it('does a function-calling round: parallel calls, then responses the adapter pairs with them', async () => {
    fake.enqueue(
      { kind: 'tool_calls', calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }, { name: 'get_weather', arguments: { city: 'Rome' } }] },
      { kind: 'text', text: 'Sunny in Paris, rain in Rome.' },
    );
    const tools = [
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'Weather for a city',
            parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        ],
      },
    ];
    const user = { role: 'user', parts: [{ text: 'Weather in Paris and Rome?' }] };
    const first = await ai.models.generateContent({ model: 'gemini-2.5-pro', contents: [user], config: { tools } });
    expect(first.functionCalls).to.deep.equal([
      { name: 'get_weather', args: { city: 'Paris' } },
      { name: 'get_weather', args: { city: 'Rome' } },
    ]);
    const modelTurn = first.candidates![0]!.content!;
    expect(modelTurn.parts![0]!.thoughtSignature).to.equal(FAKE_THOUGHT_SIGNATURE);

    const results = { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: 'sunny' } } }, { functionResponse: { name: 'get_weather', response: { output: 'rain' } } }] };
    const second = await ai.models.generateContent({ model: 'gemini-2.5-pro', contents: [user, modelTurn, results], config: { tools } });
    expect(second.text).to.equal('Sunny in Paris, rain in Rome.');

    const request = gemini.decodeRequest(fake.requests[1]!.body, { pathModel: 'gemini-2.5-pro' });
    expect(request.tools).to.deep.equal([
      { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
    ]);
    const calls = request.messages[1]!.content;
    expect(calls[0]).to.deep.include({ type: 'tool_call', name: 'get_weather', signature: FAKE_THOUGHT_SIGNATURE });
    const resultIds = request.messages.slice(2).map((m) => (m.content[0] as { tool_call_id: string }).tool_call_id);
    expect(resultIds).to.deep.equal(calls.map((c) => (c as { id: string }).id));
  });

  it('streams function calls', async () => {
    fake.enqueue({ kind: 'tool_calls', text: 'Checking.', calls: [{ name: 'lookup', arguments: { id: 3 } }] });
    const stream = await ai.models.generateContentStream({ model: 'm', contents: 'go' });
    const calls: unknown[] = [];
    for await (const chunk of stream) calls.push(...(chunk.functionCalls ?? []));
    expect(calls).to.deep.equal([{ name: 'lookup', args: { id: 3 } }]);
  });

  it('raises the fake\'s Google errors as ApiError with the HTTP status', async () => {
    fake.enqueue({ kind: 'error', status: 429, message: 'Resource has been exhausted', retryAfterSeconds: 2 });
    const error = await rejectionOf(() => ai.models.generateContent({ model: 'm', contents: 'x' }));
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).status).to.equal(429);
    expect((error as ApiError).message).to.contain('RESOURCE_EXHAUSTED');
  });

  it('fails an SDK stream that the fake cuts', async () => {
    fake.enqueue({ kind: 'cut', text: 'a b c d e', afterChunks: 2 });
    const stream = await ai.models.generateContentStream({ model: 'm', contents: 'x' });
    const texts: string[] = [];
    let failed = false;
    try {
      for await (const chunk of stream) texts.push(chunk.text ?? '');
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
    expect(texts).to.deep.equal(['a ', 'b ']);
  });
});
