/**
 * `portcullis-hook install` / `uninstall` for Claude Code: the command's entries in the user's
 * `~/.claude/settings.json` (`$HOME` from the environment), under `hooks` for
 * `UserPromptSubmit`, `PreToolUse` and `PostToolUse`:
 *
 * ```json
 * {"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "portcullis-hook claude-code", "timeout": 60}]}], ...}}
 * ```
 *
 * Install merges: every other setting and every other hook stays as it was, and running it again
 * changes nothing. Uninstall removes only this command's entries (any hook command that runs
 * `portcullis-hook`) and the groups and events they leave empty. A settings file that is not a
 * JSON object is never overwritten. The file is replaced atomically, keeping its mode.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { HOOK_EVENTS } from '../config/hook-settings.js';

/** The hook command written by default: the installed bin with the agent's name. */
export const DEFAULT_HOOK_COMMAND = 'portcullis-hook claude-code';
/** Seconds the agent waits for the hook (the hook's own `timeout_ms` stays below it). */
export const HOOK_TIMEOUT_SECONDS = 60;
/** A hook command that is this command's. */
const OURS = /(^|[\s/\\"'])portcullis-hook(\.[cm]?js)?(["']?)(\s|$)/;

/** A settings-file problem (not JSON, not an object, `hooks` of the wrong type). */
export class AgentSettingsError extends Error {
  override readonly name = 'AgentSettingsError';
}

type Json = Record<string, unknown>;
interface HookCommand {
  type?: unknown;
  command?: unknown;
  [field: string]: unknown;
}
interface MatcherGroup {
  matcher?: string;
  hooks?: HookCommand[];
  [field: string]: unknown;
}

/** `~/.claude/settings.json` for `env`'s HOME. */
export function claudeSettingsFile(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return join(env.HOME || homedir(), '.claude', 'settings.json');
}

const isOurs = (hook: HookCommand) => typeof hook?.command === 'string' && OURS.test(hook.command);

function readSettings(file: string): { settings: Json; mode?: number } {
  let text: string;
  let mode: number | undefined;
  try {
    mode = statSync(file).mode & 0o777;
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { settings: {} };
    throw err;
  }
  if (!text.trim()) return { settings: {}, mode };
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch (err) {
    throw new AgentSettingsError(`${file} is not valid JSON (${(err as Error).message.slice(0, 120)}); fix it first, nothing was changed`);
  }
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) throw new AgentSettingsError(`${file} does not hold a JSON object; nothing was changed`);
  const hooks = (settings as Json).hooks;
  if (hooks !== undefined && (!hooks || typeof hooks !== 'object' || Array.isArray(hooks))) throw new AgentSettingsError(`${file}: "hooks" is not an object; nothing was changed`);
  return { settings: settings as Json, mode };
}

function writeSettings(file: string, settings: Json, mode: number | undefined): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(settings, null, 2)}\n`, { mode: mode ?? 0o600 });
  if (mode !== undefined) chmodSync(temp, mode);
  renameSync(temp, file);
}

/** The groups of one event without this command's hooks (groups left empty are dropped). */
function withoutOurs(groups: unknown, file: string, event: string): MatcherGroup[] {
  if (groups === undefined) return [];
  if (!Array.isArray(groups)) throw new AgentSettingsError(`${file}: hooks.${event} is not a list; nothing was changed`);
  const kept: MatcherGroup[] = [];
  for (const group of groups as MatcherGroup[]) {
    if (!group || typeof group !== 'object' || !Array.isArray(group.hooks)) {
      kept.push(group);
      continue;
    }
    const hooks = group.hooks.filter((hook) => !isOurs(hook));
    if (hooks.length === group.hooks.length) kept.push(group);
    else if (hooks.length) kept.push({ ...group, hooks });
  }
  return kept;
}

/** Writes this command's hook entries; returns the file written. */
export function installClaudeCodeHooks(options: { env?: Readonly<Record<string, string | undefined>>; command?: string } = {}): string {
  const command = options.command?.trim() || DEFAULT_HOOK_COMMAND;
  if (!OURS.test(command)) throw new AgentSettingsError('the hook command must run portcullis-hook (so uninstall can find it)');
  const file = claudeSettingsFile(options.env);
  const { settings, mode } = readSettings(file);
  const hooks = { ...((settings.hooks as Json | undefined) ?? {}) };
  for (const event of HOOK_EVENTS) {
    const entry: MatcherGroup = { hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }] };
    // Tool events match every tool; UserPromptSubmit takes no matcher.
    hooks[event] = [...withoutOurs(hooks[event], file, event), event === 'UserPromptSubmit' ? entry : { matcher: '*', ...entry }];
  }
  writeSettings(file, { ...settings, hooks }, mode);
  return file;
}

/** Removes this command's hook entries; returns the file, or undefined when there was none to change. */
export function uninstallClaudeCodeHooks(options: { env?: Readonly<Record<string, string | undefined>> } = {}): string | undefined {
  const file = claudeSettingsFile(options.env);
  const { settings, mode } = readSettings(file);
  if (!settings.hooks) return undefined;
  const hooks = { ...(settings.hooks as Json) };
  let changed = false;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    const kept = withoutOurs(groups, file, event);
    if (JSON.stringify(kept) === JSON.stringify(groups)) continue;
    changed = true;
    if (kept.length) hooks[event] = kept;
    else delete hooks[event];
  }
  if (!changed) return undefined;
  const next = { ...settings, hooks };
  if (!Object.keys(hooks).length) delete (next as Json).hooks;
  writeSettings(file, next, mode);
  return file;
}
