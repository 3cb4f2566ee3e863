/**
 * Provider catalog fields only the non-chat routes read. They live in
 * core/providers/catalog.json next to the shared fields; this file types them until the shared
 * ProviderEntry declares them.
 */
import type { Capability, ProviderEntry } from '../../providers/types.js';

interface OperationCatalogFields {
  /** Headers the calls of one operation carry besides `static_headers` (Anthropic's Files API beta). */
  operation_headers?: Partial<Record<Capability, Record<string, string>>>;
  /** Registry option values used when a registry sets none (the cloud-hosted variant's `api_version`). */
  option_defaults?: Record<string, string>;
}

const extras = (provider: ProviderEntry) => provider as ProviderEntry & OperationCatalogFields;

/** The headers an operation's calls to `provider` add. */
export const operationHeaders = (provider: ProviderEntry, capability: Capability): Record<string, string> =>
  extras(provider).operation_headers?.[capability] ?? {};

/** The default of a registry option (`api_version`) for `provider`, if the catalog names one. */
export const optionDefault = (provider: ProviderEntry, option: string): string | undefined => extras(provider).option_defaults?.[option];
