import type { Egress } from '../http/egress-dispatcher.js';
import type { Logger } from '../logging/logger.js';
import type { PluginHost } from '../plugin/host.js';
import type { ConfigDocument } from './config-document.js';
import type { SnapshotIndexes } from './snapshot.js';

/** What an extension's compiler may use besides the document: the plugin host (detectors), a logger and the egress policy. */
export interface ExtensionCompileContext {
  host: PluginHost;
  log: Logger;
  /** What URLs fetched on a tenant's behalf go through (the default policy when absent). */
  egress?: Egress;
}

/**
 * A plane's own section of the config (the guardrail service's collectors, keys and policies):
 * the collections it adds to the ConfigDocument, and how it compiles them into the snapshot
 * (`snapshot.extensions.get(name)`), so data planes receive and serve it like the rest.
 */
export interface ConfigExtension {
  name: string;
  collections: readonly string[];
  compile(document: ConfigDocument, indexes: SnapshotIndexes, context?: ExtensionCompileContext): unknown;
}

const extensions: ConfigExtension[] = [];

export function registerConfigExtension(extension: ConfigExtension): void {
  if (!extensions.some((e) => e.name === extension.name)) extensions.push(extension);
}

export function configExtensions(): readonly ConfigExtension[] {
  return extensions;
}

/** Every extension collection, for loading the document from the store. */
export function extensionCollections(): string[] {
  return extensions.flatMap((e) => e.collections);
}
