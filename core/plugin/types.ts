import type { Dispatcher } from 'undici';
/**
 * The plugin contract. A plugin is a policy type: a definition with a settings schema, the
 * hooks it may tap, and a `setup` that taps them. `setup` runs once per policy instance per
 * config snapshot (never per request); the host then assembles each consumer's chain from the
 * recorded taps.
 */
import type { ErrorCode } from '../errors/codes.js';
import type { Logger } from '../logging/logger.js';
import type { Exchange, Outcome } from '../pipeline/exchange.js';
import type { HookName, StreamPolicy } from '../pipeline/hooks.js';
import type { RejectDetail, Rejection } from '../pipeline/rejection.js';
import type { CounterStore } from './counters.js';
import type { McpToolService } from '../mcp/toolkit-types.js';
import type { GuardrailService } from './guardrail-service.js';
import type { RegistryService } from './registry-service.js';

export type Category = 'auth' | 'policy' | 'guardrail' | 'cache' | 'router' | 'adapter' | 'observe';

/**
 * The hooks the recorder lets a plugin tap: the pipeline hook names, except the core-only
 * `authenticate` and `resolveConsumer` (declaring them is refused at load).
 */
export type Stage = HookName;

export interface TapOptions {
  /** Must equal the plugin's name. */
  name: string;
  /** A STAGE constant: ordering within the hook. */
  stage?: number;
  /** For hooks keyed by wire format (adaptRequest, adaptResponse, adaptChunk). */
  key?: string;
}

/**
 * A setting that names another record of the policy's gateway, by JSON pointer into the
 * settings (`/semantic/registry`). The admin API refuses (422) a policy whose setting names a
 * record that does not exist: a registry by slug or id, a vault credential by id.
 */
export interface SettingsReference {
  pointer: string;
  kind: 'registry' | 'vault_credential';
}

export interface PluginDefinition<C extends object = Record<string, unknown>> {
  readonly kind: 'plugin';
  /** The policy type, snake_case (`rate_limiter`); its folder is the kebab form. */
  name: string;
  /** x.y.z */
  version: string;
  /** semver range of the plugin API (CORE_API_VERSION) it targets. */
  coreApi: string;
  /** `$id` of its settings schema (schemas/plugins/<name>.schema.json, or `schema` below). */
  schemaId: string;
  /** The settings schema itself, for third-party plugins that ship their own. */
  schema?: object;
  category: Category;
  /** The hooks it may tap; tapping any other is refused at load. */
  stages: readonly Stage[];
  /** What a thrown error means: `closed` -> 503 plugin_failed; `open` -> log and continue. */
  failureMode?: 'closed' | 'open';
  dependsOn?: readonly string[];
  /**
   * How the plugin's output checks see streamed answers: `buffer` runs transformOutput and
   * checkOutput on the assembled answer before anything is sent (the client then gets the
   * answer replayed as a stream, or the refusal with its status); `window` runs checkStream per
   * window as the stream is relayed; `passthrough` neither. The strictest policy of a consumer's
   * chain wins. Default: `buffer` when the plugin taps transformOutput or checkOutput, else
   * `window` when it taps checkStream, else `passthrough`.
   */
  streamPolicy?: StreamPolicy;
  description?: string;
  /** Settings naming other records of the gateway, checked when a policy is written. */
  references?: readonly SettingsReference[];
  setup(hooks: PluginHooks, kit: PluginKit<C>): void | Promise<void>;
}

/** What `setup` receives instead of the raw hooks: the same names, tapped with options. */
export type PluginHooks = {
  [K in HookName]: {
    tapPromise(options: TapOptions, fn: (...args: never[]) => Promise<unknown>): void;
    tap(options: TapOptions, fn: (...args: never[]) => unknown): void;
  };
};

export interface PluginKit<C> {
  /** The policy's validated settings (defaults applied). */
  config(ctx?: Exchange): Readonly<C>;
  /** This plugin instance's per-request state object. */
  state<T extends object>(ctx: Exchange): T;
  /** Runs after the response, in `settle`, with the outcome (commit/release reservations). */
  defer(ctx: Exchange, fn: (outcome: Outcome) => Promise<void>): void;
  /** An expected refusal: return it from a gate. */
  reject(code: ErrorCode, detail?: RejectDetail): Rejection;
  /** The policy record's id and slug. */
  readonly policy: { id: string; slug: string; gatewayId: string };
  readonly log: Logger;
  /** Counters for limits and budgets (local, or shared through a counter backend). */
  readonly counters: CounterStore;
  readonly clock: { now(): number };
  /**
   * The dispatcher for every URL a plugin fetches on a tenant's behalf (an embeddings registry,
   * a tenant-configured endpoint): an undici dispatcher enforcing the operator's egress policy on
   * each connection (no loopback, link-local, private or other internal address unless allowed).
   * Pass it as `dispatcher` to undici's `request` or `fetch`.
   */
  readonly egress: Dispatcher;
  /** The config revision of the snapshot this policy instance was built for (cache keys, logs). */
  readonly revision: number;
  /** The registries of the policy's gateway: endpoints to call, routing candidates (core/plugin/registry-service.ts). */
  readonly registries: RegistryService;
  /** The decrypted secret of a vault credential of the policy's gateway, by id; undefined when there is none. Never log it. */
  vaultSecret(credentialId: string): string | undefined;
  /** Where the guardrail service is, and its in-process endpoint when co-located (core/plugin/guardrail-service.ts). */
  readonly guardrails: GuardrailService;
  /**
   * The declared tools of the MCP registries of the policy's gateway (by registry id or slug), with
   * merged names, from the process's upstream cache: fetched on first use, refreshed when a server
   * announces `list_changed` or the registry's URL or credential changes. Rejects for an unknown or
   * non-MCP registry and when its server cannot be reached.
   */
  readonly mcpTools: McpToolService;
  /**
   * Registers a teardown for what `setup` opened (connections, timers, agents, caches). Core
   * calls each once: when this instance's snapshot has been replaced and the proxy requests
   * that started on it have finished, or at shutdown; at once if `setup` fails after
   * registering it. A teardown that throws or rejects is logged; the others still run.
   */
  onRetire(teardown: () => void | Promise<void>): void;
}

export const definePlugin = <C extends object>(definition: PluginDefinition<C>): PluginDefinition<C> => definition;

/** The plugin API version; a plugin's `coreApi` range must include it. */
export const CORE_API_VERSION = '1.3.0';
