/** Balancing strategies on their own: order, shares and tie-breaking, with a seeded draw. */
import { expect } from 'chai';
import { balance, newBalancerState, type Strategy } from '../../../../core/proxy/routing/balancers.js';
import type { RouteMember } from '../../../../core/proxy/routing/route-members.js';
import { seededRandom as seeded } from '../../../fixtures/seeded-random.js';

function members(weights: Record<string, number>): RouteMember[] {
  return Object.entries(weights).map(([id, weight]) => ({
    candidate: { registry: { id } as never, weight },
    model: `m-${id}`,
    weight,
    key: `${id}|m-${id}`,
  }));
}

function picks(strategy: Strategy, list: RouteMember[], n: number, inFlight: Record<string, number> = {}, random = Math.random): string[] {
  const state = newBalancerState();
  const context = { inFlight: (id: string) => inFlight[id] ?? 0, random };
  return Array.from({ length: n }, () => balance(strategy, list, state, context)[0].candidate.registry.id);
}

const count = (ids: string[]) => ids.reduce<Record<string, number>>((acc, id) => ({ ...acc, [id]: (acc[id] ?? 0) + 1 }), {});

describe('routing: balancing strategies', () => {
  it('round_robin rotates exactly, and orders the rest after the chosen one', () => {
    expect(picks('round_robin', members({ a: 1, b: 1, c: 1 }), 7)).to.deep.equal(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
    const state = newBalancerState();
    const context = { inFlight: () => 0, random: Math.random };
    balance('round_robin', members({ a: 1, b: 1, c: 1 }), state, context);
    expect(balance('round_robin', members({ a: 1, b: 1, c: 1 }), state, context).map((m) => m.candidate.registry.id)).to.deep.equal(['b', 'c', 'a']);
  });

  it('weighted gives each member exactly its weight per cycle, interleaved (smooth)', () => {
    const seen = picks('weighted', members({ a: 5, b: 1, c: 1 }), 70);
    expect(count(seen)).to.deep.equal({ a: 50, b: 10, c: 10 });
    expect(seen.slice(0, 7)).to.deep.equal(['a', 'a', 'b', 'a', 'c', 'a', 'a']);
  });

  it('weighted skips weight 0 unless every member has weight 0', () => {
    expect(count(picks('weighted', members({ a: 0, b: 2 }), 10))).to.deep.equal({ b: 10 });
    expect(count(picks('weighted', members({ a: 0, b: 0 }), 10))).to.deep.equal({ a: 5, b: 5 });
  });

  it('least_connections prefers the least loaded member and rotates among ties', () => {
    expect(picks('least_connections', members({ a: 1, b: 1, c: 1 }), 4, { a: 2, b: 0, c: 1 })).to.deep.equal(['b', 'b', 'b', 'b']);
    expect(picks('least_connections', members({ a: 1, b: 1, c: 1 }), 6, { a: 1 })).to.deep.equal(['b', 'c', 'b', 'c', 'b', 'c']);
  });

  it('random is roughly uniform', () => {
    const counts = count(picks('random', members({ a: 1, b: 1, c: 1, d: 1 }), 4_000, {}, seeded(42)));
    for (const id of ['a', 'b', 'c', 'd']) expect(counts[id], id).to.be.within(850, 1_150);
  });

  it('latency (peak EWMA, power of two choices) takes the member with the lower latency times (in flight + 1)', () => {
    const list = members({ fast: 1, slow: 1 });
    const latency: Record<string, number> = { fast: 10, slow: 200 };
    const state = newBalancerState();
    const context = { inFlight: () => 0, random: seeded(7), latency: (id: string) => latency[id] };
    const seen = Array.from({ length: 50 }, () => balance('latency', list, state, context)[0].candidate.registry.id);
    expect(count(seen)).to.deep.equal({ fast: 50 });
    // Load counts too: 10 ms with 30 in flight weighs more than 200 ms idle.
    const busy = { ...context, inFlight: (id: string) => (id === 'fast' ? 30 : 0) };
    expect(balance('latency', list, state, busy)[0].candidate.registry.id).to.equal('slow');
  });

  it('latency compares two distinct random members, so the slowest of three is never chosen', () => {
    const latency: Record<string, number> = { a: 10, b: 20, c: 500 };
    const context = { inFlight: () => 0, random: seeded(3), latency: (id: string) => latency[id] };
    const state = newBalancerState();
    const seen = count(Array.from({ length: 300 }, () => balance('latency', members({ a: 1, b: 1, c: 1 }), state, context)[0].candidate.registry.id));
    expect(seen.c ?? 0).to.equal(0);
    // b wins only when the draw is {b, c}: about a third of the time, never most of it.
    expect(seen.a).to.be.greaterThan(seen.b);
    expect(seen.b).to.be.greaterThan(0);
  });

  it('cost takes the cheapest priced member, rotates among ties, and puts unpriced members last', () => {
    const prices: Record<string, number | undefined> = { a: 5, b: 1, c: 1, d: undefined };
    const state = newBalancerState();
    const context = { inFlight: () => 0, random: Math.random, price: (m: RouteMember) => prices[m.candidate.registry.id] };
    const orders = Array.from({ length: 4 }, () => balance('cost', members({ d: 1, a: 1, b: 1, c: 1 }), state, context).map((m) => m.candidate.registry.id));
    expect(orders).to.deep.equal([
      ['b', 'c', 'a', 'd'],
      ['c', 'b', 'a', 'd'],
      ['b', 'c', 'a', 'd'],
      ['c', 'b', 'a', 'd'],
    ]);
  });

  it('cost rotates when no member has a known price', () => {
    const context = { inFlight: () => 0, random: Math.random, price: () => undefined };
    const state = newBalancerState();
    const seen = Array.from({ length: 4 }, () => balance('cost', members({ a: 1, b: 1 }), state, context)[0].candidate.registry.id);
    expect(seen).to.deep.equal(['a', 'b', 'a', 'b']);
  });

  it('a single member is returned as is', () => {
    for (const strategy of ['round_robin', 'weighted', 'least_connections', 'random', 'latency', 'cost'] as const) {
      expect(picks(strategy, members({ a: 1 }), 2)).to.deep.equal(['a', 'a']);
    }
  });
});
