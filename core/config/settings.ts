/**
 * Runtime settings of `portcullis start`: each from a CLI flag, else an environment variable,
 * else the default (docs/configuration.md lists them).
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_UPSTREAM_TIMEOUTS, MAX_UPSTREAM_TIMEOUT_MS } from '../proxy/upstream/upstream-timeouts.js';
import { parseEgressAllow } from '../http/egress-policy.js';

export type Plane = 'admin' | 'proxy' | 'guardrail';
export const ALL_PLANES: readonly Plane[] = ['admin', 'proxy', 'guardrail'];

export interface Settings {
  planes: Plane[];
  host: string;
  ports: Record<Plane, number>;
  dataDir: string;
  /** Where the generated master key is kept (default `<dataDir>/secrets`), apart from the store files. */
  secretsDir: string;
  mongodbUri?: string;
  adminJwtSecret?: string;
  adminJwksUrl?: string;
  /** The `iss` of RS256 admin tokens; required with `adminJwksUrl`. */
  adminJwtIssuer?: string;
  /** The bearer token that may scrape `/metrics` (a platform admin token may too). */
  metricsToken?: string;
  /** `/metrics` answers without a credential (a private network). */
  metricsPublic: boolean;
  /** Metric labels carry gateway and consumer slugs and every model name. */
  metricsTenantLabels: boolean;
  /** Behind a reverse proxy that sets X-Forwarded-Proto, -Host and -For: the planes read the client's scheme, host and address from them. */
  trustProxy: boolean;
  masterKey?: string;
  guardrailUrl?: string;
  otlpEndpoint?: string;
  /** How often metrics are exported over OTLP when an endpoint is set (ms; OTEL_METRIC_EXPORT_INTERVAL). */
  otlpMetricsIntervalMs: number;
  controlPlaneUrl?: string;
  clusterToken?: string;
  scope?: string;
  redisUrl?: string;
  /** Counter backend for limits and budgets: local, redis (default with REDIS_URL) or mongodb (the store). */
  counterBackend?: 'local' | 'redis' | 'mongodb';
  /** Third-party plugins: folder paths or npm package names. */
  plugins: string[];
  /** Config sync: data-plane heartbeat interval and the control plane's drop timeout (ms). */
  syncHeartbeatMs: number;
  syncTimeoutMs: number;
  /** How often queued telemetry is delivered (ms). */
  telemetryIntervalMs: number;
  /** Activity records the embedded store keeps, the newest (MongoDB keeps them for their retention). */
  activityMaxRecords: number;
  /** Default upstream waits (ms) when a consumer sets no `timeouts`: connect, first byte (headers), idle between body chunks. */
  upstreamConnectTimeoutMs: number;
  upstreamFirstByteTimeoutMs: number;
  upstreamIdleTimeoutMs: number;
  /** Hosts, addresses and CIDR ranges tenants' URLs may reach although the egress policy refuses them (core/http/egress-policy.ts). */
  egressAllow: string[];
  /** Browser origins the MCP endpoint serves besides its own (`https://app.example`); others are 403. */
  mcpAllowedOrigins: string[];
  /** How long a legacy-era MCP session id stays valid after its `initialize` (ms). */
  mcpSessionTtlMs: number;
  /** Processes serving the proxy and guardrail planes on shared ports (docs/deployment.md, "Workers"); 1 is a single process. */
  workers: number;
  /** The guardrail and proxy base URLs the console is told to call (behind a reverse proxy); derived from the request's host and the ports otherwise. */
  publicGuardrailUrl?: string;
  publicProxyUrl?: string;
  /** The browser origin the console is served from, when not the admin plane's own (`https://console.example`); the guardrail and proxy planes answer CORS for it. */
  consoleOrigin?: string;
}

