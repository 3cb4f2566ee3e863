/** The circuit breaker's states on a hand-driven clock. */
import { expect } from 'chai';
import { CircuitBreaker } from '../../../../core/proxy/routing/circuit-breaker.js';

const settings = { enabled: true, failure_threshold: 3, open_ms: 1_000, half_open_probes: 1, success_threshold: 2, on: ['5xx'] };

describe('routing: circuit breaker', () => {
  let now = 0;
  const clock = () => now;
  const fail = (b: CircuitBreaker) => b.settle(b.begin()!, 'failure');
  const succeed = (b: CircuitBreaker) => b.settle(b.begin()!, 'success');

  beforeEach(() => {
    now = 10_000;
  });

  it('opens after `failure_threshold` consecutive failures; a success in between resets the count', () => {
    const breaker = new CircuitBreaker(settings, clock);
    fail(breaker);
    fail(breaker);
    succeed(breaker);
    fail(breaker);
    fail(breaker);
    expect(breaker.state).to.equal('closed');
    fail(breaker);
    expect(breaker.state).to.equal('open');
    expect(breaker.available()).to.equal(false);
    expect(breaker.begin()).to.equal(undefined);
    expect(breaker.retryAt).to.equal(now + 1_000);
  });

  it('half-opens after `open_ms`, lets `half_open_probes` through, and closes after `success_threshold` successes', () => {
    const breaker = new CircuitBreaker(settings, clock);
    for (let i = 0; i < 3; i++) fail(breaker);
    now += 999;
    expect(breaker.state).to.equal('open');
    now += 1;
    expect(breaker.state).to.equal('half_open');
    const probe = breaker.begin()!;
    expect(probe.probe).to.equal(true);
    expect(breaker.available()).to.equal(false);
    expect(breaker.begin()).to.equal(undefined);
    breaker.settle(probe, 'success');
    expect(breaker.state).to.equal('half_open');
    succeed(breaker);
    expect(breaker.state).to.equal('closed');
  });

  it('a failed probe opens it again for another `open_ms`', () => {
    const breaker = new CircuitBreaker(settings, clock);
    for (let i = 0; i < 3; i++) fail(breaker);
    now += 1_000;
    fail(breaker);
    expect(breaker.state).to.equal('open');
    expect(breaker.retryAt).to.equal(now + 1_000);
  });

  it('a neutral outcome (client gone) frees the probe slot and changes nothing', () => {
    const breaker = new CircuitBreaker(settings, clock);
    for (let i = 0; i < 3; i++) fail(breaker);
    now += 1_000;
    breaker.settle(breaker.begin()!, 'neutral');
    expect(breaker.state).to.equal('half_open');
    expect(breaker.available()).to.equal(true);
  });
});
