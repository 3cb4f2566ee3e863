/**
 * `@modelcontextprotocol/inspector-cli` in headless mode as a third MCP client: one method per
 * run (`tools/list`, `tools/call`), the consumer key as a header, the JSON answer from stdout.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** The CLI's entry (its package's `build/index.js`), found through the package itself. */
const ENTRY = join(dirname(require.resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build', 'index.js');

/** Runs the CLI against `url` with `args`; resolves its parsed JSON output, rejects with its stderr. */
export function inspectorCli(url: string, headers: Record<string, string>, args: string[]): Promise<any> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]);
  return new Promise((resolve, reject) => {
    // Run from its build folder: it looks for its package.json relative to the working directory.
    execFile(process.execPath, [ENTRY, url, '--transport', 'http', ...headerArgs, ...args], { cwd: dirname(ENTRY), timeout: 30_000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`inspector-cli failed: ${stderr || err.message}`));
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error(`inspector-cli printed no JSON: ${stdout}`));
      }
    });
  });
}
