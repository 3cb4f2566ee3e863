import { isHookName, traitsOf, type HookName } from '../pipeline/hooks.js';
import { STAGE } from '../pipeline/stages.js';
import type { PluginHooks, TapOptions } from './types.js';

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
 * Why a plugin may not declare these stages, or undefined when it may: an unknown hook, or a
 * core-only one (`authenticate`, `resolveConsumer` run before the consumer and its policies are
 * known, so no policy could ever run there). The message names the hook.
 */
export function refusedStages(pluginName: string, declared: readonly string[]): string | undefined {
  for (const stage of declared) {
    if (!isHookName(stage)) return `plugin ${pluginName} declares unknown stage "${stage}"`;
    if (traitsOf(stage).coreOnly) {
      return `plugin ${pluginName} declares stage "${stage}", which only the core taps (it runs before the consumer and its policies are known); see docs/plugins.md`;
    }
  }
  return undefined;
}

/**
 * Builds the hooks object handed to `setup`: it records taps instead of tapping tapable hooks,
 * and refuses at load a declared core-only or unknown stage, any tap on an undeclared or unknown hook, a tap under another plugin's
 * name, an async tap on a synchronous hook, or a keyed hook tapped without its key.
 */
export function recordTaps(pluginName: string, declared: readonly HookName[]): { hooks: PluginHooks; taps: RecordedTap[] } {
  const taps: RecordedTap[] = [];
  const allowed = new Set(declared);
  const refused = refusedStages(pluginName, declared);
  if (refused) throw new TapRefusedError(refused);

  const check = (hook: HookName, options: TapOptions, sync: boolean) => {
    if (!options || options.name !== pluginName) {
      throw new TapRefusedError(`plugin ${pluginName} must tap ${hook} with { name: '${pluginName}' }`);
    }
    if (!allowed.has(hook)) {
      throw new TapRefusedError(`plugin ${pluginName} tapped "${hook}", a stage it did not declare (declared: ${declared.join(', ') || 'none'})`);
    }
    const traits = traitsOf(hook);
    if (traits.sync && !sync) throw new TapRefusedError(`plugin ${pluginName}: "${hook}" is synchronous; use tap()`);
    if (traits.keyed && !options.key) throw new TapRefusedError(`plugin ${pluginName}: "${hook}" needs a wire-format key`);
  };

  const hooks = new Proxy({} as PluginHooks, {
    get(_target, property) {
      if (typeof property !== 'string') return undefined;
      const hook = property as HookName;
      if (!isHookName(hook)) throw new TapRefusedError(`plugin ${pluginName} tapped unknown hook "${property}"`);
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
