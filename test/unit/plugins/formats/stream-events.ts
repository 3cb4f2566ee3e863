import type { StreamEvent } from '../../../../core/canonical/index.js';

/** Test helper: the text of every delta of one kind in a canonical stream, joined. */
export function deltaText(events: StreamEvent[], type: 'text_delta' | 'thinking_delta'): string {
  return events.flatMap((e) => (e.type === type ? [e.text] : [])).join('');
}

/** Test helper: the arguments streamed for the tool call at canonical part `index`, joined. */
export function callArguments(events: StreamEvent[], index: number): string {
  return events.flatMap((e) => (e.type === 'tool_call_delta' && e.index === index ? [e.arguments] : [])).join('');
}
