/**
 * Where the hook's settings come from, highest first:
 *
 * 1. the managed (MDM) file, for `api_key`, `data_url` and `fail_mode` only: locked;
 * 2. the environment (`PORTCULLIS_*`);
 * 3. the user file, `$HOME/.config/portcullis/hook.json`, read only when its mode is owner-only (600);
 * 4. the managed file's other keys, as defaults an organisation sets;
 * 5. the built-in defaults.
 *
 * The managed file is the system one (`/etc/portcullis/hook.json`; macOS
 * `/Library/Application Support/Portcullis/hook.json`; Windows `%ProgramData%\Portcullis\hook.json`)
 * and, when `PORTCULLIS_HOOK_MANAGED_CONFIG` names one, a second file under it: that variable
 * can add settings and locks but never loosen the system file's, which wins on every key it sets.
 *
 * A source that cannot be used (a user file others can read, a file that is not JSON, a bad
 * value) does not stop loading: the problem is returned with the settings of the sources that
 * loaded, so the caller can apply the fail mode they give.
 */
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULTS,
  HookConfigError,
  LOCKED_KEYS,
  settingsOfEnvironment,
  settingsOfFile,
  type HookSettings,
  type PartialSettings,
} from './hook-settings.js';

/** The variable naming an extra managed file (below the system one). */
export const MANAGED_CONFIG_VARIABLE = 'PORTCULLIS_HOOK_MANAGED_CONFIG';

/** The system's managed file for this platform. */
export function systemManagedFile(platform: NodeJS.Platform = process.platform, env: Readonly<Record<string, string | undefined>> = process.env): string {
  if (platform === 'darwin') return '/Library/Application Support/Portcullis/hook.json';
  if (platform === 'win32') return join(env.ProgramData ?? 'C:\\ProgramData', 'Portcullis', 'hook.json');
  return '/etc/portcullis/hook.json';
}

/** The user file under `HOME` (read from the environment, so a test or a wrapper can point it elsewhere). */
export function userFileOf(env: Readonly<Record<string, string | undefined>>): string {
  return join(env.HOME || homedir(), '.config', 'portcullis', 'hook.json');
}

/** The settings and, when a source could not be used, why. */
export interface LoadedSettings {
  settings: HookSettings;
  /** The first problem met; the settings then hold only what the usable sources gave. */
  problem?: HookConfigError;
}

/** Where to look; every field has a default for the real command. */
export interface LoadOptions {
  env?: Readonly<Record<string, string | undefined>>;
  systemManagedFile?: string;
  platform?: NodeJS.Platform;
}

/** A config file's settings; undefined when it does not exist and `required` is false. */
function readConfigFile(path: string, options: { required: boolean; ownerOnly: boolean; platform: NodeJS.Platform }): PartialSettings | undefined {
  let mode: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new HookConfigError(`${path} is not a file`);
    mode = stat.mode;
  } catch (err) {
    if (err instanceof HookConfigError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !options.required) return undefined;
    throw new HookConfigError(`${path} cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  // It holds the collector key: refuse it before reading a byte when others can read or write it.
  if (options.ownerOnly && options.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new HookConfigError(`${path} is refused: its mode is ${(mode & 0o777).toString(8)}, it must be 600 (owner only); run: chmod 600 '${path}'`);
  }
  let body: unknown;
  try {
    body = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new HookConfigError(`${path} is not valid JSON: ${(err as Error).message.slice(0, 200)}`);
  }
  return settingsOfFile(body, path);
}

/** `over` on top of `under`, `events` merged per event. */
function layer(under: PartialSettings, over: PartialSettings | undefined): PartialSettings {
  if (!over) return under;
  return { ...under, ...over, events: { ...under.events, ...over.events } };
}

/** Only the locked keys of a managed layer. */
function lockedOf(managed: PartialSettings): PartialSettings {
  const locked: Record<string, unknown> = {};
  for (const key of LOCKED_KEYS) if (managed[key] !== undefined) locked[key] = managed[key];
  return locked as PartialSettings;
}

/** Loads the settings from every source, in the order the module comment gives. */
export function loadSettings(options: LoadOptions = {}): LoadedSettings {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  let problem: HookConfigError | undefined;
  /** Runs one source; a problem is kept (the first one) and the source counts as empty. */
  const use = (read: () => PartialSettings | undefined): PartialSettings | undefined => {
    try {
      return read();
    } catch (err) {
      if (!(err instanceof HookConfigError)) throw err;
      problem ??= err;
      return undefined;
    }
  };

  const extraManaged = env[MANAGED_CONFIG_VARIABLE]?.trim();
  const managed = layer(
    use(() => (extraManaged ? readConfigFile(extraManaged, { required: true, ownerOnly: false, platform }) : undefined)) ?? {},
    use(() => readConfigFile(options.systemManagedFile ?? systemManagedFile(platform, env), { required: false, ownerOnly: false, platform })),
  );
  const user = use(() => readConfigFile(userFileOf(env), { required: false, ownerOnly: true, platform }));
  const environment = use(() => settingsOfEnvironment(env));

  let merged = layer({ ...DEFAULTS, events: { ...DEFAULTS.events } }, managed);
  merged = layer(merged, user);
  merged = layer(merged, environment);
  merged = layer(merged, lockedOf(managed));
  return { settings: merged as HookSettings, problem };
}
