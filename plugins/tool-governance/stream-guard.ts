import type { StreamAssembler } from '../../core/canonical/index.js';
import type { Exchange } from '../../core/pipeline/exchange.js';
import type { ToolPolicy } from './name-matcher.js';

/**
 * Streamed answers: the stream is checked as it is relayed, before each upstream event is
 * written, and stops with a failure event at the first call to a tool that is not allowed (the
 * client never receives that call). Calls cannot be stripped from a stream already under way,
 * so both response actions block on streams. Chains an earlier window check rather than
 * replacing it.
 */
export function guardStream(ctx: Exchange, allowed: ToolPolicy): void {
  const previous = ctx.streamWindowCheck;
  let checked = 0;
  ctx.streamWindowCheck = async (assembled) => {
    const reason = await previous?.(assembled);
    if (reason) return reason;
    const result = (assembled as Partial<StreamAssembler>).result?.();
    if (!result) return undefined;
    const calls = result.content.filter((p) => p.type === 'tool_call');
    for (; checked < calls.length; checked++) {
      const call = calls[checked];
      if (call.type === 'tool_call' && !allowed(call.name)) return `the model called ${call.name}, not allowed by policy tool_governance`;
    }
    return undefined;
  };
}
