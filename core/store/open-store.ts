/**
 * Opens the configured store: MongoDB when a URI is given (`MONGODB_URI`), otherwise the
 * embedded store persisted under the data directory.
 */
import type { Store } from './types.js';
import { StoreError } from './types.js';
import { EmbeddedStore } from './embedded/embedded-store.js';
import { MongoStore } from './mongodb/mongo-store.js';

/** Options of {@link openStore}. */
export interface OpenStoreOptions {
  /** Data directory of the embedded store (`PORTCULLIS_DATA_DIR`). */
  dataDir: string;
  /** MongoDB connection string; when set, MongoDB is used instead of the embedded store. */
  mongodbUri?: string;
  /** MongoDB database name; default the URI's, else `portcullis`. */
  mongodbDbName?: string;
  /** Embedded: TTL sweep interval in ms (default 60 000). */
  ttlSweepMs?: number;
  /** Embedded: journal size in bytes that triggers compaction (default 16 MiB). */
  compactAtBytes?: number;
  /** Embedded: collections held to at most this many documents (MongoDB keeps records on disk). */
  maxDocuments?: Record<string, number>;
}

/** Opens the store these options select. */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  if (options.mongodbUri) return MongoStore.open({ uri: options.mongodbUri, dbName: options.mongodbDbName });
  return EmbeddedStore.open({
    dataDir: options.dataDir,
    ttlSweepMs: options.ttlSweepMs,
    compactAtBytes: options.compactAtBytes,
    maxDocuments: options.maxDocuments,
  });
}

/** A store whose outage a test can simulate. */
export interface OutageSwitch {
  /** While `down`, every call rejects with StoreError `unavailable`. */
  setUnavailable(down: boolean): void;
}

/**
 * Simulates a store outage (or ends it): every call then rejects with StoreError `unavailable`.
 * For tests proving that the data plane keeps serving its last snapshot when the store fails.
 */
export function setStoreUnavailable(store: Store, down: boolean): void {
  const target = store as Store & Partial<OutageSwitch>;
  if (typeof target.setUnavailable !== 'function') {
    throw new StoreError('invalid_query', `store kind ${store.kind} cannot simulate an outage`);
  }
  target.setUnavailable(down);
}

export { MongoStore } from './mongodb/mongo-store.js';