/** Flag name (without `--`) -> environment variable. */
export const FLAG_ENV: Record<string, string> = {
  planes: 'PORTCULLIS_PLANES',
  host: 'PORTCULLIS_HOST',
  'proxy-port': 'PORTCULLIS_PROXY_PORT',
  'admin-port': 'PORTCULLIS_ADMIN_PORT',
  'guardrail-port': 'PORTCULLIS_GUARDRAIL_PORT',
  'data-dir': 'PORTCULLIS_DATA_DIR',
  'mongodb-uri': 'MONGODB_URI',
  'admin-jwt-secret': 'PORTCULLIS_ADMIN_JWT_SECRET',
  'admin-jwks-url': 'PORTCULLIS_ADMIN_JWKS_URL',
  'admin-jwt-issuer': 'PORTCULLIS_ADMIN_JWT_ISSUER',
  'master-key': 'PORTCULLIS_MASTER_KEY',
  'secrets-dir': 'PORTCULLIS_SECRETS_DIR',
  'guardrail-url': 'PORTCULLIS_GUARDRAIL_URL',
  'otlp-endpoint': 'OTEL_EXPORTER_OTLP_ENDPOINT',
  'metrics-token': 'PORTCULLIS_METRICS_TOKEN',
  'metrics-public': 'PORTCULLIS_METRICS_PUBLIC',
  'metrics-tenant-labels': 'PORTCULLIS_METRICS_TENANT_LABELS',
  'trust-proxy': 'PORTCULLIS_TRUST_PROXY',
  'control-plane-url': 'PORTCULLIS_CONTROL_PLANE_URL',
  'cluster-token': 'PORTCULLIS_CLUSTER_TOKEN',
  scope: 'PORTCULLIS_SCOPE',
  'redis-url': 'REDIS_URL',
  'counter-backend': 'PORTCULLIS_COUNTER_BACKEND',
  plugins: 'PORTCULLIS_PLUGINS',
  'sync-heartbeat-ms': 'PORTCULLIS_SYNC_HEARTBEAT_MS',
  'sync-timeout-ms': 'PORTCULLIS_SYNC_TIMEOUT_MS',
  'telemetry-interval-ms': 'PORTCULLIS_TELEMETRY_INTERVAL_MS',
  'activity-max-records': 'PORTCULLIS_ACTIVITY_MAX_RECORDS',
  'upstream-connect-timeout-ms': 'PORTCULLIS_UPSTREAM_CONNECT_TIMEOUT_MS',
  'upstream-first-byte-timeout-ms': 'PORTCULLIS_UPSTREAM_FIRST_BYTE_TIMEOUT_MS',
  'upstream-idle-timeout-ms': 'PORTCULLIS_UPSTREAM_IDLE_TIMEOUT_MS',
  'egress-allow': 'PORTCULLIS_EGRESS_ALLOW',
  'mcp-allowed-origins': 'PORTCULLIS_MCP_ALLOWED_ORIGINS',
  'mcp-session-ttl-ms': 'PORTCULLIS_MCP_SESSION_TTL_MS',
  'otlp-metrics-interval-ms': 'OTEL_METRIC_EXPORT_INTERVAL',
  workers: 'PORTCULLIS_WORKERS',
  'public-guardrail-url': 'PORTCULLIS_PUBLIC_GUARDRAIL_URL',
  'public-proxy-url': 'PORTCULLIS_PUBLIC_PROXY_URL',
  'console-origin': 'PORTCULLIS_CONSOLE_ORIGIN',
};

export class SettingsInputError extends Error {}

/**
 * The largest value of a positive setting, by unit: an interval or timeout at most a day (a
 * Node.js timer past 2^31-1 ms fires at once), a record count at most a hundred million.
 */
const MAX_BY_UNIT = { milliseconds: 86_400_000, records: 100_000_000 } as const;

function positive(value: string | undefined, fallback: number, name: string, unit: keyof typeof MAX_BY_UNIT = 'milliseconds'): number {
  const max = MAX_BY_UNIT[unit];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > max) throw new SettingsInputError(`${name} must be a positive number of ${unit} up to ${max}, got "${value}"`);
  return n;
}

/** An upstream wait: positive, and at most an hour (a longer timer would overflow to an immediate one). */
function upstreamTimeout(value: string | undefined, fallback: number, name: string): number {
  const n = positive(value, fallback, name);
  if (n > MAX_UPSTREAM_TIMEOUT_MS) throw new SettingsInputError(`${name} must be at most ${MAX_UPSTREAM_TIMEOUT_MS} milliseconds, got "${value}"`);
  return n;
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new SettingsInputError(`${name} must be a port number (0-65535), got "${value}"`);
  return n;
}

function flag(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new SettingsInputError(`${name} must be true or false, got "${value}"`);
}

function counterBackend(value: string | undefined): Settings['counterBackend'] {
  if (value === undefined || value === 'local' || value === 'redis' || value === 'mongodb') return value;
  throw new SettingsInputError(`counter backend must be local, redis or mongodb, got "${value}"`);
}

/** Shared secrets a client presents (metrics and cluster tokens): long enough not to be guessed. */
const MIN_TOKEN_CHARS = 16;

function sharedToken(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  if (value.length < MIN_TOKEN_CHARS) throw new SettingsInputError(`${name} must be at least ${MIN_TOKEN_CHARS} characters (use e.g. \`openssl rand -hex 32\`)`);
  return value;
}

/** The egress allow list, each entry checked now so a typo fails at start, not on the first fetch. */
function egressAllow(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  try {
    parseEgressAllow(entries);
  } catch (err) {
    throw new SettingsInputError((err as Error).message);
  }
  return entries;
}

/** Origins (`scheme://host[:port]`, nothing after), each checked now so a typo fails at start. */
function origins(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    let origin: string | undefined;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = undefined;
    }
    if (!origin || origin === 'null' || origin !== entry.replace(/\/$/, '')) throw new SettingsInputError(`MCP allowed origin must be an origin such as https://app.example, got "${entry}"`);
  }
  return entries.map((entry) => new URL(entry).origin);
}

/** The most worker processes one `portcullis start` runs. */
const MAX_WORKERS = 256;

