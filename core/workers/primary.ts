/**
 * The primary process of `portcullis start --workers N`. It is the control plane of its own
 * workers: it holds the store, serves the admin plane (and, on loopback, the planes' store-bound
 * paths), pushes every config revision to the workers over the config-sync protocol with a
 * cluster token it generates, files their telemetry, and holds the counters they share unless a
 * shared backend (Redis) is configured. The workers are data planes of it, on ports they share
 * through node:cluster. In data-plane mode (`--control-plane-url`) the primary holds no store:
 * each worker is a data plane of the remote control plane, and the primary holds the counters.
 *
 * The primary replaces a worker that dies (after a backoff, logged) and, on close, tells every
 * worker to drain and waits for them before closing itself.
 */
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startPortcullis, type Portcullis } from '../bootstrap/start.js';
import { localSecret } from '../bootstrap/local-secrets.js';
import { masterKey } from '../bootstrap/master-key.js';
import { nodeId } from '../bootstrap/node-id.js';
import { SettingsInputError, type Plane, type Settings } from '../config/settings.js';
import { closeCounters } from '../counters/counter-mode.js';
import { openCounterStore } from '../counters/open-counter-store.js';
import { logger as rootLogger, type Logger } from '../logging/logger.js';
import type { CounterStore } from '../plugin/counters.js';
import { ClusterMetrics } from './cluster-metrics.js';
import { serveCounters } from './counter-service.js';
import { RestartBackoff } from './restart-backoff.js';
import { isMessage, type WorkerAssignment } from './worker-messages.js';

/** A started primary: the public URL of each plane, and its stop. */
export interface StartedPrimary {
  urls: Partial<Record<Plane, string>>;
  close(): Promise<void>;
}

/** How long the primary waits for its workers to drain before it kills them. */
const DRAIN_TIMEOUT_MS = 15_000;
const LOOPBACK = '127.0.0.1';

/** Whether `settings` make `portcullis start` a primary with workers (else: one process, as before). */
export function forksWorkers(settings: Settings): boolean {
  return settings.workers > 1 && settings.planes.some((plane) => plane !== 'admin');
}

/** An address this host reaches a server bound to `host` at (a wildcard bind is reached on loopback). */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return LOOPBACK;
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** A worker slot's process, and when it started. */
interface Slot {
  worker: Worker;
  startedAt: number;
  stopServingCounters(): void;
  detachMetrics(): void;
}

/** What every worker of this primary is told, but its index. */
interface Plan {
  settings: (index: number) => Settings;
  nodeId: (index: number) => string;
  counters: WorkerAssignment['counters'];
  storeUrls: WorkerAssignment['storeUrls'];
  /** The revision a new worker must serve before it counts as started. */
  configRevision: () => number | undefined;
}

/** Starts the primary and its `settings.workers` workers; resolves once every worker serves. */
export async function startPrimary(settings: Settings, log: Logger = rootLogger): Promise<StartedPrimary> {
  const dataPlane = !!settings.controlPlaneUrl;
  const backend = settings.counterBackend ?? (settings.redisUrl ? 'redis' : 'local');
  // With Redis every worker counts there itself, as separate data planes do; otherwise in the primary.
  const countersAt: WorkerAssignment['counters'] = backend === 'redis' ? 'own' : 'primary';
  const workerDir = (index: number) => join(settings.dataDir, 'workers', String(index));
  const baseId = nodeId(settings.dataDir);

  let primary: Portcullis | undefined;
  let counters: CounterStore | undefined;
  let plan: Plan;
  const publicUrls: Partial<Record<Plane, string>> = {};
  // One scrape of any port sums the whole tree: the primary's own registry and every worker's.
  const metrics = new ClusterMetrics(log);
  if (dataPlane) {
    // A data plane's store-less checks (admin plane refused, master key and cluster token required) run in each worker.
    if (countersAt === 'primary') counters = await openCounterStore({ backend, log });
    const adminJwtSecret = localSecret(settings.dataDir, 'admin-jwt.secret', settings.adminJwtSecret);
    plan = {
      settings: (index) => ({ ...settings, dataDir: workerDir(index), adminJwtSecret, counterBackend: countersAt === 'own' ? 'redis' : undefined, workers: 1 }),
      nodeId: (index) => `${baseId}-w${index}`,
      counters: countersAt,
      storeUrls: {},
      configRevision: () => undefined,
    };
  } else {
    const workerPlanes = settings.planes.filter((plane) => plane !== 'admin');
    const clusterToken = settings.clusterToken ?? randomBytes(32).toString('base64url');
    const key = await masterKey({ given: settings.masterKey, dataDir: settings.dataDir, secretsDir: settings.secretsDir, log });
    // The admin plane where the operator asked for it (else on loopback, for the workers only);
    // the workers' planes again on loopback, for the paths that need the store.
    const loopback = { host: LOOPBACK, port: 0 };
    primary = await startPortcullis(
      { ...settings, planes: ['admin', ...workerPlanes], clusterToken, masterKey: key },
      { log, listenOn: { ...(settings.planes.includes('admin') ? {} : { admin: loopback }), proxy: loopback, guardrail: loopback }, metricsSource: (own) => metrics.source(own) },
    );
    if (settings.planes.includes('admin')) publicUrls.admin = primary.urls.admin;
    const syncUrl = `http://${reachableHost(settings.planes.includes('admin') ? settings.host : LOOPBACK)}:${primary.ports.admin}`;
    counters = primary.counters;
    const jwtSecret = primary.jwtSecret;
    plan = {
      settings: (index) => ({
        ...settings, planes: workerPlanes, dataDir: workerDir(index), secretsDir: join(workerDir(index), 'secrets'), masterKey: key, clusterToken,
        controlPlaneUrl: syncUrl, adminJwtSecret: jwtSecret, mongodbUri: undefined, counterBackend: countersAt === 'own' ? 'redis' : undefined, workers: 1,
      }),
      nodeId: (index) => `${baseId}-w${index}`,
      counters: countersAt,
      storeUrls: { proxy: primary.urls.proxy, guardrail: primary.urls.guardrail },
      configRevision: () => primary!.holder.current.revision,
    };
  }

  const supervisor = new WorkerSupervisor(plan, counters, metrics, log);
  try {
    const workerUrls = await supervisor.start(settings.workers);
    for (const plane of settings.planes) if (plane !== 'admin' || dataPlane) publicUrls[plane] = workerUrls[plane];
    // The console's config.json names the ports browsers reach: the workers', not the primary's loopback planes.
    for (const plane of ['proxy', 'guardrail'] as const) {
      const url = workerUrls[plane];
      if (primary && url) primary.ports[plane] = Number(new URL(url).port);
    }
  } catch (err) {
    await supervisor.stop();
    await primary?.close();
    if (!primary && counters) await closeCounters(counters);
    throw err;
  }
  return {
    urls: publicUrls,
    async close() {
      await supervisor.stop();
      await primary?.close();
      if (!primary && counters) await closeCounters(counters);
    },
  };
}

