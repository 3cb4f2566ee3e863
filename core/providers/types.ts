import type { WireFormatId } from '../canonical/index.js';

/** A capability a registry may serve; each proxy route needs one. */
export type Capability = 'chat' | 'embeddings' | 'rerank' | 'images' | 'files' | 'audio' | 'models';

/**
 * A provider as data (core/providers/catalog.json): its chat wire format, default base URL, how
 * it authenticates, the upstream path of each operation, and what it can serve. An
 * OpenAI-compatible provider is one entry, not code.
 */
export interface ProviderEntry {
  id: string;
  name: string;
  /** The wire format its chat endpoint speaks. */
  format: WireFormatId;
  /** Other chat formats it also serves natively (OpenAI: openai-responses), with their paths. */
  extra_formats?: Partial<Record<WireFormatId, string>>;
  base_url?: string;
  /** Whether `base_url` must be given on the registry (Azure, custom endpoints, Ollama). */
  base_url_required?: boolean;
  auth: {
    /** Header carrying the key (`authorization`, `x-api-key`, `api-key`, `x-goog-api-key`). */
    header: string;
    /** Prefix before the key (`Bearer `), if any. */
    prefix?: string;
  };
  /** Headers every request carries (`anthropic-version`). */
  static_headers?: Record<string, string>;
  /**
   * Upstream path template per operation, appended to the base URL. Placeholders: `{model}`,
   * `{deployment}`, `{action}` (Gemini generateContent/streamGenerateContent), `{op}`, `{id}`.
   */
  paths: Partial<Record<string, string>>;
  /** Query parameters added to every call (`api-version={api_version}` for Azure). */
  query?: Record<string, string>;
  /** Deployment-addressed (Azure): the model maps to a deployment name in the path. */
  deployments?: boolean;
  capabilities: Capability[];
  /** Known models with their modalities, for the model list and catalogs. */
  models?: Array<{ id: string; modalities?: Capability[] }>;
  /** The cloud-hosted variant of another provider (Azure of OpenAI). */
  variant_of?: string;
  /** An aggregator routing to many vendors (OpenRouter). */
  aggregator?: boolean;
  /** Headers the calls of one operation carry besides `static_headers` (Anthropic's Files API beta). */
  operation_headers?: Partial<Record<Capability, Record<string, string>>>;
  /** Registry option values used when a registry sets none (the cloud-hosted variant's `api_version`). */
  option_defaults?: Record<string, string>;
}

/** The headers an operation's calls to `provider` add. */
export const operationHeaders = (provider: ProviderEntry, capability: Capability): Record<string, string> =>
  provider.operation_headers?.[capability] ?? {};

/** A registry option's value, else the provider's default for it (`api_version`). */
export const registryOption = (options: Record<string, unknown>, provider: ProviderEntry | undefined, option: string): string | undefined => {
  const value = options[option];
  return value !== undefined && value !== '' ? String(value) : provider?.option_defaults?.[option];
};
