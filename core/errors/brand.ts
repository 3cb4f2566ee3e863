/**
 * `instanceof` across copies of one module. A runner that loads the core through `require()`
 * (mocha with a require hook) while the plugin host loads plugins through `import()` ends up
 * with two copies of a class, and an error a plugin throws would fail the core's `instanceof`.
 * A brand registered with `Symbol.for` is the same symbol in every copy.
 */

/** Marks `target` with `brand` (non-enumerable, so it never shows in bodies or comparisons). */
export function setBrand(target: object, brand: symbol): void {
  Object.defineProperty(target, brand, { value: true });
}

/** Whether `value` carries `brand`. */
export function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

/**
 * The `Symbol.hasInstance` of a branded class: the brand for the class itself, the ordinary
 * prototype check for its subclasses.
 */
export function brandedInstanceCheck(cls: object, self: object, brand: symbol, value: unknown): boolean {
  return self === cls ? hasBrand(value, brand) : Function.prototype[Symbol.hasInstance].call(self, value);
}
