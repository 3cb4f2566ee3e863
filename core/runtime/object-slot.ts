/**
 * A value kept on a short-lived object (a request, a segment of one, an upstream attempt) for as
 * long as that object lives: what a module-level WeakMap is usually used for, without its cost.
 *
 * V8's young-generation collections keep every value of a long-lived WeakMap alive: only a full
 * collection looks at whether the keys died. A WeakMap keyed by requests therefore carries each
 * request's value (a segment's 4 KB folded text, its digest) through two young collections into
 * the old generation, where it dies later: on the guardrail plane about 14 KB per evaluation,
 * copied twice, which lengthens every young collection, the pauses the requests then wait on.
 * A property of the object itself dies with it. Objects that take no new property (frozen or
 * sealed ones) fall back to a WeakMap.
 */
export class ObjectSlot<V> {
  private readonly key: symbol;
  private readonly fallback = new WeakMap<object, V>();

  /** `name` names the slot's symbol, for whoever inspects such an object. */
  constructor(name: string) {
    this.key = Symbol(name);
  }

  /** The value kept on `owner` itself (not one its prototype holds), if any. */
  get(owner: object): V | undefined {
    const own = Object.hasOwn(owner, this.key) ? (owner as Record<symbol, V>)[this.key] : undefined;
    if (Object.isExtensible(owner)) return own;
    // A value set after the object stopped taking properties is in the fallback.
    return this.fallback.get(owner) ?? own;
  }

  /** Keeps `value` on `owner` (not enumerable: a copy of the object by spread or JSON leaves it out). */
  set(owner: object, value: V): void {
    if (Object.isFrozen(owner)) this.fallback.set(owner, value);
    else if (Object.hasOwn(owner, this.key)) (owner as Record<symbol, V>)[this.key] = value;
    else if (Object.isExtensible(owner)) Object.defineProperty(owner, this.key, { value, writable: true, configurable: true, enumerable: false });
    else this.fallback.set(owner, value);
  }
}
