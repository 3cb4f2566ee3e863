/**
 * The messages a primary and its workers exchange over the IPC channel node:cluster opens
 * between them. Config does not travel here: workers are data planes of the primary and take
 * their config over the config-sync protocol (core/cluster/protocol.ts), as any data plane does.
 * This channel carries only what makes a process a worker: its settings, its start report,
 * the stop order, counter operations when the primary holds the counters, and the metrics the
 * primary sums for a scrape.
 */
import type { Plane, Settings } from '../config/settings.js';
import type { MetricsJson } from '../observability/gateway-metrics.js';
import type { CounterAddResult } from '../plugin/counters.js';

/** Every message of this protocol has a `type` starting with this, so other IPC traffic is ignored. */
export const MESSAGE_PREFIX = 'portcullis:';

/** Worker -> primary, once it listens on the channel (a message sent before would be lost): ask for the assignment. */
export interface WorkerHello {
  type: 'portcullis:hello';
}

/** Primary -> worker, in answer to its hello: how to start. Carries secrets: never logged. */
export interface WorkerAssignment {
  type: 'portcullis:assignment';
  /** The worker's slot, 1..N; a replacement takes the slot of the worker it replaces. */
  index: number;
  nodeId: string;
  settings: Settings;
  /** `primary`: count through the primary (WorkerCounterStore); `own`: open the configured shared backend. */
  counters: 'primary' | 'own';
  /** Per plane, where requests that need the store go (the primary's planes on loopback). */
  storeUrls: Partial<Record<Plane, string>>;
  /** The primary's config revision at the fork: the worker reports ready once it serves it (absent in data-plane mode). */
  configRevision?: number;
}

/** Worker -> primary: its planes listen. */
export interface WorkerReady {
  type: 'portcullis:ready';
  urls: Partial<Record<Plane, string>>;
}

/** Worker -> primary: its start failed; `exitCode` is the one a single process would exit with. */
export interface WorkerFailed {
  type: 'portcullis:failed';
  exitCode: number;
  message: string;
}

/** Primary -> worker: drain and exit 0. */
export interface WorkerStop {
  type: 'portcullis:stop';
}

/** Worker -> primary: one counter operation (CounterStore.add or get). */
export interface CounterRequest {
  type: 'portcullis:counter';
  id: number;
  op: 'add' | 'get';
  key: string;
  amount?: number;
  ttlMs?: number;
  limit?: number;
}

/** Primary -> worker: the answer to the counter request `id`. */
export interface CounterResponse {
  type: 'portcullis:counter-result';
  id: number;
  result?: CounterAddResult | number;
  error?: string;
}

/** Worker -> primary: a scrape of this worker's `/metrics`; answer with the sum over the whole tree. */
export interface MetricsGather {
  type: 'portcullis:metrics-gather';
  id: number;
}

/** Primary -> worker: the Prometheus text summed over the tree, for the gather `id`. */
export interface MetricsGathered {
  type: 'portcullis:metrics-gathered';
  id: number;
  text?: string;
  error?: string;
}

/** Primary -> worker: send your own metrics (to be summed). */
export interface MetricsCollect {
  type: 'portcullis:metrics-collect';
  id: number;
}

/** Worker -> primary: its registries as JSON, for the collect `id`. */
export interface MetricsCollected {
  type: 'portcullis:metrics-collected';
  id: number;
  metrics: MetricsJson[];
}

export type WorkerMessage =
  | WorkerHello | WorkerAssignment | WorkerReady | WorkerFailed | WorkerStop | CounterRequest | CounterResponse
  | MetricsGather | MetricsGathered | MetricsCollect | MetricsCollected;

/** One end of the IPC channel: a cluster `Worker` in the primary, `process` in a worker. */
export interface WorkerChannel {
  send(message: WorkerMessage): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** Narrows an IPC message to one of this protocol's by its type. */
export function isMessage<T extends WorkerMessage['type']>(message: unknown, type: T): message is Extract<WorkerMessage, { type: T }> {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}
