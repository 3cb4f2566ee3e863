/**
 * Every relative link of README.md and docs/ names a file of the repository, and a `#fragment`
 * names a heading of its page (GitHub's heading ids: lower case, punctuation dropped, spaces as
 * hyphens), so no page sends an operator to something that is not there; and README.md links
 * every page of docs/.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The text without fenced code blocks. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** The text without any code, where `[x](y)` is not a link. */
function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** GitHub's id of a heading. */
function headingId(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  for (const [, text] of withoutFences(`${markdown}\n`).matchAll(/^#{1,6}\s+(.+)$/gm)) ids.add(headingId(text.replace(/`/g, '')));
  return ids;
}

describe('docs: links', () => {
  it('every relative link of README.md and docs/ names a file, and its fragment a heading', () => {
    const broken: string[] = [];
    for (const file of [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))]) {
      const markdown = readFileSync(file, 'utf8');
      for (const [, target] of withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const [path, fragment] = target.split('#');
        const linked = path ? join(dirname(file), path) : file;
        const where = `${relative(ROOT, file)} -> ${target}`;
        if (!existsSync(linked)) broken.push(`${where}: no such file`);
        else if (fragment && linked.endsWith('.md') && !headingIds(readFileSync(linked, 'utf8')).has(fragment)) broken.push(`${where}: no such heading`);
      }
    }
    expect(broken).to.deep.equal([]);
  });

  it('README.md links every page of docs/, so an operator can find each one', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    expect(pages.filter((page) => !readme.includes(`](docs/${page}`))).to.deep.equal([]);
  });
});
