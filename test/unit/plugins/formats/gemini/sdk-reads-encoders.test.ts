import { ApiError, GoogleGenAI } from '@google/genai';
import { expect } from 'chai';
import type { CanonicalRequest, CanonicalResponse, EncodeContext, StreamEvent } from '../../../../../core/canonical/index.js';
import gemini from '../../../../../plugins/formats/gemini/index.js';
import { startStaticAnswerServer, type StaticAnswerServer } from '../../../../fixtures/providers/static-answer-server.js';
import { rejectionOf } from '../caught-errors.js';
import { encodeStream } from '../stream-codec.js';

/**
 * What the adapter's encoders write, served as-is from a local HTTP server and read with the
 * official @google/genai SDK, as a Gemini client of the gateway would.
 */

/** Text parts of an SDK response, read without the SDK's `text` getter (it warns when calls are present). */
function textOf(response: { candidates?: Array<{ content?: { parts?: Array<{ text?: string; thought?: boolean }> } }> }): string {
  return (response.candidates?.[0]?.content?.parts ?? []).map((p) => (p.thought ? '' : (p.text ?? ''))).join('');
}

const context = (sse: boolean): EncodeContext => ({
  request: { model: 'auto', messages: [], sampling: {}, stream: sse } as CanonicalRequest,
  model: 'claude-sonnet-4-5',
  sse,
});

