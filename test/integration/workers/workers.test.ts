/**
 * `portcullis start --workers 2` as a real process tree on loopback: a primary holding the
 * embedded store and the admin plane, two workers sharing the proxy and guardrail ports. The
 * records are made through the admin API and the guardrail port's management paths (which the
 * workers hand to the primary); proxy and evaluate traffic is served by both workers (the access
 * log names the pid); an admin write reaches both; a limit of 10 requests a minute holds across
 * them; a killed worker is replaced; SIGTERM stops the tree with exit code 0. In data-plane
 * mode each worker is a data plane of the remote control plane; `portcullis health` answers.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { TempDirs } from '../../fixtures/files/temp-dir.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { eventually, startPortcullisProcess, type PortcullisProcess } from '../../fixtures/processes/portcullis-process.js';

const JWT_SECRET = 'admin-jwt-secret-for-worker-tests-0123456789';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One request on a connection of its own, so the primary hands each to the next worker. */
function freshRequest(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, agent: false, headers: { ...headers, connection: 'close', ...(body === undefined ? {} : { 'content-type': 'application/json' }) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The JSON log lines of a process's output. */
function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return {};
      }
    });
}

/** The child processes of `pid` (Linux: every thread's `children` file). */
const childrenOf = (pid: number): number[] =>
  readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('portcullis start --workers 2 (real processes)', function () {
  this.timeout(120_000);
  const dirs = new TempDirs('portcullis-workers-');
  let upstream: FakeOpenAI;
  let proc: PortcullisProcess;
  let adminToken: string;
  let gatewayId: string;
  let registryId: string;
  let appKey: string;
  let limitedKey: string;
  let collectorKey: string;

  const admin = async (method: string, path: string, body?: unknown, base = proc.urls.admin): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
  const created = async (method: string, path: string, body: unknown, base?: string) => {
    const answer = await admin(method, path, body, base);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).to.be.oneOf([200, 201, 204]);
    return answer.body;
  };
  const chat = (key: string, model = 'gpt-4o-mini', slug = 'app') =>
    freshRequest(`${proc.urls.proxy}/${slug}/v1/chat/completions`, 'POST', { authorization: `Bearer ${key}` }, { model, messages: [{ role: 'user', content: 'hi' }] });
  const evaluate = () =>
    freshRequest(`${proc.urls.guardrail}/v1/evaluate`, 'POST', { authorization: `Bearer ${collectorKey}` }, {
      protocol: 'llm', direction: 'input', payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Open a ticket about project-x' }] },
    });
  /** Pids of the access log lines of `plane` whose path is `path`. */
  const servingPids = (plane: string, path: string) =>
    new Set(logLines(proc.output()).filter((l) => l.message === 'request' && l.plane === plane && l.path === path).map((l) => l.pid as number));
  /** Pids of the workers the primary started, in order. */
  const workerPids = () => logLines(proc.output()).filter((l) => l.message === 'worker started').map((l) => l.pid as number);
  const connections = async () => (await admin('GET', '/v1/config-sync/connections')).body.items as Array<{ id: string; config_revision: number }>;

  before(async () => {
    upstream = await startFakeOpenAI();
    proc = await startPortcullisProcess(
      ['--workers', '2', '--proxy-port', '0', '--admin-port', '0', '--guardrail-port', '0', '--data-dir', dirs.make('data')],
      ['admin', 'proxy', 'guardrail'],
      { PORTCULLIS_ADMIN_JWT_SECRET: JWT_SECRET, PORTCULLIS_LOG_LEVEL: 'info', PORTCULLIS_LOG_FORMAT: 'json', PORTCULLIS_TELEMETRY_INTERVAL_MS: '200', PORTCULLIS_SYNC_HEARTBEAT_MS: '300' },
    );
    adminToken = await mintAdminToken(JWT_SECRET, { sub: 'ops', roles: ['platform_admin'] });
    gatewayId = (await created('POST', '/v1/gateways', { slug: 'acme', name: 'Acme', tenant_id: 't-1', entitlements: { tier: 'team', caps: { requests_per_minute: 6000 }, max_instances: 5 } })).id as string;
    registryId = (await created('POST', `/v1/gateways/${gatewayId}/registries`, {
      slug: 'upstream', type: 'LLM', provider: 'openai', base_url: upstream.url, auth: { api_key: 'sk-upstream-secret' }, models: ['gpt-4o-mini'],
    })).id as string;
    const consumerWithKey = async (slug: string) => {
      const consumer = (await created('POST', `/v1/gateways/${gatewayId}/consumers`, { slug, registries: [{ registry_id: registryId }] })).id as string;
      const auth = await created('POST', `/v1/gateways/${gatewayId}/auths`, { name: `${slug} key`, type: 'api_key' });
      await created('PUT', `/v1/gateways/${gatewayId}/consumers/${consumer}/auths/${auth.id as string}`, undefined);
      return { consumer, key: auth.key as string };
    };
    appKey = (await consumerWithKey('app')).key;
    const limited = await consumerWithKey('limited');
    limitedKey = limited.key;
    const policy = await created('POST', `/v1/gateways/${gatewayId}/policies`, {
      slug: 'ten-a-minute', name: 'Ten a minute', type: 'rate_limiter', settings: { limits: [{ requests: 10, window: 'minute' }] }, enabled: true, priority: 100, global: false,
    });
    await created('PUT', `/v1/gateways/${gatewayId}/consumers/${limited.consumer}/policies/${policy.id as string}`, undefined);
    // Guardrail management on the shared guardrail port: a worker hands it to the primary, where the store is.
    const collector = (await created('POST', '/v1/collectors', { name: 'support bot', type: 'rest_api', tenant_id: 't-1' }, proc.urls.guardrail)).id as string;
    collectorKey = (await created('POST', `/v1/collectors/${collector}/keys`, { name: 'prod' }, proc.urls.guardrail)).key as string;
    // Both workers hold the records before traffic starts.
    const revision = ((await admin('GET', '/readyz')).body.checks as { snapshot_revision: number }).snapshot_revision;
    await eventually(async () => {
      const list = await connections();
      return list.length === 2 && list.every((c) => c.config_revision >= revision);
    }, 'both workers on the latest revision');
  });

  after(async () => {
    const pids = proc ? workerPids() : [];
    await proc?.stop('SIGKILL');
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    await upstream?.close();
    dirs.removeAll();
  });

  it('serves proxy and evaluate traffic from both workers, never from the primary (the access log names the pid)', async () => {
    for (let i = 0; i < 6; i++) {
      const answer = await chat(appKey);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const verdict = await evaluate();
      expect(verdict.status, JSON.stringify(verdict.body)).to.equal(200);
    }
    const workers = new Set(workerPids());
    expect(workers.size).to.equal(2);
    expect(workers.has(proc.child.pid!)).to.equal(false);
    await eventually(async () => servingPids('proxy', '/app/v1/chat/completions').size === 2 && servingPids('guardrail', '/v1/evaluate').size === 2, 'access log lines of both workers');
    for (const pid of [...servingPids('proxy', '/app/v1/chat/completions'), ...servingPids('guardrail', '/v1/evaluate')]) expect(workers.has(pid)).to.equal(true);
  });

  it('/metrics of any port counts the whole tree: every scrape gives the totals of both workers, not of the one answering', async () => {
    /** The sum of every series of `name` in a Prometheus text. */
    const total = (text: string, name: string) =>
      text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `)).reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
    const scrape = async (base: string) => {
      const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${adminToken}`, connection: 'close' } });
      expect(answer.status).to.equal(200);
      return answer.text();
    };
    const before = await scrape(proc.urls.admin);
    const evaluations = total(before, 'portcullis_guardrail_evaluations_total') + 6;
    const chats = total(before, 'portcullis_proxy_requests_total') + 6;
    // On fresh connections, so the primary hands them to both workers in turn.
    for (let i = 0; i < 6; i++) {
      expect((await evaluate()).status).to.equal(200);
      expect((await chat(appKey)).status).to.equal(200);
    }
    // Counted once each answer is sent: wait for the last ones, then every scrape must agree.
    await eventually(async () => {
      const text = await scrape(proc.urls.admin);
      return total(text, 'portcullis_guardrail_evaluations_total') === evaluations && total(text, 'portcullis_proxy_requests_total') === chats;
    }, 'the new requests counted');
    const revision = ((await admin('GET', '/readyz')).body.checks as { snapshot_revision: number }).snapshot_revision;
    // Fresh connections: the primary hands them to the workers in turn, so both answer scrapes.
    for (const base of [proc.urls.guardrail, proc.urls.guardrail, proc.urls.guardrail, proc.urls.guardrail, proc.urls.admin]) {
      const text = await scrape(base);
      expect(total(text, 'portcullis_guardrail_evaluations_total'), `evaluations in a scrape of ${base}`).to.equal(evaluations);
      expect(total(text, 'portcullis_proxy_requests_total'), `proxied requests in a scrape of ${base}`).to.equal(chats);
      // A gauge of each process is not summed: the tree serves one config revision.
      expect(total(text, 'portcullis_config_revision'), 'config revision').to.equal(revision);
    }
  });

  it("the console's config.json names the ports the workers share, not the primary's own loopback planes", async () => {
    const answer = await fetch(`${proc.urls.admin}/console/config.json`);
    expect(answer.status).to.equal(200);
    const urls = (await answer.json()) as { guardrail_url: string; proxy_url: string };
    expect(new URL(urls.guardrail_url).port).to.equal(new URL(proc.urls.guardrail).port);
    expect(new URL(urls.proxy_url).port).to.equal(new URL(proc.urls.proxy).port);
  });

  it("ships the workers' telemetry to the primary's store: their evaluations are in Activity", async () => {
    await eventually(async () => {
      const activity = await admin('GET', '/v1/activity?size=50', undefined, proc.urls.guardrail);
      return activity.status === 200 && (activity.body.total as number) >= 6;
    }, 'the evaluations in Activity');
  });

  it('an admin write reaches both workers', async () => {
    expect((await chat(appKey, 'gpt-4.1')).status).to.equal(403);
    await created('PATCH', `/v1/gateways/${gatewayId}/registries/${registryId}`, { models: ['gpt-4o-mini', 'gpt-4.1'] });
    const revision = ((await admin('GET', '/readyz')).body.checks as { snapshot_revision: number }).snapshot_revision;
    await eventually(async () => (await connections()).every((c) => c.config_revision >= revision), 'both workers on the new revision');
    for (let i = 0; i < 4; i++) expect((await chat(appKey, 'gpt-4.1')).status).to.equal(200);
  });

  it("serves an MCP server that needs each user's sign-in from the primary, where the users' tokens are: -32042 names the connect page", async () => {
    // The sign-in server is never reached: a caller who has not connected is sent to the connect page first.
    const secure = (await created('POST', `/v1/gateways/${gatewayId}/registries`, {
      type: 'MCP', provider: 'mcp', slug: 'secure', base_url: 'http://127.0.0.1:9/mcp',
      auth: { oauth: { issuer: 'http://127.0.0.1:9', client_id: 'portcullis-at-secure', client_secret: 'upstream-client-secret' } },
    })).id as string;
    const agent = (await created('POST', `/v1/gateways/${gatewayId}/consumers`, { slug: 'agent', registries: [{ registry_id: secure }] })).id as string;
    const auth = await created('POST', `/v1/gateways/${gatewayId}/auths`, { name: 'agent key', type: 'api_key' });
    await created('PUT', `/v1/gateways/${gatewayId}/consumers/${agent}/auths/${auth.id as string}`, undefined);
    const revision = ((await admin('GET', '/readyz')).body.checks as { snapshot_revision: number }).snapshot_revision;
    await eventually(async () => (await connections()).every((c) => c.config_revision >= revision), 'both workers on the new revision');
    for (let i = 0; i < 3; i++) {
      const mcp = new Client({ name: 'workers-test', version: '1.0.0' });
      await mcp.connect(new StreamableHTTPClientTransport(new URL(`${proc.urls.proxy}/agent/mcp`), { requestInit: { headers: { authorization: `Bearer ${auth.key as string}`, connection: 'close' } } }));
      try {
        const err = await mcp.callTool({ name: 'secure__whoami', arguments: {} }).then(() => undefined, (e: unknown) => e);
        expect(err, 'the call must fail with an MCP error').to.be.instanceOf(McpError);
        expect((err as McpError).code).to.equal(-32042);
        const [elicitation] = ((err as McpError).data as { elicitations: Array<{ url: string }> }).elicitations;
        expect(new URL(elicitation.url).host, 'the connect page on the public proxy port').to.equal(new URL(proc.urls.proxy).host);
      } finally {
        await mcp.close();
      }
    }
    // Served by the primary (its own lines carry no worker pid); the app consumer's traffic stays on the workers.
    await eventually(async () => servingPids('proxy', '/agent/mcp').size > 0, 'access log lines of the MCP requests');
    const workers = new Set(workerPids());
    expect([...servingPids('proxy', '/agent/mcp')].filter((pid) => workers.has(pid)), 'MCP requests of the sign-in server served by a worker').to.deep.equal([]);
  });

  it('holds a limit of 10 requests a minute across workers: of 20 requests spread over both, exactly 10 pass', async () => {
    const before = new Set(servingPids('proxy', '/limited/v1/chat/completions'));
    expect(before.size).to.equal(0);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await chat(limitedKey, 'gpt-4o-mini', 'limited')).status);
    expect(statuses.filter((s) => s === 200)).to.have.length(10);
    expect(statuses.filter((s) => s === 429)).to.have.length(10);
    await eventually(async () => servingPids('proxy', '/limited/v1/chat/completions').size === 2, 'both workers in the access log');
  });

  it('replaces a killed worker, and serves throughout', async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim, 'SIGKILL');
    await eventually(async () => workerPids().length === 3, 'a new worker');
    const replacement = workerPids()[2];
    expect(replacement).to.not.be.oneOf([victim, survivor]);
    expect(logLines(proc.output()).some((l) => l.message === 'worker exited; restarting' && l.pid === victim)).to.equal(true);
    await eventually(async () => (await connections()).length === 2, 'the replacement connected');
    await eventually(async () => {
      for (let i = 0; i < 4; i++) if ((await chat(appKey)).status !== 200) return false;
      return servingPids('proxy', '/app/v1/chat/completions').has(replacement);
    }, 'the replacement serving');
  });

  it('SIGTERM drains and stops every worker, and the primary exits 0', async () => {
    const pids = workerPids().filter(isAlive);
    expect(pids).to.have.length(2);
    const exited = new Promise<number | null>((resolve) => proc.child.once('exit', (code) => resolve(code)));
    proc.child.kill('SIGTERM');
    expect(await exited).to.equal(0);
    for (const pid of pids) expect(isAlive(pid), `worker ${pid} still running`).to.equal(false);
  });
});

