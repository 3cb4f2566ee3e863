/**
 * How `POST /v1/evaluate` reads its body over HTTP, byte by byte: whatever the Content-Type, a
 * UTF-8 byte order mark dropped and bytes UTF-8 cannot read replaced, a compressed body refused
 * rather than inflated, a declared length over the limit answered 413 before any byte is read,
 * a `__proto__` key however escaped and nesting past the limit refused as invalid JSON. These are
 * the answers of the planes' shared body reader (core/http/plane-body.ts), kept now that evaluate
 * bodies are read as raw bytes and parsed as in-process callers' text is.
 */
import { request } from 'node:http';
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { GuardrailClient, keywordRule } from './support/guardrail-client.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

describe('guardrail evaluate: reading the body over HTTP', () => {
  let gateway: TestGateway;
  let client: GuardrailClient;
  let key: string;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'] });
    client = await GuardrailClient.for(gateway);
    const collector = await client.collectorWithKey('rest_api');
    key = collector.key;
    await client.policy({ collectors: [collector.collectorId], rules: [keywordRule('project-x')] });
  });
  after(async () => gateway?.close());

  /** Sends `bytes` as they are (or only the headers, with `declaredLength`) and reads the JSON answer. */
  function send(bytes: Buffer, headers: Record<string, string> = {}, declaredLength?: number): Promise<RawAnswer> {
    const url = new URL('/v1/evaluate', gateway.urls.guardrail);
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-length': String(declaredLength ?? bytes.length), ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      if (declaredLength === undefined) req.end(bytes);
      else req.flushHeaders();
    });
  }

  const bodyOf = (input: string) => Buffer.from(JSON.stringify({ protocol: 'llm', direction: 'input', payload: { input } }), 'utf8');

  it('reads the body as JSON whatever its Content-Type, or none', async () => {
    for (const type of [undefined, 'text/plain', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded']) {
      const answer = await send(bodyOf('about project-x'), type ? { 'content-type': type } : {});
      expect(answer.status, String(type)).to.equal(200);
      expect(answer.body.status, String(type)).to.equal('block');
    }
  });

  it('drops a UTF-8 byte order mark and reads bytes UTF-8 cannot carry as U+FFFD', async () => {
    const withMark = await send(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bodyOf('about project-x')]));
    expect(withMark.status).to.equal(200);
    expect(withMark.body.status).to.equal('block');
    const [head, tail] = bodyOf('project-x SPLIT here').toString('utf8').split('SPLIT');
    const broken = await send(Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xfe]), Buffer.from(tail)]));
    expect(broken.status).to.equal(200);
    expect(broken.body.status).to.equal('block');
  });

  it('refuses a compressed body as invalid_json without inflating it', async () => {
    const answer = await send(bodyOf('hello'), { 'content-encoding': 'gzip' });
    expect(answer.status).to.equal(400);
    expect(answer.body.error).to.equal('invalid_json');
    expect(answer.body.message).to.match(/must not be compressed/);
    expect(answer.body.request_id).to.be.a('string');
  });

  it('answers a declared length over the limit 413 with Connection: close, before reading it', async () => {
    const answer = await send(Buffer.alloc(0), { 'content-type': 'application/json' }, 32 * 1024 * 1024 + 1);
    expect(answer.status).to.equal(413);
    expect(answer.body.error).to.equal('payload_too_large');
    expect(answer.headers.connection).to.equal('close');
    expect(answer.body.request_id).to.be.a('string');
  });

  it('refuses a __proto__ key however it is escaped, nesting past the limit, and what is no JSON object', async () => {
    const proto = '{"protocol":"llm","direction":"input","payload":{"input":"x","\\u005f_proto__":{"polluted":true}}}';
    const deep = `{"protocol":"llm","direction":"input","payload":{"input":"x","deep":${'['.repeat(300)}${']'.repeat(300)}}}`;
    for (const text of [proto, deep, '[1,2]', '   ', '{"protocol":']) {
      const answer = await send(Buffer.from(text));
      expect(answer.status, text.slice(0, 40)).to.equal(400);
      expect(answer.body.error, text.slice(0, 40)).to.equal('invalid_json');
    }
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });
});
