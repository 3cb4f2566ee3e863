/** `text` with every character a regular expression reads as syntax escaped, so it matches itself literally (outside a character class). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
