/**
 * The `POST /v1/evaluate` body of one Claude Code hook event (spec 4.5 "Coding-agent plugins").
 *
 * | event | direction | payload |
 * |---|---|---|
 * | `UserPromptSubmit` | `input` | `{input: prompt}` |
 * | `PreToolUse` | `input` | `{input: <the text of tool_input>}` |
 * | `PostToolUse` | `output` | `{input: <the text of tool_response>}` |
 *
 * Attributes: `source.application` and `collector.type` `claude_code`, the whole hook payload
 * under `claude_code`, `tool.name` (the `<tool>` of `mcp__<server>__<tool>`) and, for a shell
 * command, `tool.command`. `protocol` is `mcp` for an MCP tool, else `llm`. `consumer_id` is
 * sent only when configured; `session_id` is the agent's session.
 */
import type { EvaluateRequest } from '../../../evaluate-client/src/index.js';
import type { HookSettings } from '../config/hook-settings.js';
import { textOf } from '../text-of.js';
import type { ClaudeHookInput } from './hook-protocol.js';

/** The plugin's name: `source.application`, `collector.type` and the key of the whole payload. */
export const PLUGIN_NAME = 'claude_code';

/** `tool.name` of a hook tool name: `mcp__<server>__<tool>` is `<tool>`; any other name as it is. */
export function toolNameOf(hookToolName: string): string {
  const match = /^mcp__.+?__(.+)$/s.exec(hookToolName);
  return match ? match[1] : hookToolName;
}

/** The evaluate body of `event`. */
export function evaluateRequestOf(event: ClaudeHookInput, settings: Pick<HookSettings, 'consumer_id'>): EvaluateRequest {
  const attributes: Record<string, unknown> = {
    'source.application': PLUGIN_NAME,
    'collector.type': PLUGIN_NAME,
    [PLUGIN_NAME]: event,
  };
  let text: string;
  if (event.hook_event_name === 'UserPromptSubmit') {
    text = event.prompt ?? '';
  } else {
    attributes['tool.name'] = toolNameOf(event.tool_name!);
    const command = (event.tool_input as { command?: unknown } | undefined)?.command;
    if (typeof command === 'string') attributes['tool.command'] = command;
    text = textOf(event.hook_event_name === 'PostToolUse' ? event.tool_response : event.tool_input);
  }
  const request: EvaluateRequest = {
    protocol: event.tool_name?.startsWith('mcp__') ? 'mcp' : 'llm',
    direction: event.hook_event_name === 'PostToolUse' ? 'output' : 'input',
    payload: { input: text },
    attributes,
  };
  if (settings.consumer_id) request.consumer_id = settings.consumer_id;
  if (typeof event.session_id === 'string' && event.session_id) request.session_id = event.session_id.slice(0, 200);
  return request;
}