describe('@google/genai SDK reading the Gemini adapter\'s encoders', () => {
  let wire: StaticAnswerServer;
  let ai: GoogleGenAI;
  beforeEach(async () => {
    wire = await startStaticAnswerServer();
    ai = new GoogleGenAI({ apiKey: 'ag_test', httpOptions: { baseUrl: `${wire.origin}/my-app` } });
  });
  afterEach(async () => {
    await wire.close();
  });

  it('reads an encoded response: text, function calls with their ids, usage and model', async () => {
    const response: CanonicalResponse = {
      id: 'msg_01',
      model: 'claude-sonnet-4-5',
      created: 0,
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_call', id: 'toolu_01', name: 'search', arguments: '{"q":"gemini"}' },
        { type: 'tool_call', id: 'toolu_02', name: 'search', arguments: '{"q":"sdk"}' },
      ],
      finish_reason: 'tool_calls',
      usage: { input_tokens: 40, output_tokens: 15, total_tokens: 55, cached_input_tokens: 8 },
    };
    wire.answer({ status: 200, contentType: 'application/json', body: JSON.stringify(gemini.encodeResponse(response, context(false))) });
    const result = await ai.models.generateContent({ model: '@anthropic/claude-sonnet-4-5', contents: 'find things' });
    expect(textOf(result)).to.equal('Let me look.');
    expect(result.functionCalls).to.deep.equal([
      { id: 'toolu_01', name: 'search', args: { q: 'gemini' } },
      { id: 'toolu_02', name: 'search', args: { q: 'sdk' } },
    ]);
    expect(result.usageMetadata).to.deep.include({ promptTokenCount: 40, candidatesTokenCount: 15, totalTokenCount: 55, cachedContentTokenCount: 8 });
    expect(result.modelVersion).to.equal('claude-sonnet-4-5');
    expect(result.responseId).to.equal('msg_01');
    expect(result.candidates![0]!.finishReason).to.equal('STOP');
    // The SDK does not encode the slash of a gateway model reference.
    expect(wire.paths[0]).to.equal('/my-app/v1beta/models/@anthropic/claude-sonnet-4-5:generateContent');
  });

  it('reads an encoded SSE stream: text deltas, a whole function call and usage on the last chunk', async () => {
    const events: StreamEvent[] = [
      { type: 'start', id: 'chatcmpl-9', model: 'gpt-4o' },
      { type: 'text_delta', index: 0, text: 'Hel' },
      { type: 'text_delta', index: 0, text: 'lo' },
      { type: 'part_end', index: 0 },
      { type: 'tool_call_start', index: 1, id: 'call_9', name: 'calc' },
      { type: 'tool_call_delta', index: 1, arguments: '{"expr":' },
      { type: 'tool_call_delta', index: 1, arguments: '"1+1"}' },
      { type: 'part_end', index: 1 },
      { type: 'usage', usage: { input_tokens: 9, output_tokens: 6, total_tokens: 15, reasoning_tokens: 2 } },
      { type: 'finish', finish_reason: 'tool_calls' },
    ];
    const body = encodeStream(gemini.createStreamEncoder(context(true)), events);
    wire.answer({ status: 200, contentType: 'text/event-stream', body });

    const stream = await ai.models.generateContentStream({ model: 'gpt-4o', contents: 'calc' });
    let text = '';
    const calls: unknown[] = [];
    let usage: unknown;
    let finish: string | undefined;
    for await (const chunk of stream) {
      text += textOf(chunk);
      calls.push(...(chunk.functionCalls ?? []));
      if (chunk.usageMetadata) usage = chunk.usageMetadata;
      finish = chunk.candidates?.[0]?.finishReason ?? finish;
    }
    expect(text).to.equal('Hello');
    expect(calls).to.deep.equal([{ id: 'call_9', name: 'calc', args: { expr: '1+1' } }]);
    expect(usage).to.deep.include({ promptTokenCount: 9, candidatesTokenCount: 4, thoughtsTokenCount: 2, totalTokenCount: 15 });
    expect(finish).to.equal('STOP');
    expect(wire.paths[0]).to.equal('/my-app/v1beta/models/gpt-4o:streamGenerateContent?alt=sse');
  });

  it('raises an encoded error as ApiError with its status', async () => {
    const body = gemini.encodeError({ status: 400, kind: 'invalid_request', message: 'model "nope" is not allowed', code: 'model_not_allowed' });
    wire.answer({ status: 400, contentType: 'application/json', body: JSON.stringify(body) });
    const error = await rejectionOf(() => ai.models.generateContent({ model: 'nope', contents: 'x' }));
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).status).to.equal(400);
    expect((error as ApiError).message).to.contain('INVALID_ARGUMENT').and.contain('model \\"nope\\" is not allowed');
  });

  it('raises a stream failure event as an error after the text already sent', async () => {
    const body = encodeStream(
      gemini.createStreamEncoder(context(true)),
      [
        { type: 'start', id: 'x', model: 'm' },
        { type: 'text_delta', index: 0, text: 'partial' },
      ],
      'upstream stream terminated unexpectedly',
    );
    wire.answer({ status: 200, contentType: 'text/event-stream', body });
    const stream = await ai.models.generateContentStream({ model: 'm', contents: 'x' });
    const texts: string[] = [];
    const error = await rejectionOf(async () => {
      for await (const chunk of stream) texts.push(chunk.text ?? '');
    });
    expect(texts).to.deep.equal(['partial']);
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).message).to.contain('upstream stream terminated unexpectedly').and.contain('upstream_error');
  });

  it('sends bodies the adapter decodes: tools, tool config, JSON schema output and thinking level', async () => {
    wire.answer({ status: 200, contentType: 'application/json', body: JSON.stringify(gemini.encodeResponse({ id: 'r', model: 'm', created: 0, content: [{ type: 'text', text: '{}' }], finish_reason: 'stop' }, context(false))) });
    await ai.models.generateContent({
      model: 'gemini-3-flash',
      contents: [{ role: 'user', parts: [{ text: 'json please' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0K' } }] }],
      config: {
        tools: [{ functionDeclarations: [{ name: 'noop', description: 'Does nothing' }] }],
        toolConfig: { functionCallingConfig: { mode: 'NONE' as never } },
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        thinkingConfig: { thinkingLevel: 'LOW' as never },
        stopSequences: ['STOP'],
        seed: 42,
      },
    });
    const request = gemini.decodeRequest(wire.bodies[0], { pathModel: 'gemini-3-flash' });
    expect(request).to.deep.equal({
      model: 'gemini-3-flash',
      stream: false,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'json please' },
            { type: 'image', source: { kind: 'base64', data: 'iVBORw0K', media_type: 'image/png' } },
          ],
        },
      ],
      tools: [{ name: 'noop', description: 'Does nothing', parameters: { type: 'object', properties: {} } }],
      tool_choice: { type: 'none' },
      response_format: { type: 'json_schema', schema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      reasoning: { effort: 'low' },
      sampling: { stop: ['STOP'], seed: 42 },
    });
  });
});
