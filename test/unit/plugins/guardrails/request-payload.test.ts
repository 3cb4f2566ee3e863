import { expect } from 'chai';
import type { CanonicalRequest, CanonicalResponse } from '../../../../core/canonical/index.js';
import openaiChat from '../../../../plugins/formats/openai-chat/index.js';
import { requestPayload } from '../../../../plugins/guardrails/request-payload.js';
import { responsePayload } from '../../../../plugins/guardrails/response-payload.js';
import { applySlots, UnappliablePayload } from '../../../../plugins/guardrails/text-slots.js';

/** Replaces `from` by `to` in every string of a JSON value (what a masking service does). */
function mask<T>(value: T, from: string, to: string): T {
  return JSON.parse(JSON.stringify(value).split(from).join(to)) as T;
}

const request: CanonicalRequest = {
  model: 'auto',
  stream: false,
  sampling: { temperature: 0.2 },
  messages: [
    { role: 'system', content: [{ type: 'text', text: 'Be brief.', cache: { type: 'ephemeral' } }] },
    { role: 'user', content: [{ type: 'text', text: 'mail ana@x.io' }, { type: 'image', source: { kind: 'url', url: 'https://img' } }] },
    { role: 'assistant', content: [{ type: 'thinking', text: 'hmm', signature: 'sig' }, { type: 'text', text: 'Sending.' }, { type: 'tool_call', id: 'call_1', name: 'send', arguments: '{"to":"ana@x.io"}' }] },
    { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'call_1', name: 'send', content: [{ type: 'text', text: 'sent to ana@x.io' }] }] },
    { role: 'user', content: [{ type: 'tool_result', tool_call_id: 'call_2', content: [{ type: 'text', text: 'second result' }] }, { type: 'text', text: 'and now?' }] },
  ],
};

describe('plugins/guardrails request and response payloads', () => {
  it('builds a chat-completions body the openai-chat adapter reads', () => {
    const { body } = requestPayload(request);
    const decoded = openaiChat.decodeRequest(body);
    expect(decoded.messages.map((m) => m.role)).to.deep.equal(['system', 'user', 'assistant', 'tool', 'tool', 'user']);
  });

  it('writes masked strings back onto a copy of the canonical request, keeping everything else', () => {
    const payload = requestPayload(request);
    const transformed = mask(payload.body, 'ana@x.io', '[EMAIL_1]');
    const out = applySlots(request, transformed, payload.slots, payload.invariants);
    expect(JSON.stringify(out)).to.not.contain('ana@x.io');
    expect(out.messages[1].content[0]).to.deep.equal({ type: 'text', text: 'mail [EMAIL_1]' });
    expect(out.messages[1].content[1]).to.deep.equal(request.messages[1].content[1]);
    expect(out.messages[2].content[0]).to.deep.equal({ type: 'thinking', text: 'hmm', signature: 'sig' });
    expect(out.messages[2].content[2]).to.deep.equal({ type: 'tool_call', id: 'call_1', name: 'send', arguments: '{"to":"[EMAIL_1]"}' });
    expect(out.messages[3].content[0]).to.deep.include({ tool_call_id: 'call_1', name: 'send' });
    expect(out.messages[0].content[0]).to.deep.equal(request.messages[0].content[0]);
    expect(out.sampling).to.deep.equal({ temperature: 0.2 });
    expect(JSON.stringify(request)).to.contain('ana@x.io');
  });

  it('refuses a transformed payload with another message count, a changed role, tool name or call id', () => {
    const payload = requestPayload(request);
    const body = payload.body as { messages: Array<Record<string, any>> };
    const variants = [
      { ...body, messages: body.messages.slice(1) },
      mask(body, '"role":"system"', '"role":"user"'),
      mask(body, '"name":"send"', '"name":"other"'),
      mask(body, 'call_1', 'call_x'),
    ];
    for (const variant of variants) expect(() => applySlots(request, variant, payload.slots, payload.invariants)).to.throw(UnappliablePayload);
  });

  it('joins a response\'s text parts into one answer and writes a masked answer back into the first', () => {
    const response: CanonicalResponse = {
      id: 'r1', model: 'm', created: 1, finish_reason: 'tool_calls',
      content: [{ type: 'text', text: 'Reach ' }, { type: 'tool_call', id: 'c9', name: 'dial', arguments: '{"n":"ana@x.io"}' }, { type: 'text', text: 'ana@x.io' }],
    };
    const payload = responsePayload(response, 'm');
    expect(openaiChat.decodeResponse(payload.body).content.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).join('')).to.equal('Reach ana@x.io');
    const out = applySlots(response, mask(payload.body, 'ana@x.io', '[E]'), payload.slots, payload.invariants);
    expect(out.content).to.deep.equal([
      { type: 'text', text: 'Reach [E]' },
      { type: 'tool_call', id: 'c9', name: 'dial', arguments: '{"n":"[E]"}' },
      { type: 'text', text: '' },
    ]);
  });
});
