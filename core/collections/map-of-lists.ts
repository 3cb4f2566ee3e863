/**
 * Grouping values under a key, as many indexes do while a snapshot or a listing is built. The
 * list is appended to in place: copying it on every value takes time growing with the square of
 * a group's size (a provider with thousands of registries).
 */
export function appendTo<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const list = groups.get(key);
  if (list) list.push(value);
  else groups.set(key, [value]);
}
