import type { Exchange, McpToolEntry, PluginKit } from '../../core/plugin/index.js';
import type { ToolInjectionSettings } from './settings.js';

/** Why a registry's tools are missing from a request. */
export class RegistryUnavailable extends Error {
  constructor(readonly registry: string, reason: string) {
    super(reason);
    this.name = 'RegistryUnavailable';
  }
}

/**
 * The declared tools of the policy's registries for one request, through `kit.mcpTools` (served
 * from the MCP plane's cache once fetched). A registry whose list is not there within
 * `timeout_ms`, or that failed, is answered as unavailable, and after a failure it is not tried
 * again for `retry_after_ms`, so an unreachable server costs requests no waiting. A slow first
 * fetch goes on in the background and fills the cache for the next request.
 */
export class RegistryTools {
  /** Registry reference -> until when it is skipped (clock ms). */
  private readonly downUntil = new Map<string, number>();

  constructor(private readonly kit: PluginKit<ToolInjectionSettings>) {}

  /** The entries of each named registry, or why they are missing, in the settings' order. */
  async of(ctx: Exchange): Promise<Array<readonly McpToolEntry[] | RegistryUnavailable>> {
    const settings = this.kit.config(ctx);
    return Promise.all(settings.registries.map((registry) => this.one(registry, settings)));
  }

  private async one(registry: string, settings: ToolInjectionSettings): Promise<readonly McpToolEntry[] | RegistryUnavailable> {
    const until = this.downUntil.get(registry);
    if (until !== undefined && this.kit.clock.now() < until) return new RegistryUnavailable(registry, 'unreachable a moment ago; not tried again yet');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<RegistryUnavailable>((resolve) => {
      timer = setTimeout(() => resolve(new RegistryUnavailable(registry, `no tool list within ${settings.timeout_ms} ms`)), settings.timeout_ms);
    });
    try {
      return await Promise.race([this.kit.mcpTools.toolsOf(registry), late]);
    } catch (err) {
      this.downUntil.set(registry, this.kit.clock.now() + settings.retry_after_ms);
      return new RegistryUnavailable(registry, (err as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }
}
