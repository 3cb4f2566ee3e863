import type { StreamVerdict, StreamWindow } from '../../core/plugin/index.js';
import type { ToolPolicy } from './name-matcher.js';

/** How many of this request's streamed tool calls were already checked (per-request plugin state). */
export interface StreamGuardState {
  checkedCalls?: number;
}

/**
 * Streamed answers (the plugin's checkStream tap): the stream is checked as it is relayed, before
 * each upstream event is written, and stops with a failure event at the first call to a tool
 * that is not allowed (the client never receives that call). Calls cannot be stripped from a
 * stream already under way, so both response actions block on streams.
 */
export function guardStream(window: StreamWindow, allowed: ToolPolicy, state: StreamGuardState): StreamVerdict {
  const calls = window.result().content.filter((p) => p.type === 'tool_call');
  for (let checked = state.checkedCalls ?? 0; checked < calls.length; checked++) {
    const call = calls[checked];
    state.checkedCalls = checked + 1;
    if (call.type === 'tool_call' && !allowed(call.name)) return `the model called ${call.name}, not allowed by policy tool_governance`;
  }
  return undefined;
}
