import { expect } from 'chai';
import { StreamAssembler, responseToEvents, type CanonicalResponse } from '../../../core/canonical/index.js';

describe('core/canonical/stream-assembly', () => {
  const response: CanonicalResponse = {
    id: 'r1',
    model: 'm',
    created: 1700000000,
    content: [
      { type: 'thinking', text: 'let me think', signature: 'sig-1' },
      { type: 'text', text: 'Hello there', signature: 'text-sig' },
      { type: 'tool_call', id: 'call_1', name: 'lookup', arguments: '{"q":"x"}', signature: 'call-sig' },
    ],
    finish_reason: 'tool_calls',
    usage: { input_tokens: 12, output_tokens: 7, total_tokens: 19, cached_input_tokens: 4 },
    native_finish_reason: { format: 'anthropic-messages', value: 'tool_use' },
  };

  it('replays a response as events that assemble back into the same response', () => {
    const assembler = new StreamAssembler();
    for (const event of responseToEvents(response)) assembler.push(event);
    expect(assembler.finished).to.equal(true);
    expect(assembler.result()).to.deep.equal({ ...response, stop_sequence: undefined });
  });

  it('accumulates text and tool-call argument fragments by part index', () => {
    const assembler = new StreamAssembler();
    assembler.push({ type: 'start', id: 'x', model: 'm' });
    assembler.push({ type: 'text_delta', index: 0, text: 'Hel' });
    assembler.push({ type: 'tool_call_start', index: 1, id: 'c', name: 'f' });
    assembler.push({ type: 'text_delta', index: 0, text: 'lo' });
    assembler.push({ type: 'tool_call_delta', index: 1, arguments: '{"a":' });
    assembler.push({ type: 'tool_call_delta', index: 1, arguments: '1}' });
    expect(assembler.text()).to.equal('Hello');
    expect(assembler.finished).to.equal(false);
    expect(assembler.result().content[1]).to.deep.equal({ type: 'tool_call', id: 'c', name: 'f', arguments: '{"a":1}' });
  });
});
