/**
 * Whether a user is there to answer an approval prompt. An unresolved Ask is denied without one
 * (spec 4.5). No user is assumed when:
 * - `CI` is set to anything but `false` or `0` (CI services set it);
 * - `CLAUDE_CODE_REMOTE` is `true` (a cloud session of the agent);
 * - `PORTCULLIS_UNATTENDED` is set to anything but `false` or `0` (for any other unattended run).
 */

/** The variables that mark a run with no user, as `name: rule`. */
const UNATTENDED_MARKERS: ReadonlyArray<[string, (value: string) => boolean]> = [
  ['CI', (value) => !/^(false|0)$/i.test(value)],
  ['CLAUDE_CODE_REMOTE', (value) => /^true$/i.test(value)],
  ['PORTCULLIS_UNATTENDED', (value) => !/^(false|0)$/i.test(value)],
];

/** Whether someone can answer an approval prompt in this run. */
export function userIsPresent(env: Readonly<Record<string, string | undefined>>): boolean {
  return !UNATTENDED_MARKERS.some(([name, marks]) => {
    const value = env[name]?.trim();
    return value !== undefined && value !== '' && marks(value);
  });
}
