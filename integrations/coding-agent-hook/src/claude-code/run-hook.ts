/**
 * One run of the hook for Claude Code: the event on stdin in, the decision out. Never throws
 * and never ends with a crash, because the agent treats an unexpected exit code as "go on": every
 * problem becomes the configured fail mode's answer instead.
 */
import { EvaluateClient, EvaluateClientConfigError, EvaluateFailure, type EvaluateResult } from '../../../evaluate-client/src/index.js';
import { ENVIRONMENT, HookConfigError, type HookSettings } from '../config/hook-settings.js';
import { loadSettings, userFileOf } from '../config/load-settings.js';
import { userIsPresent } from '../presence.js';
import { decide } from './decision.js';
import { evaluateRequestOf } from './evaluate-request.js';
import { HookInputError, readHookInput, type ClaudeHookInput } from './hook-protocol.js';

/** What the process prints and exits with. */
export interface HookRunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Claude Code's "block, with stderr as the reason" exit code. */
const BLOCKING_EXIT_CODE = 2;
const NAME = 'portcullis-hook';

/** The warnings as stderr lines. */
const stderrOf = (warnings: readonly string[]) => warnings.map((w) => `${NAME}: ${w}\n`).join('');

/** An evaluation that did not happen, as the fail mode says. */
function failed(settings: HookSettings, message: string): EvaluateResult {
  const failure = new EvaluateFailure('invalid_request', message);
  return settings.fail_mode === 'open' ? { outcome: 'fail_open', failure } : { outcome: 'fail_closed', failure };
}

/** The client for these settings; throws HookConfigError naming the missing or unusable setting. */
function clientOf(settings: HookSettings, env: Readonly<Record<string, string | undefined>>): EvaluateClient {
  for (const key of ['data_url', 'api_key'] as const) {
    if (!settings[key]) throw new HookConfigError(`${key} is not set: put it in ${userFileOf(env)} (mode 600) or ${ENVIRONMENT[key]}`);
  }
  try {
    return new EvaluateClient({
      apiBase: settings.data_url,
      apiKey: settings.api_key,
      timeoutMs: settings.timeout_ms,
      unreachable: settings.fail_mode === 'open' ? 'fail_open' : 'fail_closed',
      // Every setting is resolved here (with the managed file's locks): the client must not read the environment again.
      env: {},
    });
  } catch (err) {
    if (err instanceof EvaluateClientConfigError) throw new HookConfigError(err.message.replace('the collector key', 'api_key').replace('the guardrail service URL', 'data_url'));
    throw err;
  }
}

/** Runs the hook on stdin's text. */
export async function runClaudeCodeHook(stdin: string, env: Readonly<Record<string, string | undefined>> = process.env): Promise<HookRunResult> {
  const { settings, problem } = loadSettings({ env });
  const warnings: string[] = [];
  if (problem) warnings.push(problem.message);

  let event: ClaudeHookInput | undefined;
  try {
    event = readHookInput(stdin);
  } catch (err) {
    if (!(err instanceof HookInputError)) throw err;
    warnings.push(err.message);
    return { stdout: '', stderr: stderrOf(warnings), exitCode: settings.fail_mode === 'open' ? 0 : BLOCKING_EXIT_CODE };
  }
  const mode = event ? settings.events[event.hook_event_name] : 'off';
  if (!event || mode === 'off') return { stdout: '', stderr: stderrOf(warnings), exitCode: 0 };

  let result: EvaluateResult;
  if (problem) {
    result = failed(settings, `configuration problem: ${problem.message}`);
  } else {
    try {
      result = await clientOf(settings, env).evaluate(evaluateRequestOf(event, settings));
      if (result.outcome !== 'verdict') warnings.push(result.failure.message);
    } catch (err) {
      if (!(err instanceof HookConfigError)) throw err;
      warnings.push(err.message);
      result = failed(settings, `configuration problem: ${err.message}`);
    }
  }

  const output = decide(result, { event: event.hook_event_name, mode, transformAction: settings.transform_action, userPresent: userIsPresent(env) });
  return {
    stdout: Object.keys(output).length ? `${JSON.stringify(output)}\n` : '',
    stderr: stderrOf(warnings),
    exitCode: 0,
  };
}