/** `--workers`: a whole number from 1 to 256; by default one per core this process may use. */
function workers(value: string | undefined): number {
  if (value === undefined || value === '') return Math.min(availableParallelism(), MAX_WORKERS);
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= MAX_WORKERS)) throw new SettingsInputError(`workers must be a whole number from 1 to ${MAX_WORKERS}, got "${value}"`);
  return n;
}

/** An http(s) base URL, checked now; kept without a trailing slash. */
function baseUrl(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) throw new SettingsInputError(`${name} must be an http(s) URL such as https://guardrail.example, got "${value}"`);
  return value.replace(/\/+$/, '');
}

/** One browser origin (`scheme://host[:port]`, nothing after), checked now. */
function singleOrigin(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const url = baseUrl(value, name)!;
  if (new URL(url).origin !== url) throw new SettingsInputError(`${name} must be an origin such as https://console.example, got "${value}"`);
  return url;
}

/** Resolves settings from parsed flags and an environment. */
export function resolveSettings(flags: Record<string, string | undefined>, env: NodeJS.ProcessEnv = process.env): Settings {
  const get = (flag: string) => flags[flag] ?? env[FLAG_ENV[flag]];
  const planes = (get('planes') ?? ALL_PLANES.join(','))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const p of planes) {
    if (!ALL_PLANES.includes(p as Plane)) throw new SettingsInputError(`unknown plane "${p}" (planes: ${ALL_PLANES.join(', ')})`);
  }
  const empty = (v: string | undefined) => (v ? v : undefined);
  const dataDir = resolve(get('data-dir') ?? './data');
  return {
    planes: planes as Plane[],
    host: get('host') ?? '127.0.0.1',
    ports: {
      proxy: port(get('proxy-port'), 8000, 'proxy port'),
      admin: port(get('admin-port'), 8001, 'admin port'),
      guardrail: port(get('guardrail-port'), 8002, 'guardrail port'),
    },
    dataDir,
    mongodbUri: empty(get('mongodb-uri')),
    adminJwtSecret: empty(get('admin-jwt-secret')),
    adminJwksUrl: empty(get('admin-jwks-url')),
    adminJwtIssuer: empty(get('admin-jwt-issuer')),
    masterKey: empty(get('master-key')),
    secretsDir: resolve(get('secrets-dir') ?? resolve(dataDir, 'secrets')),
    guardrailUrl: empty(get('guardrail-url')),
    otlpEndpoint: empty(get('otlp-endpoint')),
    metricsToken: sharedToken(get('metrics-token'), 'metrics token'),
    metricsPublic: flag(get('metrics-public'), 'metrics public'),
    metricsTenantLabels: flag(get('metrics-tenant-labels'), 'metrics tenant labels'),
    trustProxy: flag(get('trust-proxy'), 'trust proxy'),
    controlPlaneUrl: empty(get('control-plane-url')),
    clusterToken: sharedToken(get('cluster-token'), 'cluster token'),
    scope: empty(get('scope')),
    redisUrl: empty(get('redis-url')),
    counterBackend: counterBackend(empty(get('counter-backend'))),
    plugins: (get('plugins') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    syncHeartbeatMs: positive(get('sync-heartbeat-ms'), 5_000, 'sync heartbeat'),
    syncTimeoutMs: positive(get('sync-timeout-ms'), 30_000, 'sync timeout'),
    telemetryIntervalMs: positive(get('telemetry-interval-ms'), 1_000, 'telemetry interval'),
    // About 1 KB of memory each: 50,000 is about 50 MB.
    activityMaxRecords: positive(get('activity-max-records'), 50_000, 'activity max records', 'records'),
    upstreamConnectTimeoutMs: upstreamTimeout(get('upstream-connect-timeout-ms'), DEFAULT_UPSTREAM_TIMEOUTS.connectMs, 'upstream connect timeout'),
    upstreamFirstByteTimeoutMs: upstreamTimeout(get('upstream-first-byte-timeout-ms'), DEFAULT_UPSTREAM_TIMEOUTS.firstByteMs, 'upstream first-byte timeout'),
    upstreamIdleTimeoutMs: upstreamTimeout(get('upstream-idle-timeout-ms'), DEFAULT_UPSTREAM_TIMEOUTS.idleMs, 'upstream idle timeout'),
    egressAllow: egressAllow(get('egress-allow')),
    mcpAllowedOrigins: origins(get('mcp-allowed-origins')),
    mcpSessionTtlMs: positive(get('mcp-session-ttl-ms'), 24 * 60 * 60 * 1000, 'MCP session TTL'),
    // The OpenTelemetry default export interval.
    otlpMetricsIntervalMs: positive(get('otlp-metrics-interval-ms'), 60_000, 'OTLP metrics interval'),
    workers: workers(get('workers')),
    publicGuardrailUrl: baseUrl(get('public-guardrail-url'), 'public guardrail URL'),
    publicProxyUrl: baseUrl(get('public-proxy-url'), 'public proxy URL'),
    consoleOrigin: singleOrigin(get('console-origin'), 'console origin'),
  };
}
