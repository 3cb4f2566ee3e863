/**
 * Windowed output checks of a streamed answer: each time the assembled answer has grown by
 * `stream_window_chars`, what was added is evaluated with at most `stream_window_context_chars`
 * before it, and when the answer ends, the whole answer is; a block (or an ask, unless allowed)
 * stops the stream with the failure event before the event that tripped it is relayed. Text
 * already relayed cannot be masked, so a transform is recorded only.
 */
import type { CanonicalResponse, StreamAssembler } from '../../core/canonical/index.js';
import type { Exchange } from '../../core/pipeline/exchange.js';
import type { PluginKit } from '../../core/plugin/types.js';
import { responsePayload } from './response-payload.js';
import { contentFrom, inspectedSize } from './recent-content.js';
import type { GuardrailsSettings } from './settings.js';
import { evaluateStage } from './stage-evaluation.js';
import { appliedAction, reasonOf, recordVerdict } from './verdict-findings.js';

type Assembled = { text(): string } & Partial<Pick<StreamAssembler, 'result' | 'finished'>>;

function soFar(assembled: Assembled): CanonicalResponse {
  if (assembled.result) return assembled.result();
  return { id: '', model: '', created: Math.floor(Date.now() / 1000), content: [{ type: 'text', text: assembled.text() }], finish_reason: 'stop' };
}

/** Installs the window check on a streamed exchange (composing with any check already there). */
export function installStreamWindow(kit: PluginKit<GuardrailsSettings>, ctx: Exchange): void {
  const settings = kit.config(ctx);
  const previous = ctx.streamWindowCheck;
  let checked = 0;
  // Whether the last evaluation read the whole answer so far: the end is then evaluated only when
  // something was added since.
  let checkedWhole = true;
  ctx.streamWindowCheck = async (assembled) => {
    const earlier = previous ? await previous(assembled) : undefined;
    if (earlier) return earlier;
    const a = assembled as Assembled;
    const response = soFar(a);
    const size = inspectedSize(response);
    const ended = a.finished === true;
    const due = size - checked >= settings.stream_window_chars || (ended && (size > checked || !checkedWhole));
    if (!due) return undefined;
    // Evaluating all of a long answer at every window would cost time growing with the square of its length.
    const from = ended ? 0 : checked - settings.stream_window_context_chars;
    const inspected = contentFrom(response, from);
    checked = size;
    checkedWhole = from <= 0;
    const model = response.model || ctx.attempts[ctx.attempts.length - 1]?.model;
    const result = await evaluateStage(kit, ctx, 'output', inspected, responsePayload(inspected, model ?? ''), model).catch((err: Error) => ({
      failure: err.message,
      verdict: undefined,
      closed: true,
    }));
    if (!result.verdict) return 'closed' in result ? 'response stopped: the guardrail service is unavailable' : undefined;
    recordVerdict(ctx, result.verdict, settings, kit.policy.id, 'output');
    return appliedAction(result.verdict, settings) === 'block' ? `response stopped by guardrail policy: ${reasonOf(result.verdict)}` : undefined;
  };
}
