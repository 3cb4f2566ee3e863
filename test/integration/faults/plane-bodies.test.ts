/**
 * How the admin and guardrail planes read request bodies (koa-body, wrapped by
 * core/http/plane-body.ts): any body is JSON whatever its Content-Type, except the token
 * endpoint's urlencoded form; a body over the plane's limit is 413 `payload_too_large`;
 * malformed, compressed or too deeply nested JSON, and JSON with a `__proto__` key, is 400
 * `invalid_json`; every error is `{error, message}` (the guardrail plane adds `request_id`).
 */
import { gzipSync } from 'node:zlib';
import { request } from 'node:http';
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { GuardrailClient } from '../guardrail/support/guardrail-client.js';
import { jsonOf, type RawAnswer } from './support/raw-http.js';

const MIB = 1024 * 1024;

/** POSTs `body` with exactly the headers given (fetch would add a Content-Type of its own). */
function post(url: string, headers: Record<string, string>, body: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    // A refusal may come before the whole body is written; only a failure before it counts.
    req.on('error', reject);
    req.end(body);
  });
}

describe('faults: request bodies on the admin and guardrail planes', function () {
  this.timeout(30_000);
  let gateway: TestGateway;
  let adminToken: string;
  let collectorKey: string;
  let gatewayId: string;

  before(async () => {
    gateway = await createTestGateway();
    gatewayId = (await gateway.seed.gateway()).id;
    adminToken = await mintAdminToken(gateway.jwtSecret, { sub: 'platform', roles: ['platform_admin'] });
    collectorKey = (await (await GuardrailClient.for(gateway)).collectorWithKey()).key;
  });
  after(async () => {
    await gateway?.close();
  });

  const admin = (headers: Record<string, string>, body: string | Buffer) =>
    post(`${gateway.urls.admin}/v1/gateways/${gatewayId}/consumers`, { authorization: `Bearer ${adminToken}`, ...headers }, body);
  const evaluate = (headers: Record<string, string>, body: string | Buffer) =>
    post(`${gateway.urls.guardrail}/v1/evaluate`, { authorization: `Bearer ${collectorKey}`, ...headers }, body);
  const evaluation = (input: string) => JSON.stringify({ protocol: 'openai', direction: 'input', payload: { input } });

  const expectError = (answer: RawAnswer, status: number, code: string, keys = ['error', 'message']) => {
    expect(answer.status, answer.text).to.equal(status);
    expect(Object.keys(jsonOf(answer)).sort()).to.deep.equal([...keys].sort());
    expect(jsonOf(answer).error).to.equal(code);
  };

  describe('a `__proto__` key, at any depth and however escaped, is 400 invalid_json', () => {
    const poisoned = [
      '{"slug": "p1", "__proto__": {"admin": true}}',
      '{"slug": "p2", "registries": [{"\\u005f\\u005fproto__": {"admin": true}}]}',
    ];
    it('admin', async () => {
      for (const body of poisoned) expectError(await admin({ 'content-type': 'application/json' }, body), 400, 'invalid_json');
      expect(({} as Record<string, unknown>).admin).to.equal(undefined);
    });
    it('guardrail evaluate, with request_id', async () => {
      const body = '{"protocol": "openai", "direction": "input", "payload": {"input": "hi", "__proto__": {"admin": true}}}';
      expectError(await evaluate({ 'content-type': 'application/json' }, body), 400, 'invalid_json', ['error', 'message', 'request_id']);
    });
  });

  describe('a body is JSON whatever its Content-Type, as clients send it', () => {
    for (const contentType of [undefined, 'text/plain;charset=UTF-8', 'not a media type']) {
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      it(`admin and guardrail, Content-Type ${contentType ?? 'absent'}`, async () => {
        const slug = `ct-${Math.random().toString(36).slice(2, 8)}`;
        const created = await admin(headers, JSON.stringify({ slug }));
        expect(created.status, created.text).to.equal(201);
        expect(jsonOf(created).slug).to.equal(slug);
        const evaluated = await evaluate(headers, evaluation('hello'));
        expect(evaluated.status, evaluated.text).to.equal(200);
      });
    }
  });

  it('an empty body is {} on the admin plane (optional bodies) and 400 invalid_json on evaluate', async () => {
    expectError(await admin({ 'content-type': 'application/json' }, ''), 422, 'validation_failed');
    expectError(await evaluate({ 'content-type': 'application/json' }, ''), 400, 'invalid_json', ['error', 'message', 'request_id']);
  });

  it('a compressed body is not decompressed: 400 invalid_json on both planes', async () => {
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    expectError(await admin(headers, gzipSync(JSON.stringify({ slug: 'zipped' }))), 400, 'invalid_json');
    expectError(await evaluate(headers, gzipSync(evaluation('hello'))), 400, 'invalid_json', ['error', 'message', 'request_id']);
  });

  it('JSON nested deeper than 256 levels is 400 invalid_json on both planes', async () => {
    const deep = `{"slug": "deep", "x": ${'['.repeat(300)}${']'.repeat(300)}}`;
    expectError(await admin({ 'content-type': 'application/json' }, deep), 400, 'invalid_json');
    const deepEvaluation = `{"protocol": "openai", "direction": "input", "payload": {"input": "hi", "x": ${'['.repeat(300)}${']'.repeat(300)}}}`;
    expectError(await evaluate({ 'content-type': 'application/json' }, deepEvaluation), 400, 'invalid_json', ['error', 'message', 'request_id']);
  });

  it('a declared length over the plane limit is 413 payload_too_large (1 MiB admin, 32 MiB evaluate)', async () => {
    const overAdmin = JSON.stringify({ slug: 'big', name: 'n'.repeat(MIB) });
    expectError(await admin({ 'content-type': 'application/json' }, overAdmin), 413, 'payload_too_large');
    // Under the admin limit, the same field is the schema's business, not the reader's.
    expect((await admin({ 'content-type': 'application/json' }, JSON.stringify({ slug: 'small', name: 'n'.repeat(MIB / 2) }))).status).to.not.equal(413);
    const overEvaluate = evaluation('w '.repeat(16 * MIB + 1));
    expectError(await evaluate({ 'content-type': 'application/json' }, overEvaluate), 413, 'payload_too_large', ['error', 'message', 'request_id']);
  });

  it('the token endpoint reads a urlencoded form as flat fields, the last of a repeated one winning', async () => {
    const created = JSON.parse(
      (await post(`${gateway.urls.admin}/v1/machine-credentials`, { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, JSON.stringify({ name: 'form', roles: ['tenant_admin'], tenant_id: 't-1' }))).text,
    ) as { client_id: string; client_secret: string };
    const form = (fields: string) => post(`${gateway.urls.admin}/v1/auth/token`, { 'content-type': 'application/x-www-form-urlencoded' }, fields);
    const granted = await form(`grant_type=client_credentials&client_id=${created.client_id}&client_secret=wrong&client_secret=${encodeURIComponent(created.client_secret)}`);
    expect(granted.status, granted.text).to.equal(200);
    expect(jsonOf(granted).token_type).to.equal('Bearer');
    // A bracketed name is a name, not a nested object: the schema refuses it as an unknown field.
    const bracketed = await form(`grant_type=client_credentials&client_id=${created.client_id}&client_secret=${encodeURIComponent(created.client_secret)}&a[b]=c`);
    expect(bracketed.status, bracketed.text).to.equal(422);
    expect(jsonOf(bracketed).message).to.contain('/a[b]');
  });
});
