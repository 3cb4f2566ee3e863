/**
 * Evaluate payloads built from guard messages (the chat-completions shape the guardrail service
 * reads) and the transformed payload applied back only when its shape is the one sent.
 */
import { expect } from 'chai';
import { applyInputTransform, applyOutputTransform, type GuardMessage, inputPayload, outputPayload, UnappliablePayload } from '../src/index.js';

const conversation: GuardMessage[] = [
  { role: 'system', texts: ['be brief'] },
  { role: 'user', texts: ['mail ana@example.com', 'thanks'] },
  { role: 'assistant', texts: [], toolCalls: [{ id: 'c1', name: 'send_mail', args: { to: 'ana@example.com' } }] },
  { role: 'tool', texts: ['sent'], toolCallId: 'c1' },
];

describe('agent guard: payloads', () => {
  it('builds the input payload: one text as a string, several (or none) as text parts, tool calls with JSON arguments, payload tools', () => {
    const tools = [{ type: 'function' as const, function: { name: 'x' } }];
    expect(inputPayload(conversation, 'gpt-x', tools)).to.deep.equal({
      model: 'gpt-x',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: [{ type: 'text', text: 'mail ana@example.com' }, { type: 'text', text: 'thanks' }] },
        { role: 'assistant', content: [], tool_calls: [{ id: 'c1', type: 'function', function: { name: 'send_mail', arguments: '{"to":"ana@example.com"}' } }] },
        { role: 'tool', content: 'sent', tool_call_id: 'c1' },
      ],
      tools,
    });
  });

  it('builds the output payload as a chat completion', () => {
    expect(outputPayload({ role: 'assistant', texts: ['hi'] }, undefined)).to.deep.equal({ choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'hi' } }] });
  });

  it('applies a transform of the same shape: texts and tool-call arguments', () => {
    const payload = inputPayload(conversation, undefined) as { messages: any[] };
    payload.messages[1].content[0].text = 'mail [EMAIL_1]';
    payload.messages[2].tool_calls[0].function.arguments = '{"to":"[EMAIL_1]"}';
    const back = applyInputTransform(conversation, payload);
    expect(back[1].texts).to.deep.equal(['mail [EMAIL_1]', 'thanks']);
    expect(back[2].toolCalls![0]).to.deep.equal({ id: 'c1', name: 'send_mail', args: { to: '[EMAIL_1]' } });
    expect(conversation[1].texts[0]).to.equal('mail ana@example.com');
  });

  const refused: [string, (p: any) => void][] = [
    ['a different message count', (p) => p.messages.push({ role: 'user', content: 'more' })],
    ['a changed role', (p) => (p.messages[1].role = 'assistant')],
    ['a rewritten tool name', (p) => (p.messages[2].tool_calls[0].function.name = 'other')],
    ['a rewritten tool call id', (p) => (p.messages[2].tool_calls[0].id = 'c2')],
    ['a rewritten tool_call_id of a result', (p) => (p.messages[3].tool_call_id = 'c2')],
    ['an injected non-text block', (p) => p.messages[1].content.push({ type: 'image_url', image_url: { url: 'https://x' } })],
    ['a non-text block in place of a text part', (p) => (p.messages[1].content[1] = { type: 'image_url', image_url: { url: 'https://x' } })],
    ['a string content turned into parts', (p) => (p.messages[0].content = [{ type: 'text', text: 'be brief' }])],
    ['tool-call arguments that are no longer a JSON object', (p) => (p.messages[2].tool_calls[0].function.arguments = '[REDACTED')],
    ['an added tool call', (p) => (p.messages[3].tool_calls = [])],
  ];
  for (const [name, change] of refused) {
    it(`refuses ${name}`, () => {
      const payload = inputPayload(conversation, undefined);
      change(payload);
      expect(() => applyInputTransform(conversation, payload)).to.throw(UnappliablePayload);
    });
  }

  it('refuses an output transform whose message changed shape', () => {
    const message: GuardMessage = { role: 'assistant', texts: ['hi'] };
    expect(() => applyOutputTransform(message, { choices: [] })).to.throw(UnappliablePayload);
    expect(() => applyOutputTransform(message, { choices: [{ message: { role: 'user', content: 'hi' } }] })).to.throw(UnappliablePayload);
    expect(applyOutputTransform(message, { choices: [{ message: { role: 'assistant', content: 'masked' } }] }).texts).to.deep.equal(['masked']);
  });
});
