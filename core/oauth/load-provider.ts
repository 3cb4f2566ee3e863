/**
 * Loads the authorization server library once, on first use (a gateway with OAuth
 * configured), not at process start. On import it prints an "unsupported runtime" warning on
 * Node 20 (it asks for 22, yet its test suite and ours run on 20): that one line is routed to
 * the gateway's log at debug level instead of the operator's stderr; any other warning passes.
 */
import type { Logger } from '../logging/logger.js';

type ProviderModule = typeof import('oidc-provider');

let loading: Promise<ProviderModule> | undefined;

const RUNTIME_WARNING = /^oidc-provider WARNING: Unsupported runtime/;

/** The `oidc-provider` module. */
export function loadProviderModule(log: Logger): Promise<ProviderModule> {
  loading ??= (async () => {
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0].replace(/\x1b\[[0-9;]*m/g, '') : '';
      if (RUNTIME_WARNING.test(text)) log.debug('authorization server library runtime notice', { notice: text });
      else warn.apply(console, args);
    };
    try {
      return await import('oidc-provider');
    } finally {
      console.warn = warn;
    }
  })();
  return loading;
}
