/**
 * Name patterns of policy settings (tool names, merged MCP tool names): exact, or with `*`
 * standing for any run of characters, matched in time bounded by the product of the lengths.
 */

/**
 * Whether `name` matches `pattern`, `*` standing for any run of characters. Literal runs are
 * matched left to right and a mismatch goes back only to the last `*`, so the time is at most
 * the product of the two lengths: the same patterns as a regular expression (`^a.*b.*c$`), whose
 * backtracking grows with the name's length to the power of the number of stars (a name a few
 * hundred characters long held a four-star pattern for seconds).
 */
export function globMatches(pattern: string, name: string): boolean {
  let p = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = n;
    } else if (p < pattern.length && pattern[p] === name[n]) {
      p++;
      n++;
    } else if (star >= 0) {
      // Let the last `*` take one more character and match the rest again from there.
      p = star + 1;
      n = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/** One name pattern compiled once: exact, or with `*` standing for any run of characters. */
export function compileNamePattern(pattern: string): (name: string) => boolean {
  if (!pattern.includes('*')) return (name) => name === pattern;
  return (name) => globMatches(pattern, name);
}
