/**
 * The agent-framework middleware's settings (spec 4.5, "Agent-framework middleware"): what the
 * caller passes, else the environment, else the defaults. Resolved and checked once, when the
 * middleware is made, so a misconfigured agent fails at start and not on its first turn.
 *
 * | spec setting | option | environment fallback | default |
 * |---|---|---|---|
 * | `check_input` | `checkInput` | | `true` |
 * | `check_output` | `checkOutput` | | `true` |
 * | `check_tool_results` | `checkToolResults` | | `false` (skipped when `checkInput` is on) |
 * | `check_tool_calls` | `checkToolCalls` | | `false` |
 * | `exit_behavior` | `exitBehavior` | | `end` |
 * | `unreachable_fallback` | `unreachableFallback` | | `fail_closed` |
 * | `timeout` | `timeout` (seconds) | | 5 |
 * | `session_id` | `sessionId` | | the conversation's thread id |
 * | `api_base` | `apiBase` | `PORTCULLIS_GUARDRAIL_URL` | required |
 * | `api_key` | `apiKey` | `PORTCULLIS_API_KEY` | |
 * | `collector_key` | `collectorKey` | `PORTCULLIS_COLLECTOR_KEY` | required (or `apiKey`) |
 * | `model_name` | `modelName` | `PORTCULLIS_MODEL_NAME` | the framework's model name |
 */
import { EvaluateClient, EvaluateClientConfigError, type UnreachableFallback } from '@portcullis/evaluate-client';

/** What a block does to the run (spec 4.5). */
export type ExitBehavior =
  /** Answer the blocked message; on input drop only the current input turn. */
  | 'end'
  /** Throw a GuardrailBlockedError. */
  | 'error'
  /** Rewrite every non-system message of the evaluated span (on input, earlier turns too) to the blocked message. */
  | 'replace';

/** A tool schema sent in the evaluation payload only (`payload_tools`), in the chat-completions `tools` shape. */
export interface PayloadTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/** The environment variables read besides the evaluate client's own. */
export const GUARD_ENVIRONMENT = Object.freeze({ modelName: 'PORTCULLIS_MODEL_NAME' });

/** Options of the agent guard; each unset one falls back as the table above says. */
export interface AgentGuardOptions {
  /** Evaluate the conversation (and `payloadTools`) before each model call (default on). */
  checkInput?: boolean;
  /** Evaluate the model's assembled message (default on). */
  checkOutput?: boolean;
  /** Evaluate new tool results before the model sees them; skipped when `checkInput` is on (default off). */
  checkToolResults?: boolean;
  /** Evaluate each pending tool call before it runs (default off). */
  checkToolCalls?: boolean;
  /** What a block does (default `end`). */
  exitBehavior?: ExitBehavior;
  /** When the service is unreachable: `fail_closed` (default) blocks, `fail_open` continues uninspected. */
  unreachableFallback?: UnreachableFallback;
  /** Seconds one evaluation may take, retries included (default 5). */
  timeout?: number;
  /** The Activity session id; default the conversation's thread id. */
  sessionId?: string;
  /** The caller's identity, sent as `consumer_id` when set. */
  consumerId?: string;
  /** The guardrail service's base URL. */
  apiBase?: string;
  /** The collector's `tgk_` key under the coding-agent configs' name; `collectorKey` wins. */
  apiKey?: string;
  /** The collector's `tgk_` key. */
  collectorKey?: string;
  /** The model name sent as `model.name` (default the framework's model name). */
  modelName?: string;
  /** Sent as `source.application` (each adapter has its default). */
  application?: string;
  /** Tool schemas added to the input evaluation payload only; the agent's tools are not changed. */
  payloadTools?: readonly PayloadTool[];
  /** The text of the message that stands in for blocked content. */
  blockedMessage?: string;
  /** Where fallbacks are read (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The fetch to call (default the global one), for a custom dispatcher or CA. */
  fetch?: typeof fetch;
  /** Retries after 429, 502, 504 or a connection error (the evaluate client's default when unset). */
  maxRetries?: number;
  /** First retry backoff in ms (the evaluate client's default when unset). */
  backoffMs?: number;
}

/** Resolved settings. */
export interface GuardSettings {
  checkInput: boolean;
  checkOutput: boolean;
  /** Already false when `checkInput` is on: the input evaluation covers the tool results. */
  checkToolResults: boolean;
  checkToolCalls: boolean;
  exitBehavior: ExitBehavior;
  sessionId?: string;
  consumerId?: string;
  modelName?: string;
  application?: string;
  payloadTools: readonly PayloadTool[];
  blockedMessage: string;
}

/** The default text of a blocked message. */
export const DEFAULT_BLOCKED_MESSAGE = 'This message was blocked by the guardrail policy.';
const EXIT_BEHAVIORS = new Set<string>(['end', 'error', 'replace']);

const nonEmpty = (value: string | undefined): string | undefined => (value && value.trim() ? value.trim() : undefined);

/** Resolves the options and makes the evaluate client; throws EvaluateClientConfigError naming a setting that cannot work. */
export function resolveGuardSettings(options: AgentGuardOptions = {}): { settings: GuardSettings; client: EvaluateClient } {
  const env = options.env ?? process.env;
  const exitBehavior = options.exitBehavior ?? 'end';
  if (!EXIT_BEHAVIORS.has(exitBehavior)) throw new EvaluateClientConfigError('exitBehavior must be end, error or replace');
  const timeout = options.timeout ?? 5;
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0) throw new EvaluateClientConfigError('timeout must be a number of seconds above 0');
  for (const tool of options.payloadTools ?? []) {
    if (tool?.type !== 'function' || typeof tool.function?.name !== 'string') throw new EvaluateClientConfigError('payloadTools entries must be {type: "function", function: {name, ...}}');
  }
  const client = new EvaluateClient({
    apiBase: options.apiBase,
    apiKey: options.apiKey,
    collectorKey: options.collectorKey,
    timeoutMs: Math.max(1, Math.round(timeout * 1000)),
    unreachable: options.unreachableFallback,
    env,
    fetch: options.fetch,
    maxRetries: options.maxRetries,
    backoffMs: options.backoffMs,
  });
  const checkInput = options.checkInput ?? true;
  return {
    client,
    settings: {
      checkInput,
      checkOutput: options.checkOutput ?? true,
      checkToolResults: !checkInput && (options.checkToolResults ?? false),
      checkToolCalls: options.checkToolCalls ?? false,
      exitBehavior,
      sessionId: nonEmpty(options.sessionId),
      consumerId: nonEmpty(options.consumerId),
      modelName: nonEmpty(options.modelName) ?? nonEmpty(env[GUARD_ENVIRONMENT.modelName]),
      application: nonEmpty(options.application),
      payloadTools: Object.freeze([...(options.payloadTools ?? [])]),
      blockedMessage: options.blockedMessage ?? DEFAULT_BLOCKED_MESSAGE,
    },
  };
}
