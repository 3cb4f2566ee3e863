/**
 * Claude Code's command-hook protocol, as far as this command uses it.
 *
 * Input: one JSON object on stdin. Every event carries `session_id`, `transcript_path`, `cwd`,
 * `permission_mode` and `hook_event_name`; `UserPromptSubmit` adds `prompt`; `PreToolUse` adds
 * `tool_name`, `tool_input` and `tool_use_id`; `PostToolUse` adds `tool_response` to those.
 * MCP tools are named `mcp__<server>__<tool>`.
 *
 * Output: with exit code 0, a JSON object on stdout (nothing printed: no opinion).
 * - `PreToolUse`: `hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision:
 *   "allow" | "deny" | "ask", permissionDecisionReason}`; `ask` shows the agent's approval prompt
 *   with the reason, `deny` stops the call and tells the model the reason.
 * - `UserPromptSubmit`: `decision: "block"` with `reason` stops the prompt (it is erased and the
 *   reason shown to the user).
 * - `PostToolUse`: `decision: "block"` with `reason` hands the reason to the model (the tool has
 *   already run); `hookSpecificOutput.additionalContext` adds context for it.
 * - Any event: `systemMessage`, a warning shown to the user.
 * Exit code 2 blocks the action with stderr as the reason; any other non-zero code is a
 * non-blocking error and the action goes on, which is why this command never crashes out.
 */
import { HOOK_EVENTS, type HookEventName } from '../config/hook-settings.js';

/** A hook event as Claude Code sends it (unknown fields kept: the whole payload is sent on). */
export interface ClaudeHookInput {
  hook_event_name: HookEventName;
  session_id?: string;
  transcript_path?: string;
  cwd?: string;
  permission_mode?: string;
  prompt?: string;
  tool_name?: string;
  tool_input?: unknown;
  tool_response?: unknown;
  tool_use_id?: string;
  [field: string]: unknown;
}

/** The JSON this command prints. */
export interface ClaudeHookOutput {
  decision?: 'block';
  reason?: string;
  systemMessage?: string;
  hookSpecificOutput?: {
    hookEventName: HookEventName;
    permissionDecision?: 'allow' | 'deny' | 'ask';
    permissionDecisionReason?: string;
    additionalContext?: string;
  };
}

/** Stdin that is not a hook event this command handles. */
export class HookInputError extends Error {
  override readonly name = 'HookInputError';
}

/**
 * Reads stdin's text: the event, or undefined for an event this command does not handle (it
 * then has no opinion); throws HookInputError for text that is not a hook event at all.
 */
export function readHookInput(text: string): ClaudeHookInput | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HookInputError('stdin is not a JSON hook event');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HookInputError('stdin is not a JSON object');
  const event = body as Record<string, unknown>;
  if (typeof event.hook_event_name !== 'string') throw new HookInputError('the hook event has no hook_event_name');
  if (!HOOK_EVENTS.includes(event.hook_event_name as HookEventName)) return undefined;
  if (event.hook_event_name === 'UserPromptSubmit' && typeof event.prompt !== 'string') throw new HookInputError('a UserPromptSubmit event needs a prompt');
  if (event.hook_event_name !== 'UserPromptSubmit' && (typeof event.tool_name !== 'string' || !event.tool_name)) {
    throw new HookInputError(`a ${event.hook_event_name} event needs a tool_name`);
  }
  return event as ClaudeHookInput;
}
