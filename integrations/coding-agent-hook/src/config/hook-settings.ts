/**
 * The hook's settings (spec 4.5 "Coding-agent plugins"): the config keys, their environment
 * variables, and how one source's raw values are checked. Where each value comes from (managed
 * file, environment, user file) is decided in load-settings.ts.
 */

/** The hook events the command handles. */
export const HOOK_EVENTS = ['UserPromptSubmit', 'PreToolUse', 'PostToolUse'] as const;
export type HookEventName = (typeof HOOK_EVENTS)[number];

/** What the command does at an event: evaluate and apply the verdict, evaluate only, or nothing. */
export type EventMode = 'enforce' | 'audit' | 'off';
const EVENT_MODES: readonly EventMode[] = ['enforce', 'audit', 'off'];

/** The settings, resolved. */
export interface HookSettings {
  /** The guardrail service's base URL (`/v1/evaluate` is added). */
  data_url?: string;
  /** The collector's `tgk_` key. */
  api_key?: string;
  /** When the service is unreachable or the hook cannot run: let the action through, or stop it. */
  fail_mode: 'open' | 'closed';
  /** Sent as the evaluation's `consumer_id`, only when set. */
  consumer_id?: string;
  /** Time for one evaluation, retries included. */
  timeout_ms: number;
  /** What a `transform` verdict becomes: this hook cannot redact, so `ask` (default) or `deny`. */
  transform_action: 'ask' | 'deny';
  /** The mode of each event. */
  events: Record<HookEventName, EventMode>;
}

/** The keys a managed (MDM) file locks: neither the environment nor the user file can change them. */
export const LOCKED_KEYS = ['api_key', 'data_url', 'fail_mode'] as const;

/** The environment variable of each key. */
export const ENVIRONMENT = Object.freeze({
  data_url: 'PORTCULLIS_DATA_URL',
  api_key: 'PORTCULLIS_API_KEY',
  fail_mode: 'PORTCULLIS_FAIL_MODE',
  consumer_id: 'PORTCULLIS_CONSUMER_ID',
  timeout_ms: 'PORTCULLIS_TIMEOUT_MS',
  transform_action: 'PORTCULLIS_TRANSFORM_ACTION',
  events: 'PORTCULLIS_EVENTS',
} satisfies Record<keyof HookSettings, string>);

/** The defaults. A hook process lives for one event, so the timeout stays well under the agent's own hook timeout. */
export const DEFAULTS: Readonly<HookSettings> = Object.freeze({
  fail_mode: 'closed',
  timeout_ms: 5000,
  transform_action: 'ask',
  events: Object.freeze({ UserPromptSubmit: 'enforce', PreToolUse: 'enforce', PostToolUse: 'enforce' }),
});

/** Longest `timeout_ms`: `install` gives the agent's hook 60 s, and the hook must answer before that. */
export const MAX_TIMEOUT_MS = 50_000;

/** A setting that cannot work; the message names the key and the source, never a key's value. */
export class HookConfigError extends Error {
  override readonly name = 'HookConfigError';
}

/** Settings one source gives; a key it does not set is absent. */
export type PartialSettings = Partial<Omit<HookSettings, 'events'>> & { events?: Partial<Record<HookEventName, EventMode>> };

const KEYS = Object.keys(ENVIRONMENT) as Array<keyof HookSettings>;

function text(value: unknown, key: string, source: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new HookConfigError(`${key} in ${source} must be a non-empty string`);
  return value.trim();
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], key: string, source: string): T {
  const word = text(value, key, source);
  if (!allowed.includes(word as T)) throw new HookConfigError(`${key} in ${source} must be ${allowed.join(' or ')}`);
  return word as T;
}

function timeout(value: unknown, source: string): number {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > MAX_TIMEOUT_MS) {
    throw new HookConfigError(`timeout_ms in ${source} must be an integer from 1 to ${MAX_TIMEOUT_MS}`);
  }
  return number;
}

/**
 * `events`: an object `{"UserPromptSubmit": "audit", ...}` in a file, or
 * `UserPromptSubmit=audit,PostToolUse=off` in the environment. Events left out keep their mode.
 */
function events(value: unknown, source: string): Partial<Record<HookEventName, EventMode>> {
  let entries: Array<[string, unknown]>;
  if (typeof value === 'string') {
    entries = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, mode, ...rest] = part.split('=').map((s) => s.trim());
        if (mode === undefined || rest.length) throw new HookConfigError(`events in ${source} must be a list of Event=mode, such as UserPromptSubmit=audit`);
        return [name, mode];
      });
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    entries = Object.entries(value);
  } else {
    throw new HookConfigError(`events in ${source} must map event names to enforce, audit or off`);
  }
  const result: Partial<Record<HookEventName, EventMode>> = {};
  for (const [name, mode] of entries) {
    if (!HOOK_EVENTS.includes(name as HookEventName)) throw new HookConfigError(`events in ${source} names an unknown event (use ${HOOK_EVENTS.join(', ')})`);
    result[name as HookEventName] = oneOf(mode, EVENT_MODES, `events.${name}`, source);
  }
  return result;
}

/** Checks one key's raw value (from a file or the environment). */
function parseKey(key: keyof HookSettings, value: unknown, source: string): PartialSettings[keyof PartialSettings] {
  switch (key) {
    case 'data_url':
    case 'api_key':
    case 'consumer_id':
      return text(value, key, source);
    case 'fail_mode':
      return oneOf(value, ['open', 'closed'] as const, key, source);
    case 'transform_action':
      return oneOf(value, ['ask', 'deny'] as const, key, source);
    case 'timeout_ms':
      return timeout(value, source);
    case 'events':
      return events(value, source);
  }
}

/** The settings of a config file's object; an unknown key is refused so a typo does not go unnoticed. */
export function settingsOfFile(body: unknown, source: string): PartialSettings {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HookConfigError(`${source} must hold a JSON object`);
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (!KEYS.includes(key as keyof HookSettings)) throw new HookConfigError(`${source} has an unknown key ${JSON.stringify(key.slice(0, 40))} (known: ${KEYS.join(', ')})`);
    result[key] = parseKey(key as keyof HookSettings, value, source);
  }
  return result as PartialSettings;
}

/** The settings the environment gives (empty variables are ignored). */
export function settingsOfEnvironment(env: Readonly<Record<string, string | undefined>>): PartialSettings {
  const result: Record<string, unknown> = {};
  for (const key of KEYS) {
    const value = env[ENVIRONMENT[key]];
    if (value !== undefined && value.trim() !== '') result[key] = parseKey(key, value, ENVIRONMENT[key]);
  }
  return result as PartialSettings;
}
