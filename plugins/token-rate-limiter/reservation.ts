import type { CounterStore } from '../../core/plugin/index.js';
import type { BudgetCounter } from './budget-keys.js';

/** A request's hold on its budgets: what it reserved on each counter, and what the counter held before. */
export interface Reservation {
  held: Array<{ counter: BudgetCounter; amount: number; before: number }>;
}

/** A budget that cannot take the reservation, with what it already holds. */
export interface Refusal {
  counter: BudgetCounter;
  used: number;
}

/**
 * Reserves `amount` on every counter with an atomic conditional add each (it refuses when the
 * budget would be passed). If one refuses, the reservations already taken are released, so a
 * refused request holds nothing. Concurrent requests can therefore overshoot a budget only by
 * what the admitted ones end up using beyond their reservations.
 */
export async function reserve(counters: CounterStore, targets: BudgetCounter[], amount: number): Promise<Reservation | Refusal> {
  const held: Reservation['held'] = [];
  for (const counter of targets) {
    const result = await counters.add(counter.key, amount, counter.ttlMs, counter.capacity);
    if (!result.applied) {
      await Promise.all(held.map((h) => counters.add(h.counter.key, -h.amount, h.counter.ttlMs)));
      return { counter, used: result.value };
    }
    // The add answers the value after it: what was spent (and held by other requests) before this one.
    held.push({ counter, amount, before: result.value - amount });
  }
  return { held };
}

/**
 * Settles a reservation with the real charge: on each counter the difference between what was
 * reserved and what is charged is added (negative releases). A counter charged but not reserved
 * (the call went to another model than expected) is charged in full, unconditionally: the
 * tokens are spent.
 */
export async function settle(counters: CounterStore, reservation: Reservation, charges: BudgetCounter[], charge: number): Promise<void> {
  const deltas = new Map<string, { counter: BudgetCounter; delta: number }>();
  for (const { counter, amount } of reservation.held) deltas.set(counter.key, { counter, delta: -amount });
  for (const counter of charges) {
    const entry = deltas.get(counter.key);
    if (entry) entry.delta += charge;
    else deltas.set(counter.key, { counter, delta: charge });
  }
  await Promise.all(
    [...deltas.values()].filter((d) => d.delta !== 0).map((d) => counters.add(d.counter.key, d.delta, d.counter.ttlMs)),
  );
}
