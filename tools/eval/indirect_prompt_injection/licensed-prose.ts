/**
 * Extracts real README and CHANGELOG prose of MIT-licensed npm packages (installed as this
 * project's dependencies) into clean tool results for indirect_prompt_injection:
 * `npx tsx tools/eval/indirect_prompt_injection/licensed-prose.ts` writes the TUNING file
 * test/eval/tuning/indirect_prompt_injection/licensed-prose.jsonl; with `--held-out` it writes
 * test/eval/held-out/indirect_prompt_injection/licensed-prose.jsonl from other packages
 * (HELD_OUT_SOURCES, disjoint from SOURCES, chosen before any of them was scored), which no
 * training reads. It is what a fetch tool
 * returns for a package page: instructions for the human reader ("run", "set", "ignore", "do
 * not") with no assistant in sight. Code blocks, HTML and badges are dropped; the prose is cut
 * into tool results of a few paragraphs. Every row is label 0. The packages, versions and
 * licences used are listed in test/eval/tuning/indirect_prompt_injection/MANIFEST.md; a package
 * whose installed licence is not MIT is skipped with a printed line.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../../core/paths/project-root.js';
import type { LabelledRow } from '../prompt_guard/generate.js';

/** Package and the documentation file read from it. */
const SOURCES: ReadonlyArray<[string, string]> = [
  ['koa', 'Readme.md'], ['ajv', 'README.md'], ['undici', 'README.md'], ['mocha', 'README.md'], ['chai', 'README.md'], ['tapable', 'README.md'],
  ['commander', 'Readme.md'], ['debug', 'README.md'], ['express', 'Readme.md'], ['chalk', 'readme.md'], ['vite', 'README.md'], ['esbuild', 'README.md'],
  ['zod', 'README.md'], ['mustache', 'CHANGELOG.md'], ['async', 'CHANGELOG.md'], ['@xmldom/xmldom', 'CHANGELOG.md'], ['mingo', 'CHANGELOG.md'],
  ['form-data', 'CHANGELOG.md'], ['libphonenumber-js', 'CHANGELOG.md'],
  // Docs of AI libraries: prose about prompts, system messages and agents that instructs no one.
  ['langchain', 'README.md'], ['langchain', 'CHANGELOG.md'], ['@langchain/core', 'CHANGELOG.md'], ['langsmith', 'CHANGELOG.md'],
];
/** Packages whose prose is held out: none of them is in SOURCES. */
const HELD_OUT_SOURCES: ReadonlyArray<[string, string]> = [
  ['winston', 'README.md'], ['jose', 'README.md'], ['preact', 'README.md'], ['ioredis', 'README.md'], ['cors', 'README.md'], ['body-parser', 'README.md'],
  ['@koa/router', 'README.md'], ['ws', 'README.md'], ['raw-body', 'README.md'], ['http-errors', 'HISTORY.md'], ['negotiator', 'HISTORY.md'],
  ['iconv-lite', 'Changelog.md'], ['nanoid', 'README.md'], ['hono', 'README.md'], ['picomatch', 'README.md'], ['chokidar', 'README.md'],
  ['rollup', 'README.md'], ['postcss', 'README.md'],
  // Docs of AI tooling: prose about tools, prompts, agents and servers that instructs no assistant.
  ['@modelcontextprotocol/sdk', 'README.md'], ['@langchain/langgraph', 'README.md'],
];
const PARAGRAPHS_PER_ROW = 4;
const ROWS_PER_FILE = 20;

/** Prose paragraphs of a Markdown file: no code blocks, HTML, images, badges or link targets. */
export function proseParagraphs(markdown: string): string[] {
  const text = markdown
    .replace(/```[\s\S]*?(```|$)/g, '\n\n')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^\[[^\]]+\]:.*$/gm, ' ');
  const paragraphs = text.split(/\n\s*\n/).flatMap((p) => (p.length <= 1500 ? [p] : linesOf(p)));
  return paragraphs.map((p) => p.replace(/[ \t]+/g, ' ').trim()).filter((p) => /[a-z]{3,} [a-z]{2,} [a-z]{2,}/i.test(p) && p.length >= 40 && p.length <= 1500);
}

/** A long block (a changelog's list) cut at line ends into pieces of at most about 800 characters. */
function linesOf(block: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const line of block.split('\n')) {
    if (current && current.length + line.length > 800) {
      pieces.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The rows of every listed package that is installed and MIT-licensed. */
export function licensedProse(sources: ReadonlyArray<[string, string]> = SOURCES): { rows: LabelledRow[]; used: string[] } {
  const rows: LabelledRow[] = [];
  const used: string[] = [];
  for (const [name, file] of sources) {
    const dir = join(PROJECT_ROOT, 'node_modules', name);
    if (!existsSync(join(dir, file))) continue;
    const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string; license?: string };
    if (meta.license !== 'MIT') {
      console.log(`skipped ${name}: licence ${meta.license}`);
      continue;
    }
    used.push(`${name} ${meta.version} ${meta.license} ${file}`);
    const paragraphs = proseParagraphs(readFileSync(join(dir, file), 'utf8'));
    for (let i = 0, n = 0; i < paragraphs.length && n < ROWS_PER_FILE; i += PARAGRAPHS_PER_ROW, n++) {
      const kind = /changelog|history/i.test(file) ? 'licensed_changelog' : 'licensed_readme';
      rows.push({ id: `licensed-${name}-${file.toLowerCase().replace(/\.md$/, '')}-${n}`, text: paragraphs.slice(i, i + PARAGRAPHS_PER_ROW).join('\n\n'), label: 0, category: kind });
    }
  }
  return { rows, used };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const heldOut = process.argv.includes('--held-out');
  const path = join(PROJECT_ROOT, `test/eval/${heldOut ? 'held-out' : 'tuning'}/indirect_prompt_injection/licensed-prose.jsonl`);
  mkdirSync(dirname(path), { recursive: true });
  const { rows, used } = licensedProse(heldOut ? HELD_OUT_SOURCES : SOURCES);
  writeFileSync(path, rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
  console.log(`${rows.length} rows -> ${path.slice(PROJECT_ROOT.length + 1)}\n${used.join('\n')}`);
}
