import { expect } from 'chai';
import { payloadShape } from '../../../../core/guardrail/payload/payload-shape.js';

describe('core/guardrail/payload/payload-shape', () => {
  const cases: Array<[string, Record<string, unknown>, unknown]> = [
    ['{input} only', { input: 'hi' }, { kind: 'text' }],
    ['responses request with a string input', { model: 'm', input: 'hi' }, { kind: 'request', format: 'openai-responses' }],
    ['responses request with items', { input: [{ role: 'user', content: 'hi' }] }, { kind: 'request', format: 'openai-responses' }],
    ['chat-completions request', { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, { kind: 'request', format: 'openai-chat' }],
    ['chat-completions with a system message', { messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'hi' }] }, { kind: 'request', format: 'openai-chat' }],
    ['messages request with top-level system', { system: 's', messages: [{ role: 'user', content: 'hi' }] }, { kind: 'request', format: 'anthropic-messages' }],
    ['messages request with tool_result blocks', { messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'x' }] }] }, { kind: 'request', format: 'anthropic-messages' }],
    ['generateContent request', { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, { kind: 'request', format: 'gemini' }],
    ['chat completion response', { choices: [{ message: { role: 'assistant', content: 'x' } }] }, { kind: 'response', format: 'openai-chat' }],
    ['messages response', { type: 'message', role: 'assistant', content: [] }, { kind: 'response', format: 'anthropic-messages' }],
    ['generateContent response', { candidates: [] }, { kind: 'response', format: 'gemini' }],
    ['responses response', { object: 'response', output: [] }, { kind: 'response', format: 'openai-responses' }],
    ['nothing known', { text: 'hi' }, undefined],
    ['{input} that is not a string', { input: 42 }, { kind: 'request', format: 'openai-responses' }],
  ];
  for (const [name, payload, shape] of cases) {
    it(`recognises ${name}`, () => expect(payloadShape(payload)).to.deep.equal(shape));
  }
});
