/**
 * What Claude Code is told after an evaluation (spec 4.5 "Coding-agent plugins").
 *
 * | outcome | PreToolUse | UserPromptSubmit | PostToolUse |
 * |---|---|---|---|
 * | `allow`, `report` | no output: the agent's own permission rules decide | no output | no output |
 * | `block`, or fail closed | `permissionDecision: "deny"` | `decision: "block"` | `decision: "block"` (the tool has run: the model is told) |
 * | `ask` with a user | `permissionDecision: "ask"` (the approval prompt) | submitted with a `systemMessage` warning (no dialog exists there) | flagged: a `systemMessage` warning and context for the model |
 * | `ask` with no user | as `block` | as `block` | as `block` |
 * | `transform` | as `ask`, or as `block` with `transform_action` `deny`: this hook cannot redact | same | same |
 * | fail open | a `systemMessage` warning only | same | same |
 * | audit-only event | no output, whatever the verdict | same | same |
 *
 * A reason names the policy's detectors and gates and the trace id, never the text that fired.
 */
import type { EvaluateAnswer, EvaluateResult } from '../../../evaluate-client/src/index.js';
import type { EventMode, HookSettings } from '../config/hook-settings.js';
import type { ClaudeHookOutput, ClaudeHookInput } from './hook-protocol.js';

/** How the outcome of an evaluation acts on the agent, before it is put in the event's words. */
type Effect = { kind: 'pass'; warning?: string } | { kind: 'ask'; reason: string } | { kind: 'deny'; reason: string };

/** The run's context a decision depends on. */
export interface DecisionContext {
  event: ClaudeHookInput['hook_event_name'];
  mode: Exclude<EventMode, 'off'>;
  transformAction: HookSettings['transform_action'];
  /** Whether someone can answer an approval prompt (see presence.ts). */
  userPresent: boolean;
}

const PREFIX = 'Portcullis guardrails';

/** The detectors and gates behind `status`, named (never their evidence). */
function firedBy(answer: EvaluateAnswer): string {
  const wanted = answer.findings.filter((f) => f.outcome.action === answer.status);
  const names = (wanted.length ? wanted : answer.findings).map((f) => `${f.source.detector_name} (${f.source.kind === 'gate' ? 'gate' : f.signal.type})`);
  return [...new Set(names)].join(', ') || 'the policy';
}

/** The effect of an evaluation result. */
function effectOf(result: EvaluateResult, context: DecisionContext): Effect {
  if (result.outcome === 'fail_open') return { kind: 'pass', warning: `${PREFIX} unreachable (${result.failure.message}): continuing uninspected (fail_mode open)` };
  if (result.outcome === 'fail_closed') {
    const what = result.failure.kind === 'unreachable' ? 'unreachable' : 'could not evaluate this';
    return { kind: 'deny', reason: `${PREFIX} ${what} (${result.failure.message}): stopped (fail_mode closed)` };
  }
  const { answer } = result;
  const trace = `trace ${answer.trace_id}`;
  switch (answer.status) {
    case 'allow':
    case 'report':
      return { kind: 'pass' };
    case 'block':
      return { kind: 'deny', reason: `${PREFIX}: blocked by ${firedBy(answer)} (${trace})` };
    case 'ask':
      return { kind: 'ask', reason: `${PREFIX}: approval required by ${firedBy(answer)} (${trace})` };
    case 'transform': {
      const reason = `${PREFIX}: ${firedBy(answer)} would redact this (transform), which this hook cannot do (${trace})`;
      return context.transformAction === 'deny' ? { kind: 'deny', reason } : { kind: 'ask', reason };
    }
  }
}

/**
 * The hook output for `result`; an empty object means "print nothing". A configuration
 * problem reaches here as a fail-open or fail-closed result.
 */
export function decide(result: EvaluateResult, context: DecisionContext): ClaudeHookOutput {
  if (context.mode === 'audit') return {};
  let effect = effectOf(result, context);
  if (effect.kind === 'ask' && !context.userPresent) effect = { kind: 'deny', reason: `${effect.reason}; denied: no user is present to approve` };
  if (effect.kind === 'pass') return effect.warning ? { systemMessage: effect.warning } : {};
  switch (context.event) {
    case 'PreToolUse':
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: effect.kind, permissionDecisionReason: effect.reason } };
    case 'UserPromptSubmit':
      // No dialog exists at prompt submit: an ask goes through with a warning.
      return effect.kind === 'deny' ? { decision: 'block', reason: effect.reason } : { systemMessage: `${effect.reason}; submitted with this warning` };
    case 'PostToolUse':
      // The tool has already run: its result can only be flagged, or blocked from the model.
      return effect.kind === 'deny'
        ? { decision: 'block', reason: effect.reason }
        : { systemMessage: `${effect.reason}; the tool result is flagged`, hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: `${effect.reason}. Treat this tool result with care.` } };
  }
}