/** A worker's failed start, carrying the exit code a single process would have ended with. */
function startFailure(exitCode: number, message: string): Error {
  return exitCode === 2 ? new SettingsInputError(message) : new Error(message);
}

/** Forks the workers, replaces those that die, and stops them all. */
class WorkerSupervisor {
  private readonly slots = new Map<number, Slot>();
  private readonly restarts = new Set<NodeJS.Timeout>();
  private readonly backoff = new RestartBackoff({ minMs: 250, maxMs: 10_000, stableMs: 30_000 });
  private stopping = false;

  constructor(
    private readonly plan: Plan,
    private readonly counters: CounterStore | undefined,
    private readonly metrics: ClusterMetrics,
    private readonly log: Logger,
  ) {}

  /** Forks `count` workers; resolves with their planes' URLs once all serve, rejects on the first failed start. */
  async start(count: number): Promise<Partial<Record<Plane, string>>> {
    const started = await Promise.all(Array.from({ length: count }, (_, i) => this.fork(i + 1)));
    return started[0]!;
  }

  /** Forks the worker of slot `index`; resolves once it serves, rejects if it fails to start. */
  private fork(index: number): Promise<Partial<Record<Plane, string>>> {
    const worker = cluster.fork();
    const slot: Slot = {
      worker,
      startedAt: Date.now(),
      stopServingCounters: this.counters && this.plan.counters === 'primary' ? serveCounters(worker, this.counters) : () => undefined,
      detachMetrics: this.metrics.attach(index, worker),
    };
    this.slots.set(index, slot);
    const pid = worker.process.pid;
    // A message to a worker that just died fails on its closed channel: its exit is handled below.
    worker.on('error', (err) => this.log.debug('worker channel error', { worker: index, pid, error: err.message }));
    return new Promise((resolve, reject) => {
      let failure: Error | undefined;
      let serving = false;
      worker.on('message', (message: unknown) => {
        if (isMessage(message, 'portcullis:hello')) {
          worker.send({ type: 'portcullis:assignment', index, nodeId: this.plan.nodeId(index), settings: this.plan.settings(index), counters: this.plan.counters, storeUrls: this.plan.storeUrls, configRevision: this.plan.configRevision() });
        } else if (isMessage(message, 'portcullis:ready')) {
          serving = true;
          slot.startedAt = Date.now();
          this.log.info('worker started', { worker: index, pid });
          resolve(message.urls);
        } else if (isMessage(message, 'portcullis:failed')) {
          failure = startFailure(message.exitCode, message.message);
          this.log.error('worker failed to start', { worker: index, pid, error: message.message });
        }
      });
      worker.once('exit', (code, signal) => {
        slot.stopServingCounters();
        slot.detachMetrics();
        if (this.slots.get(index) === slot) this.slots.delete(index);
        if (!serving) reject(failure ?? new Error(`worker ${index} exited (${signal ?? `code ${code}`}) before it served`));
        if (this.stopping) return;
        const wait = this.backoff.next(Date.now() - slot.startedAt);
        this.log.warn('worker exited; restarting', { worker: index, pid, code, signal, restart_in_ms: wait });
        const timer = setTimeout(() => {
          this.restarts.delete(timer);
          if (!this.stopping) this.fork(index).catch(() => undefined);
        }, wait);
        this.restarts.add(timer);
      });
    });
  }

  /** Tells every worker to drain and waits for them (killing those that outlast the drain timeout). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.restarts) clearTimeout(timer);
    this.restarts.clear();
    await Promise.all(
      [...this.slots.values()].map(({ worker }) => {
        if (worker.isDead()) return undefined;
        return new Promise<void>((resolve) => {
          const killer = setTimeout(() => worker.process.kill('SIGKILL'), DRAIN_TIMEOUT_MS);
          worker.once('exit', () => {
            clearTimeout(killer);
            resolve();
          });
          try {
            worker.send({ type: 'portcullis:stop' });
          } catch {
            worker.process.kill('SIGTERM');
          }
        });
      }),
    );
  }
}
