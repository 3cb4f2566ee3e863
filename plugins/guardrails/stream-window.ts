/**
 * Windowed output checks of a streamed answer (the plugin's checkStream tap, run by the relay at
 * each event under the `window` stream policy): each time the assembled answer has grown by
 * `stream_window_chars`, what was added is evaluated with at most `stream_window_context_chars`
 * before it, and when the answer ends, the whole answer is; a block (or an ask, unless allowed)
 * stops the stream with the failure event before the event that tripped it is relayed. Text
 * already relayed cannot be masked, so a transform is recorded only.
 */
import type { CanonicalResponse, Exchange, PluginKit, StreamVerdict, StreamWindow } from '../../core/plugin/index.js';
import { responsePayload } from './response-payload.js';
import { contentFrom, inspectedSize } from './recent-content.js';
import type { GuardrailsSettings } from './settings.js';
import { evaluateStage } from './stage-evaluation.js';
import { appliedAction, reasonOf, recordVerdict } from './verdict-findings.js';

/** How far this request's stream has been evaluated (kept in the policy's per-request state). */
export interface WindowProgress {
  /** Size of the answer at the last evaluation. */
  checked: number;
  /** Whether the last evaluation read the whole answer so far: the end is then evaluated only when something was added since. */
  checkedWhole: boolean;
}

/** One window of a streamed answer: evaluates it when due; a reason stops the stream. */
export async function checkStreamWindow(
  kit: PluginKit<GuardrailsSettings>,
  ctx: Exchange,
  window: StreamWindow,
  progress: WindowProgress,
): Promise<StreamVerdict> {
  const settings = kit.config(ctx);
  const response: CanonicalResponse = window.result();
  const size = inspectedSize(response);
  const ended = window.finished;
  const { checked, checkedWhole } = progress;
  const due = size - checked >= settings.stream_window_chars || (ended && (size > checked || !checkedWhole));
  if (!due) return undefined;
  // Evaluating all of a long answer at every window would cost time growing with the square of its length.
  const from = ended ? 0 : checked - settings.stream_window_context_chars;
  const inspected = contentFrom(response, from);
  progress.checked = size;
  progress.checkedWhole = from <= 0;
  const model = response.model || ctx.attempts[ctx.attempts.length - 1]?.model;
  const result = await evaluateStage(kit, ctx, 'output', inspected, responsePayload(inspected, model ?? ''), model).catch((err: Error) => ({
    failure: err.message,
    verdict: undefined,
    closed: true,
  }));
  if (!result.verdict) return 'closed' in result ? 'response stopped: the guardrail service is unavailable' : undefined;
  recordVerdict(ctx, result.verdict, settings, kit.policy.id, 'output');
  return appliedAction(result.verdict, settings) === 'block' ? `response stopped by guardrail policy: ${reasonOf(result.verdict)}` : undefined;
}
