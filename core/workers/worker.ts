/**
 * A worker process of `portcullis start --workers N`: a data plane of its primary. It waits for
 * its assignment on the IPC channel, starts the proxy and/or guardrail planes on the shared
 * ports (node:cluster hands the listening sockets over), takes its config from the primary over
 * the config-sync protocol, relays store-bound requests to the primary, and reports its start.
 * It drains and exits 0 when the primary says stop, on SIGTERM or SIGINT, and when the
 * primary is gone (the channel closes).
 */
import { startPortcullis } from '../bootstrap/start.js';
import { SettingsInputError } from '../config/settings.js';
import { childLogger } from '../logging/logger.js';
import type { SnapshotHolder } from '../snapshot/holder.js';
import type { GatewayMetrics } from '../observability/gateway-metrics.js';
import { workerMetrics } from './cluster-metrics.js';
import { storeForwarding } from './store-forwarding.js';
import { WorkerCounterStore } from './worker-counter-store.js';
import { isMessage, type WorkerAssignment, type WorkerChannel, type WorkerMessage } from './worker-messages.js';

const channel = process as unknown as WorkerChannel;

/** The longest a worker drains before it exits anyway. */
const STOP_TIMEOUT_MS = 10_000;

const send = (message: WorkerMessage) => new Promise<void>((resolve) => process.send!(message, undefined, {}, () => resolve()));

/** The primary's assignment, the first message of this protocol on the channel. */
function assignment(): Promise<WorkerAssignment> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isMessage(message, 'portcullis:assignment')) return;
      channel.off('message', onMessage);
      resolve(message);
    };
    channel.on('message', onMessage);
    void send({ type: 'portcullis:hello' });
  });
}

/** The longest a worker waits for its first config before it reports its start anyway. */
const CONFIG_WAIT_MS = 30_000;

/** Whether `holder` serves `revision` (or a later one) within CONFIG_WAIT_MS. */
function servesRevision(holder: SnapshotHolder, revision: number): Promise<boolean> {
  if (holder.current.revision >= revision) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), CONFIG_WAIT_MS);
    holder.onSwap((snapshot) => {
      if (snapshot.revision < revision) return;
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Runs this process as a worker until it is told to stop; never returns. */
export async function runWorker(): Promise<'running'> {
  const { index, nodeId, settings, counters: countersAt, storeUrls, configRevision } = await assignment();
  // Every line of this worker, the access log's included, names it and its pid.
  const log = childLogger({ worker: index, pid: process.pid });
  const counters = countersAt === 'primary' ? new WorkerCounterStore(channel) : undefined;
  // The snapshot the planes serve, once they started (the relay reads it per request).
  let holder: SnapshotHolder | undefined;
  const forwarders = settings.planes.flatMap((plane) => {
    const url = storeUrls[plane];
    const forwarding = url ? storeForwarding(plane, url, log, () => holder?.current) : undefined;
    return forwarding ? [[plane, forwarding] as const] : [];
  });
  // A stop before the planes serve (the primary gave up its start): nothing to drain yet.
  let stop: () => void = () => process.exit(0);
  channel.on('message', (message) => {
    if (isMessage(message, 'portcullis:stop')) stop();
  });
  process.once('SIGTERM', () => stop());
  process.once('SIGINT', () => stop());
  // An orphan serves nothing (the primary holds the listening sockets): leave with it.
  process.once('disconnect', () => stop());
  let running: Awaited<ReturnType<typeof startPortcullis>>;
  let metrics: ReturnType<typeof workerMetrics> | undefined;
  try {
    running = await startPortcullis(settings, {
      log, nodeId, counters,
      // A scrape of this worker's port answers for the whole tree (the primary sums: cluster-metrics.ts).
      metricsSource: (own: GatewayMetrics) => (metrics = workerMetrics(channel, own)).source,
      preparePlane: (plane, app) => {
        const forwarding = forwarders.find(([p]) => p === plane)?.[1];
        // First, so a store-bound request never reaches the data plane's 404.
        if (forwarding) app.middleware.unshift(forwarding.middleware);
      },
    });
  } catch (err) {
    const exitCode = err instanceof SettingsInputError ? 2 : 1;
    await send({ type: 'portcullis:failed', exitCode, message: (err as Error).message ?? String(err) });
    process.exit(exitCode);
  }
  holder = running.holder;
  // As a single process loads its config before it listens: a started worker serves the primary's config.
  if (configRevision !== undefined && !(await servesRevision(running.holder, configRevision))) {
    log.warn('worker serves before its config arrived; its readiness says so', { revision: configRevision });
  }
  await send({ type: 'portcullis:ready', urls: running.urls });

  let stopping = false;
  stop = () => {
    if (stopping) return;
    stopping = true;
    // Draining is bounded: telemetry a dead primary cannot take must not keep the process.
    setTimeout(() => process.exit(0), STOP_TIMEOUT_MS).unref();
    void (async () => {
      await running.close();
      await Promise.all(forwarders.map(([, f]) => f.close().catch(() => undefined)));
      await counters?.close();
      metrics?.close();
      process.exit(0);
    })();
  };
  return 'running';
}
