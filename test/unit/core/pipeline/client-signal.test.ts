import { expect } from 'chai';
import { ClientAbort } from '../../../../core/pipeline/client-signal.js';
import { waitBeforeRetry } from '../../../../core/proxy/chat/attempt-decision.js';
import { GatewayError } from '../../../../core/errors/gateway-error.js';

describe('core/pipeline ClientAbort: the client going away, without an AbortSignal', () => {
  it('calls each listener once when aborted, with the reason readable, and ignores a second abort', () => {
    const client = new ClientAbort();
    const calls: string[] = [];
    client.addEventListener('abort', () => calls.push(`a:${String(client.reason)}`));
    client.addEventListener('abort', () => calls.push('b'));
    expect(client.aborted).to.equal(false);
    client.abort('gone');
    client.abort('again');
    expect(client.aborted).to.equal(true);
    expect(client.reason).to.equal('gone');
    expect(calls).to.deep.equal(['a:gone', 'b']);
  });

  it('does not call a removed listener', () => {
    const client = new ClientAbort();
    let called = false;
    const listener = () => (called = true);
    client.addEventListener('abort', listener);
    client.removeEventListener('abort', listener);
    client.abort();
    expect(called).to.equal(false);
  });

  it('gives an AbortError as the reason when none is given, as AbortController does', () => {
    const client = new ClientAbort();
    client.abort();
    expect((client.reason as DOMException).name).to.equal('AbortError');
  });
});

describe('core/proxy waitBeforeRetry', () => {
  it('resolves after the backoff when the client stays', async () => {
    const started = performance.now();
    await waitBeforeRetry(30, new ClientAbort());
    expect(performance.now() - started).to.be.at.least(25);
  });

  it('ends the wait with a 499 as soon as the client goes away, and a client already gone waits not at all', async () => {
    const client = new ClientAbort();
    setTimeout(() => client.abort(), 10);
    const started = performance.now();
    const err = await waitBeforeRetry(5000, client).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(GatewayError);
    expect((err as GatewayError).status).to.equal(499);
    expect(performance.now() - started).to.be.below(2000);
    expect(await waitBeforeRetry(5000, client).catch((e: unknown) => (e as GatewayError).status)).to.equal(499);
  });
});