describe('portcullis start --workers: one worker, bad values, failed starts', function () {
  this.timeout(60_000);
  const dirs = new TempDirs('portcullis-workers-');
  after(() => dirs.removeAll());

  it('--workers 1 keeps the single process: no worker is forked, the process serves every plane itself', async () => {
    const proc = await startPortcullisProcess(['--workers', '1', '--proxy-port', '0', '--admin-port', '0', '--guardrail-port', '0', '--data-dir', dirs.make('one')], ['proxy'], {
      PORTCULLIS_LOG_LEVEL: 'info', PORTCULLIS_LOG_FORMAT: 'json',
    });
    try {
      expect((await freshRequest(`${proc.urls.proxy}/healthz`, 'GET', {})).status).to.equal(200);
      expect(childrenOf(proc.child.pid!)).to.deep.equal([]);
      expect(logLines(proc.output()).some((l) => l.message === 'worker started')).to.equal(false);
    } finally {
      await proc.stop('SIGTERM');
    }
  });

  /** The exit code and output of a start that is expected to fail. */
  const failedStart = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
    try {
      const proc = await startPortcullisProcess(args, ['proxy'], env);
      await proc.stop('SIGKILL');
      throw new Error('it started');
    } catch (err) {
      const match = /portcullis exited with (\d+):\n([\s\S]*)/.exec((err as Error).message);
      if (!match) throw err;
      return { code: Number(match[1]), output: match[2] };
    }
  };

  it('refuses a worker count outside 1..256 with exit code 2 and one line naming the setting', async () => {
    // Each value's wording is in test/unit/core/workers/worker-count.test.ts; here the command's answer.
    for (const value of ['257']) {
      const { code, output } = await failedStart(['--workers', value, '--data-dir', dirs.make('bad')]);
      expect(code).to.equal(2);
      expect(output.trim()).to.equal(`portcullis: workers must be a whole number from 1 to 256, got "${value}"`);
    }
    const fromEnv = await failedStart(['--data-dir', dirs.make('bad-env')], { PORTCULLIS_WORKERS: '-3' });
    expect(fromEnv.code).to.equal(2);
    expect(fromEnv.output).to.contain('workers must be a whole number from 1 to 256, got "-3"');
  });

  it('exits 1 with one line, as a single process does, when the workers cannot take the proxy port', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const { code, output } = await failedStart(['--workers', '2', '--proxy-port', String(port), '--admin-port', '0', '--guardrail-port', '0', '--data-dir', dirs.make('taken')], { PORTCULLIS_LOG_LEVEL: 'silent' });
      expect(code).to.equal(1);
      expect(output.trim().split('\n')).to.have.length(1);
      expect(output).to.match(/^portcullis: .*EADDRINUSE/);
    } finally {
      taken.close();
    }
  });
});

