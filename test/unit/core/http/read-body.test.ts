import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseJsonObject, readRawBody } from '../../../../core/http/read-body.js';

/** A request body stream without a declared length (a chunked upload). */
const chunkedRequest = () => Object.assign(new PassThrough(), { headers: { 'transfer-encoding': 'chunked' } });

/** The nesting depth of a parsed JSON value, walked recursively (fine for the small values here). */
const depthOf = (value: unknown): number =>
  value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value as object).map(depthOf)) : 0;

describe('core/http read-body', () => {
  it('measures nesting as walking the parsed value does, brackets inside strings and escaped quotes included', () => {
    let seed = 21;
    const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const strings = ['[', ']', '{', '}', '"', '\\', '\\"', '"]', 'a[b', '}}', ''];
    const valueOf = (levels: number): unknown => {
      const kind = next(levels > 0 ? 4 : 2);
      if (kind === 0) return strings[next(strings.length)] + strings[next(strings.length)];
      if (kind === 1) return next(100);
      const items = Array.from({ length: next(4) }, () => valueOf(levels - 1));
      return kind === 2 ? items : Object.fromEntries(items.map((item, i) => [strings[next(strings.length)] + i, item]));
    };
    for (let t = 0; t < 5_000; t++) {
      const value = valueOf(1 + next(6));
      const text = JSON.stringify(value);
      const depth = depthOf(value);
      for (const max of [0, 1, 2, 3, 4, 5]) expect(nestsDeeperThan(text, max), `${text} at ${max}`).to.equal(depth > max);
    }
  });

  it('tells wide from deep whether or not the text holds more brackets than the limit', () => {
    // Fewer openers than the limit: nothing can be deeper. More: the text is walked.
    const wide = JSON.stringify({ items: Array.from({ length: 3 * MAX_JSON_DEPTH }, (_, i) => [i, { text: '[{'.repeat(i % 7) }]) });
    expect(nestsDeeperThan(wide, MAX_JSON_DEPTH)).to.equal(false);
    expect(nestsDeeperThan(JSON.stringify({ text: '['.repeat(10 * MAX_JSON_DEPTH) }), MAX_JSON_DEPTH)).to.equal(false);
    const deepUnderWide = JSON.stringify({ padding: '{'.repeat(MAX_JSON_DEPTH), deep: JSON.parse(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`) });
    expect(nestsDeeperThan(deepUnderWide, MAX_JSON_DEPTH)).to.equal(true);
    expect(nestsDeeperThan(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`, MAX_JSON_DEPTH)).to.equal(false);
    expect(nestsDeeperThan(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`, MAX_JSON_DEPTH)).to.equal(true);
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more with 400 invalid_json`, () => {
    const nested = (levels: number) => Buffer.from(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
    expect(parseJsonObject(nested(MAX_JSON_DEPTH))).to.have.property('a');
    let error: unknown;
    try {
      parseJsonObject(nested(MAX_JSON_DEPTH + 1));
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(GatewayError);
    expect((error as GatewayError).code).to.equal('invalid_json');
    expect((error as GatewayError).message).to.contain(`deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it('refuses a chunked body once it passes the limit with 413 asking to close the connection, and drops the rest instead of destroying the request', async () => {
    const req = chunkedRequest();
    const reading = readRawBody(req as unknown as IncomingMessage, 10);
    req.write(Buffer.alloc(6));
    req.write(Buffer.alloc(6));
    const error = (await reading.catch((err: unknown) => err)) as GatewayError;
    expect(error).to.be.instanceOf(GatewayError);
    expect(error.code).to.equal('payload_too_large');
    expect(error.headers).to.deep.equal({ connection: 'close' });
    // The socket stays usable for the 413: the request is not destroyed, and what follows is read and dropped.
    expect(req.destroyed).to.equal(false);
    req.write(Buffer.alloc(64 * 1024));
    expect(req.readableLength).to.equal(0);
  });

  it('a request that closes before its body ends is client_closed (499), not an internal error', async () => {
    const req = chunkedRequest();
    const reading = readRawBody(req as unknown as IncomingMessage, 1024);
    req.write('{"a": ');
    req.destroy();
    const error = (await reading.catch((err: unknown) => err)) as GatewayError;
    expect(error).to.be.instanceOf(GatewayError);
    expect(error.code).to.equal('client_closed');
    expect(error.status).to.equal(499);
  });
});
