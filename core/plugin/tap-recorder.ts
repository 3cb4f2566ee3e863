import { HOOK_ORDER, KEYED_HOOKS, type HookName } from '../pipeline/hooks.js';
import { STAGE } from '../pipeline/stages.js';
import type { PluginHooks, TapOptions } from './types.js';

/** Hooks whose tapable type is synchronous: `tap`, never `tapPromise`. */
const SYNC_HOOKS: ReadonlySet<HookName> = new Set(['cacheKey', 'adaptChunk', 'onError']);

/** One tap a plugin made in `setup`, kept until chains are compiled. */
export interface RecordedTap {
  hook: HookName;
  /** Wire format, for keyed hooks. */
  key?: string;
  stage: number;
  fn: (...args: never[]) => unknown;
  sync: boolean;
}

/** A plugin tapped a hook it did not declare, an unknown hook, or with a foreign name. */
export class TapRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TapRefusedError';
  }
}

/**
 * Builds the hooks object handed to `setup`: it records taps instead of tapping tapable hooks,
 * and refuses at load any tap on an undeclared or unknown hook, a tap under another plugin's
 * name, an async tap on a synchronous hook, or a keyed hook tapped without its key.
 */
export function recordTaps(pluginName: string, declared: readonly HookName[]): { hooks: PluginHooks; taps: RecordedTap[] } {
  const taps: RecordedTap[] = [];
  const allowed = new Set(declared);
  for (const stage of declared) {
    if (!HOOK_ORDER.includes(stage)) throw new TapRefusedError(`plugin ${pluginName} declares unknown stage "${stage}"`);
  }

  const check = (hook: HookName, options: TapOptions, sync: boolean) => {
    if (!options || options.name !== pluginName) {
      throw new TapRefusedError(`plugin ${pluginName} must tap ${hook} with { name: '${pluginName}' }`);
    }
    if (!allowed.has(hook)) {
      throw new TapRefusedError(`plugin ${pluginName} tapped "${hook}", a stage it did not declare (declared: ${declared.join(', ') || 'none'})`);
    }
    if (SYNC_HOOKS.has(hook) && !sync) throw new TapRefusedError(`plugin ${pluginName}: "${hook}" is synchronous; use tap()`);
    if (KEYED_HOOKS.has(hook) && !options.key) throw new TapRefusedError(`plugin ${pluginName}: "${hook}" needs a wire-format key`);
  };

  const hooks = new Proxy({} as PluginHooks, {
    get(_target, property) {
      if (typeof property !== 'string') return undefined;
      const hook = property as HookName;
      if (!HOOK_ORDER.includes(hook)) throw new TapRefusedError(`plugin ${pluginName} tapped unknown hook "${property}"`);
      return {
        tapPromise(options: TapOptions, fn: (...args: never[]) => Promise<unknown>) {
          check(hook, options, false);
          taps.push({ hook, key: options.key, stage: options.stage ?? STAGE.DEFAULT, fn, sync: false });
        },
        tap(options: TapOptions, fn: (...args: never[]) => unknown) {
          check(hook, options, true);
          taps.push({ hook, key: options.key, stage: options.stage ?? STAGE.DEFAULT, fn, sync: true });
        },
      };
    },
  });
  return { hooks, taps };
}