describe('portcullis start --workers 2 --control-plane-url (data-plane mode, real processes)', function () {
  this.timeout(120_000);
  const dirs = new TempDirs('portcullis-workers-');
  const MASTER_KEY = '0'.repeat(64);
  const CLUSTER_TOKEN = 'cluster-secret-for-worker-tests-0123456789';
  let cp: PortcullisProcess;
  let dp: PortcullisProcess;

  before(async () => {
    const shared = { PORTCULLIS_MASTER_KEY: MASTER_KEY, PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN, PORTCULLIS_ADMIN_JWT_SECRET: JWT_SECRET };
    cp = await startPortcullisProcess(['--planes', 'admin', '--admin-port', '0', '--data-dir', dirs.make('cp')], ['admin'], shared);
    dp = await startPortcullisProcess(
      ['--workers', '2', '--planes', 'proxy', '--proxy-port', '0', '--data-dir', dirs.make('dp'), '--control-plane-url', cp.urls.admin],
      ['proxy'],
      { ...shared, PORTCULLIS_LOG_LEVEL: 'info', PORTCULLIS_LOG_FORMAT: 'json', PORTCULLIS_SYNC_HEARTBEAT_MS: '300' },
    );
  });

  after(async () => {
    const pids = dp ? logLines(dp.output()).filter((l) => l.message === 'worker started').map((l) => l.pid as number) : [];
    await Promise.all([cp?.stop('SIGKILL'), dp?.stop('SIGKILL')]);
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    dirs.removeAll();
  });

  it('makes each worker a data plane of the control plane, listed with its slot', async () => {
    const token = await mintAdminToken(JWT_SECRET, { sub: 'ops', roles: ['platform_admin'] });
    const ids = async () => {
      const res = await fetch(`${cp.urls.admin}/v1/config-sync/connections`, { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { items: Array<{ id: string }> }).items.map((c) => c.id).sort();
    };
    await eventually(async () => (await ids()).length === 2, 'two worker connections');
    const [first, second] = await ids();
    expect(first).to.match(/-w1$/);
    expect(second).to.match(/-w2$/);
    expect(first.slice(0, -3)).to.equal(second.slice(0, -3));
  });

  it('portcullis health answers 0 for the workers\' shared proxy port', async () => {
    const port = new URL(dp.urls.proxy).port;
    const cli = fileURLToPath(new URL('../../../core/cli/main.ts', import.meta.url));
    const health = spawn(process.execPath, ['--import', 'tsx', cli, 'health', '--planes', 'proxy', '--proxy-port', port], { stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve) => health.once('exit', resolve));
    expect(code).to.equal(0);
  });
});
