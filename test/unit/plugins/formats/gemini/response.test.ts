import { expect } from 'chai';
import type { CanonicalRequest, CanonicalResponse, EncodeContext } from '../../../../../core/canonical/index.js';
import { FormatError } from '../../../../../core/canonical/index.js';
import gemini from '../../../../../plugins/formats/gemini/index.js';

const context = (over: Partial<EncodeContext> = {}): EncodeContext => ({
  request: { model: 'auto', messages: [], sampling: {}, stream: false } as CanonicalRequest,
  model: 'gemini-2.5-flash',
  ...over,
});

const answer = (parts: unknown[], finishReason = 'STOP', extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: 'model', parts }, finishReason, index: 0 }],
  usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 8, totalTokenCount: 20 },
  modelVersion: 'gemini-2.5-flash-001',
  responseId: 'resp-1',
  ...extra,
});

describe('plugins/formats/gemini decodeResponse', () => {
  it('reads text, model version, response id and usage', () => {
    const response = gemini.decodeResponse(answer([{ text: 'Hello' }, { text: ' there' }]));
    expect(response).to.deep.include({
      id: 'resp-1',
      model: 'gemini-2.5-flash-001',
      content: [
        { type: 'text', text: 'Hello' },
        { type: 'text', text: ' there' },
      ],
      finish_reason: 'stop',
      usage: { input_tokens: 12, output_tokens: 8, total_tokens: 20 },
    });
    expect(response.created).to.be.a('number');
  });

  it('reads thoughts, signatures and parallel calls, with call ids unique to the response', () => {
    const response = gemini.decodeResponse(
      answer([
        { text: 'plan', thought: true },
        { functionCall: { name: 'weather', args: { city: 'Paris' } }, thoughtSignature: 'sig' },
        { functionCall: { name: 'weather', args: { city: 'Rome' } } },
        { functionCall: { id: 'given', name: 'time', args: {} } },
      ]),
    );
    expect(response.content).to.deep.equal([
      { type: 'thinking', text: 'plan' },
      { type: 'tool_call', id: 'gemini_call_resp-1_0', name: 'weather', arguments: '{"city":"Paris"}', signature: 'sig' },
      { type: 'tool_call', id: 'gemini_call_resp-1_1', name: 'weather', arguments: '{"city":"Rome"}' },
      { type: 'tool_call', id: 'given', name: 'time', arguments: '{}' },
    ]);
    expect(response.finish_reason).to.equal('tool_calls');
  });

  it('maps finish reasons', () => {
    const reason = (r: string) => gemini.decodeResponse(answer([{ text: 'x' }], r)).finish_reason;
    expect(reason('MAX_TOKENS')).to.equal('length');
    for (const r of ['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII']) expect(reason(r)).to.equal('content_filter');
    for (const r of ['OTHER', 'MALFORMED_FUNCTION_CALL', 'LANGUAGE', 'FINISH_REASON_UNSPECIFIED']) expect(reason(r)).to.equal('other');
  });

  it('counts thoughts as output and cached prompt tokens as input, as the canonical usage does', () => {
    const response = gemini.decodeResponse(
      answer([{ text: 'x' }], 'STOP', {
        usageMetadata: { promptTokenCount: 100, cachedContentTokenCount: 60, candidatesTokenCount: 10, thoughtsTokenCount: 30, totalTokenCount: 140 },
      }),
    );
    expect(response.usage).to.deep.equal({ input_tokens: 100, output_tokens: 40, total_tokens: 140, cached_input_tokens: 60, reasoning_tokens: 30 });
  });

  it('answers a prompt blocked before any candidate as an empty content-filter stop', () => {
    const response = gemini.decodeResponse({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 } });
    expect(response.content).to.deep.equal([]);
    expect(response.finish_reason).to.equal('content_filter');
  });

  it('reads only the first candidate, and a safety stop without content', () => {
    const response = gemini.decodeResponse({
      candidates: [
        { content: { role: 'model', parts: [{ text: 'second' }] }, index: 1 },
        { finishReason: 'SAFETY', index: 0 },
      ],
    });
    expect(response.content).to.deep.equal([]);
    expect(response.finish_reason).to.equal('content_filter');
  });

  it('answers FormatError for a body that is not a GenerateContentResponse', () => {
    expect(() => gemini.decodeResponse({ unexpected: true })).to.throw(FormatError);
    expect(() => gemini.decodeResponse('text')).to.throw(FormatError);
    expect(() => gemini.decodeResponse({ candidates: [{ content: { parts: [{ bogus: 1 }] } }] })).to.throw(FormatError);
  });
});

describe('plugins/formats/gemini encodeResponse', () => {
  const response: CanonicalResponse = {
    id: 'chatcmpl-1',
    model: 'gpt-4o-2024',
    created: 1,
    content: [
      { type: 'thinking', text: 'hmm', signature: 'anthropic-sig' },
      { type: 'text', text: 'Calling.' },
      { type: 'tool_call', id: 'call_abc', name: 'f', arguments: '{"x":1}' },
    ],
    finish_reason: 'tool_calls',
    usage: { input_tokens: 30, output_tokens: 12, total_tokens: 42, cached_input_tokens: 10, reasoning_tokens: 4 },
  };

  it('writes one candidate with parts, STOP for tool calls, usage and the model shown to the client', () => {
    expect(gemini.encodeResponse(response, context())).to.deep.equal({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'hmm', thought: true, thoughtSignature: 'anthropic-sig' },
              { text: 'Calling.' },
              { functionCall: { id: 'call_abc', name: 'f', args: { x: 1 } } },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 8, totalTokenCount: 42, cachedContentTokenCount: 10, thoughtsTokenCount: 4 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'chatcmpl-1',
    });
  });

  it('maps canonical finish reasons to Gemini ones', () => {
    const reason = (finish_reason: CanonicalResponse['finish_reason']) =>
      (gemini.encodeResponse({ ...response, content: [], finish_reason }, context()).candidates as Array<{ finishReason: string }>)[0]!.finishReason;
    expect(reason('stop')).to.equal('STOP');
    expect(reason('length')).to.equal('MAX_TOKENS');
    expect(reason('content_filter')).to.equal('SAFETY');
    expect(reason('error')).to.equal('OTHER');
    expect(reason('other')).to.equal('OTHER');
  });

  it('round-trips: decode(encode(response)) keeps content, finish reason and usage', () => {
    const back = gemini.decodeResponse(gemini.encodeResponse(response, context()));
    expect(back.content).to.deep.equal(response.content);
    expect(back.finish_reason).to.equal('tool_calls');
    expect(back.usage).to.deep.equal(response.usage);
    expect(back.id).to.equal('chatcmpl-1');
  });
});
