/**
 * Every collector-side rule of spec 4.5 against a real HTTP server standing in for the guardrail
 * service: retries with backoff and Retry-After on 429/502/504 and connection errors; unreachable
 * (connection error, timeout, 502/504, 429 after retries) follows the fallback; 401, 403, 503,
 * other 4xx/5xx, a non-JSON 200, an unknown verdict and TLS failures always fail closed.
 * The same client against the real guardrail service: test/integration/integrations/evaluate-client.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { EvaluateClient, type EvaluateClientOptions, type EvaluateResult } from '../src/index.js';
import { startScriptedService, verdict, type ScriptedService } from './support/scripted-service.js';

const KEY = 'tgk_abcdefghijklmnopqrstuvwxyz012345';
const REQUEST = { protocol: 'llm', direction: 'input' as const, payload: { input: 'hello' }, session_id: 's-1' };

/** A port nothing listens on: bound, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('evaluate client: the collector-side rules', () => {
  let service: ScriptedService;

  beforeEach(async () => {
    service = await startScriptedService();
  });
  afterEach(async () => service.close());

  const client = (options: EvaluateClientOptions = {}) => new EvaluateClient({ apiBase: service.url, collectorKey: KEY, backoffMs: 20, maxBackoffMs: 40, env: {}, ...options });
  const failed = (result: EvaluateResult) => {
    if (result.outcome === 'verdict') throw new Error(`expected a failure, got ${result.answer.status}`);
    return result;
  };

  it('posts the body to /v1/evaluate with the key as a Bearer token and returns the verdict', async () => {
    service.script(verdict('block', { findings: [{ source: { kind: 'detector', plugin: 'x', detector_name: 'x' }, signal: { type: 'keyword', confidence: 1 }, outcome: { action: 'block' } }] }));
    const result = await client().evaluate(REQUEST);
    expect(result.outcome).to.equal('verdict');
    if (result.outcome === 'verdict') expect(result.answer).to.include({ status: 'block', trace_id: 'trace-1', request_id: 'req-1' });
    const [sent] = service.received;
    expect(sent).to.include({ method: 'POST', url: '/v1/evaluate' });
    expect(sent.headers.authorization).to.equal(`Bearer ${KEY}`);
    expect(sent.headers['content-type']).to.equal('application/json');
    expect(JSON.parse(sent.body)).to.deep.equal(REQUEST);
  });

  for (const status of [429, 502, 504]) {
    it(`retries ${status} and takes the verdict of a later attempt`, async () => {
      service.script({ status, body: { error: 'busy', message: 'busy' } }, verdict('allow'));
      const result = await client().evaluate(REQUEST);
      expect(result.outcome).to.equal('verdict');
      expect(service.received).to.have.length(2);
    });

    it(`${status} after the retries is unreachable: fail_closed by default, fail_open when chosen`, async () => {
      service.script({ status });
      const closed = failed(await client({ maxRetries: 2 }).evaluate(REQUEST));
      expect(closed.outcome).to.equal('fail_closed');
      expect(closed.failure).to.include({ kind: 'unreachable', status });
      expect(service.received).to.have.length(3);
      const open = failed(await client({ maxRetries: 1, unreachable: 'fail_open' }).evaluate(REQUEST));
      expect(open.outcome).to.equal('fail_open');
      expect(open.failure.kind).to.equal('unreachable');
      expect(service.received).to.have.length(5);
    });
  }

  it('waits the Retry-After the service sent before retrying (seconds)', async () => {
    service.script({ status: 429, headers: { 'retry-after': '1' } }, verdict('allow'));
    const result = await client({ maxBackoffMs: 40 }).evaluate(REQUEST);
    expect(result.outcome).to.equal('verdict');
    const [first, second] = service.received;
    // The backoff alone would be at most 40 ms: the second attempt came after the asked second.
    expect(second.at - first.at).to.be.at.least(950);
  });

  it('does not wait for a Retry-After that would pass the timeout: unreachable at once', async () => {
    service.script({ status: 429, headers: { 'retry-after': '30' } });
    const result = failed(await client({ timeoutMs: 2000, unreachable: 'fail_open' }).evaluate(REQUEST));
    expect(result.outcome).to.equal('fail_open');
    expect(result.failure.message).to.contain('would pass the 2000 ms timeout');
    expect(service.received).to.have.length(1);
  });

  it('retries a refused connection, then it is unreachable and follows the fallback', async () => {
    const port = await closedPort();
    const closed = failed(await new EvaluateClient({ apiBase: `http://127.0.0.1:${port}`, collectorKey: KEY, backoffMs: 10, env: {} }).evaluate(REQUEST));
    expect(closed.outcome).to.equal('fail_closed');
    expect(closed.failure.kind).to.equal('unreachable');
    expect(closed.failure.message).to.contain('ECONNREFUSED').and.contain('after 3 attempts');
    const open = failed(await new EvaluateClient({ apiBase: `http://127.0.0.1:${port}`, collectorKey: KEY, backoffMs: 10, unreachable: 'fail_open', env: {} }).evaluate(REQUEST));
    expect(open.outcome).to.equal('fail_open');
  });

  it('a service that does not answer within the timeout is unreachable (one attempt, not retried)', async () => {
    service.script({ hang: true });
    const closed = failed(await client({ timeoutMs: 300 }).evaluate(REQUEST));
    expect(closed).to.deep.include({ outcome: 'fail_closed' });
    expect(closed.failure.kind).to.equal('unreachable');
    expect(closed.failure.message).to.contain('300 ms');
    const open = failed(await client({ timeoutMs: 300, unreachable: 'fail_open' }).evaluate(REQUEST));
    expect(open.outcome).to.equal('fail_open');
    expect(service.received).to.have.length(2);
  });

  const alwaysClosed: Array<[string, Parameters<ScriptedService['script']>[0], string]> = [
    ['401 (missing or invalid key)', { status: 401, body: { error: 'unauthorized', message: 'the collector key is not valid' } }, 'unauthorized'],
    ['403 (inactive or expired key)', { status: 403, body: { error: 'forbidden', message: 'the collector key is inactive' } }, 'forbidden'],
    ['503 (entitlement: plan quota exceeded)', { status: 503, body: { error: 'quota_exceeded', message: 'the plan quota is exhausted' } }, 'refused'],
    ['400 (a body the service refuses)', { status: 400, body: { error: 'unknown_field', message: '/metadata is not allowed' } }, 'refused'],
    ['500', { status: 500, text: 'oops' }, 'refused'],
    ['a redirect (not followed: the key goes nowhere else)', { status: 307, headers: { location: 'http://127.0.0.1:1/v1/evaluate' } }, 'refused'],
    ['a 200 that is not JSON', { status: 200, text: '<html>login</html>' }, 'invalid_answer'],
    ['a 200 with an unknown verdict', verdict('maybe'), 'invalid_answer'],
    ['a 200 without a verdict', { status: 200, body: { ok: true } }, 'invalid_answer'],
  ];
  for (const [what, reply, kind] of alwaysClosed) {
    it(`${what} fails closed even with fail_open, without a retry`, async () => {
      service.script(reply);
      const result = failed(await client({ unreachable: 'fail_open' }).evaluate(REQUEST));
      expect(result.outcome).to.equal('fail_closed');
      expect(result.failure.kind).to.equal(kind);
      expect(result.failure.followsFallback).to.equal(false);
      expect(result.failure.message).to.not.contain(KEY);
      expect(service.received).to.have.length(1);
    });
  }

  it('a payload that cannot be sent as JSON fails closed even with fail_open, without a request', async () => {
    const payload: Record<string, unknown> = { input: 'x' };
    payload.self = payload;
    const result = failed(await client({ unreachable: 'fail_open' }).evaluate({ ...REQUEST, payload }));
    expect(result.outcome).to.equal('fail_closed');
    expect(result.failure.kind).to.equal('invalid_request');
    expect(service.received).to.have.length(0);
  });

  it('a connection cut in the middle of the answer is a connection error: retried, then unreachable', async () => {
    service.script({ status: 200, cut: true }, verdict('allow'));
    const result = await client().evaluate(REQUEST);
    expect(result.outcome).to.equal('verdict');
    expect(service.received).to.have.length(2);
  });

  it('names the service\'s error code and message in the failure', async () => {
    service.script({ status: 503, body: { error: 'quota_exceeded', message: 'the plan quota is exhausted', request_id: 'r' } });
    const result = failed(await client().evaluate(REQUEST));
    expect(result.failure).to.include({ status: 503, code: 'quota_exceeded' });
    expect(result.failure.message).to.equal('the guardrail service answered 503 quota_exceeded: the plan quota is exhausted');
  });
});

describe('evaluate client: TLS failures fail closed', () => {
  let dir: string | undefined;
  let https: HttpsServer | undefined;
  let plain: ScriptedService;
  let connections = 0;

  before(async function () {
    plain = await startScriptedService();
    try {
      dir = mkdtempSync(join(tmpdir(), 'evaluate-client-tls-'));
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    } catch {
      console.log('      (openssl is not available: the self-signed certificate case is skipped; the not-TLS case still runs)');
      return;
    }
    https = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'allow', findings: [], trace_id: 't', request_id: 'r' }));
    });
    https.on('connection', () => connections++);
    await new Promise<void>((resolve) => https!.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await plain.close();
    if (https) await new Promise((resolve) => https!.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a certificate the client does not trust fails closed even with fail_open, without a retry', async function () {
    if (!https) this.skip();
    const { port } = https!.address() as AddressInfo;
    const result = await new EvaluateClient({ apiBase: `https://127.0.0.1:${port}`, collectorKey: KEY, unreachable: 'fail_open', env: {} }).evaluate(REQUEST);
    expect(result.outcome).to.equal('fail_closed');
    if (result.outcome !== 'verdict') expect(result.failure.kind).to.equal('tls');
    expect(connections, 'connections').to.equal(1);
  });

  it('a service that does not speak TLS on an https URL fails closed', async () => {
    const url = plain.url.replace('http:', 'https:');
    const result = await new EvaluateClient({ apiBase: url, collectorKey: KEY, unreachable: 'fail_open', env: {} }).evaluate(REQUEST);
    expect(result.outcome).to.equal('fail_closed');
    if (result.outcome !== 'verdict') expect(result.failure.kind).to.equal('tls');
  });
});
