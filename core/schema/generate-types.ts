/**
 * `npm run gen:types`: TypeScript types generated from the plugin-settings and record schemas
 * into core/generated/, one file per schema, never edited by hand. `--check` exits non-zero when
 * a file is stale (the test suite runs the same comparison).
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { PROJECT_ROOT, SCHEMAS_DIR } from '../paths/project-root.js';

const GENERATED_DIR = join(PROJECT_ROOT, 'core/generated');
const SOURCES = ['plugins', 'records'];

function allSchemas(): Map<string, object> {
  const byId = new Map<string, object>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, name.name);
      if (name.isDirectory()) walk(path);
      else if (name.name.endsWith('.schema.json')) {
        const schema = JSON.parse(readFileSync(path, 'utf8')) as { $id?: string };
        if (schema.$id) byId.set(schema.$id, schema);
      }
    }
  };
  walk(SCHEMAS_DIR);
  return byId;
}

/** The generated text of every file, keyed by file name. */
export async function generateTypes(): Promise<Map<string, string>> {
  const byId = allSchemas();
  const out = new Map<string, string>();
  for (const source of SOURCES) {
    for (const file of readdirSync(join(SCHEMAS_DIR, source)).filter((f) => f.endsWith('.schema.json')).sort()) {
      const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, source, file), 'utf8')) as Record<string, unknown>;
      const ts = await compile(schema as never, String(schema.title ?? file), {
        bannerComment: `/* Generated from schemas/${source}/${file} by \`npm run gen:types\`. Do not edit. */`,
        additionalProperties: false,
        ignoreMinAndMaxItems: true,
        format: true,
        style: { singleQuote: true, printWidth: 120 },
        // Relative $refs (`../common/x.schema.json`) resolve from the schema's own folder.
        cwd: join(SCHEMAS_DIR, source),
        $refOptions: {
          resolve: {
            http: false,
            portcullis: {
              order: 1,
              canRead: (ref: { url: string }) => byId.has(ref.url.split('#')[0]),
              read: (ref: { url: string }) => JSON.stringify(byId.get(ref.url.split('#')[0])),
            },
          },
        } as never,
      });
      out.set(`${source}-${file.replace('.schema.json', '').replace(/_/g, '-')}.ts`, ts);
    }
  }
  return out;
}

/** Generated files whose content on disk differs (or is missing). */
export async function staleTypes(): Promise<string[]> {
  const generated = await generateTypes();
  return [...generated].filter(([name, text]) => {
    const path = join(GENERATED_DIR, name);
    return !existsSync(path) || readFileSync(path, 'utf8') !== text;
  }).map(([name]) => name);
}

async function main() {
  if (process.argv.includes('--check')) {
    const stale = await staleTypes();
    if (stale.length) {
      console.error(`stale generated types (run npm run gen:types): ${stale.join(', ')}`);
      process.exit(1);
    }
    return;
  }
  mkdirSync(GENERATED_DIR, { recursive: true });
  for (const [name, text] of await generateTypes()) writeFileSync(join(GENERATED_DIR, name), text);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
