/**
 * A text slot ties a string in the evaluation payload (by JSON path) to where it came from in
 * the canonical request or response, so a transformed payload's masked strings can be written
 * back without touching anything the payload left out (images, thinking, signatures).
 */
import { type JsonPath, valueAt } from '../../core/plugin/index.js';

/** One string of the payload and where it goes back. */
export interface TextSlot<T> {
  path: JsonPath;
  /** Writes the masked text into a copy of the canonical value. */
  write(target: T, text: string): void;
}

/** Fields that must come back unchanged for a transformed payload to be applied. */
export interface Invariant {
  path: JsonPath;
  value: unknown;
}

/** A payload that cannot be applied (different message count, changed role, tool name or id). */
export class UnappliablePayload extends Error {
  constructor(reason: string) {
    super(`transformed_payload cannot be applied: ${reason}`);
    this.name = 'UnappliablePayload';
  }
}

/** Applies a transformed payload's strings onto a copy of `original`, checking the shape first. */
export function applySlots<T>(original: T, transformed: unknown, slots: readonly TextSlot<T>[], invariants: readonly Invariant[]): T {
  for (const inv of invariants) {
    const got = valueAt(transformed, inv.path);
    if (got !== inv.value) throw new UnappliablePayload(`/${inv.path.join('/')} changed`);
  }
  const copy = structuredClone(original);
  for (const slot of slots) {
    const text = valueAt(transformed, slot.path);
    if (typeof text !== 'string') throw new UnappliablePayload(`/${slot.path.join('/')} is no longer text`);
    slot.write(copy, text);
  }
  return copy;
}
