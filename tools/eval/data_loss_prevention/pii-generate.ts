/**
 * Writes the generated PII evaluation rows of data_loss_prevention: labelled positives of every
 * PII entity type (validated identifiers, names, addresses and the opt-in types) and look-alikes
 * that must not be reported (four-part version numbers, OIDs, UUIDs, PEM blocks, base64, hashes,
 * code). Deterministic: the same seed writes the same files.
 *
 * Two parts are written, and they share no sentence frame and no name: the tuning part
 * (test/eval/tuning/data_loss_prevention/pii-generated.jsonl, frames and names of list A, seed
 * 3401) may be read while changing the recognizers; the held-out part
 * (test/eval/held-out/data_loss_prevention/pii-generated.jsonl, list B, seed 3402) is only
 * scored.
 *
 * `npx tsx tools/eval/data_loss_prevention/pii-generate.ts` from the repository root.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { seededRandom as rng } from '../../../test/fixtures/seeded-random.js';

/** One labelled row: `spans` empty for a look-alike. */
interface Row {
  id: string;
  text: string;
  label: 0 | 1;
  category: string;
  spans: Array<{ entity_type: string; start: number; end: number; value: string }>;
}

type Part = 'A' | 'B';

class Gen {
  constructor(readonly r: () => number, readonly part: Part) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.r() * xs.length)];
  }
  /** The half of a list that belongs to this part (even indexes to A, odd to B). */
  half<T>(xs: readonly T[]): T[] {
    return xs.filter((_, i) => (i % 2 === 0) === (this.part === 'A'));
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[this.int(0, 15)];
    return s;
  }
  base64(n: number): string {
    const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    let s = '';
    for (let i = 0; i < n; i++) s += abc[this.int(0, 63)];
    return s;
  }
}

// Names of many origins; each part gets half of each list, so no held-out name was seen in tuning.
const FIRST = 'Aaliyah Bogdan Chiara Dmitri Eleni Farhan Greta Hiroshi Ingrid Jamal Katarzyna Lars Mei Nikolai Olga Pedro Quentin Rosa Sanjay Tereza Ulrich Valentina Wojciech Ximena Yusuf Zofia Amara Bruno Camille Diego Esther Felix Gabriela Hamza Isabel Joaquin Kenji Leila Mateo Noor Oskar Priya Rafael Sofia Tomas Uma Viktor Wanda Yara Zeynep Anders Beatriz Cormac Dalia Emeka Fiona Gunnar Hana Ivan Julia Kwame'.split(' ');
const LAST = 'Abernathy Bergström Castellanos Dufresne Eriksen Fitzgerald Gonzaga Halvorsen Iwasaki Jankowski Kowalczyk Lindqvist Marchetti Nakamura Okonkwo Petrovic Quiroga Rasmussen Szabo Thorsen Underwood Vasquez Wojcik Xiong Yamamoto Zielinski Achterberg Brennan Carvalho Delacroix Esposito Fontaine Grimaldi Hakimi Ivanova Jablonski Kovacs Lombardi Moreau Novak Oyelaran Pellegrini Rossetti Sandoval Tanaka Uchida Valdez Whitfield Yilmaz Zamora Albrecht Bianchi Cunningham Duarte Engstrom Ferreira Gallagher Hoffmann Ibarra Jovanovic'.split(' ');
const STREET = 'Maple Oakwood Harbor Willow Chestnut Lincoln Juniper Sycamore Riverside Hawthorne Cedar Briar Meadow Sunset Highland Orchard Prospect Fairview Granite Linden'.split(' ');
const SUFFIX = ['Street', 'St', 'Avenue', 'Ave', 'Road', 'Rd', 'Lane', 'Drive', 'Boulevard', 'Court', 'Place', 'Way', 'Terrace'];
const CITY = 'Springfield Riverton Fairhaven Georgetown Millbrook Ashford Clearwater Lakewood Brookfield Westport Oakridge Salem Dover Hanover Kingston Marion Newport Oxford Ashland Milton'.split(' ');
const STATE = ['CA', 'NY', 'TX', 'WA', 'IL', 'MA', 'OR', 'CO', 'GA', 'OH', 'PA', 'MN'];
const DOMAIN_WORDS = 'blue river stone cloud north pixel maple iron swift bright harbor quiet orbit lumen cedar amber nova crest delta vertex'.split(' ');
const TLD = ['com', 'org', 'net', 'io', 'co.uk', 'de', 'dev', 'app'];
const ORG_TAIL = ['Inc.', 'LLC', 'Ltd', 'Corporation', 'Group', 'GmbH', 'Holdings', 'Technologies', 'Partners', 'Foundation'];
const NRP = 'Brazilian Nigerian Vietnamese Canadian Egyptian Peruvian Norwegian Kenyan Filipino Hungarian Catholic Muslim Buddhist Hindu Jewish Protestant Sikh Republican Democrat Socialist Mexican Ethiopian Korean Polish Irish Lutheran Mormon Libertarian Chilean Greek'.split(' ');
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A text and its spans, built piece by piece so offsets are exact. */
class Builder {
  text = '';
  spans: Row['spans'] = [];
  add(s: string): this {
    this.text += s;
    return this;
  }
  pii(type: string, value: string): this {
    this.spans.push({ entity_type: type, start: this.text.length, end: this.text.length + value.length, value });
    this.text += value;
    return this;
  }
}

/** A frame: literal text with `{}` holes, each filled by one value in order. */
type Frame = string;

function fill(frame: Frame, values: Array<[string, string] | string>): Builder {
  const b = new Builder();
  const parts = frame.split('{}');
  parts.forEach((p, i) => {
    b.add(p);
    if (i < parts.length - 1) {
      const v = values[i];
      if (typeof v === 'string') b.add(v);
      else b.pii(v[0], v[1]);
    }
  });
  return b;
}

function luhnComplete(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

function card(g: Gen): string {
  const kind = g.int(0, 3);
  const digits = kind === 0 ? luhnComplete('4' + g.digits(14)) : kind === 1 ? luhnComplete('5' + g.int(1, 5) + g.digits(13)) : kind === 2 ? luhnComplete('3' + g.pick(['4', '7']) + g.digits(12)) : luhnComplete('6011' + g.digits(11));
  const sep = g.pick(['', ' ', '-']);
  if (digits.length === 15) return sep ? [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].join(sep) : digits;
  return sep ? digits.match(/.{4}/g)!.join(sep) : digits;
}

function mod97(s: string): number {
  let r = 0;
  for (const ch of s) {
    const v = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) r = (r * 10 + Number(d)) % 97;
  }
  return r;
}

function iban(g: Gen): string {
  const [cc, bban] = g.pick<[string, () => string]>([
    ['DE', () => g.digits(18)],
    ['GB', () => g.pick(['WEST', 'BARC', 'LOYD', 'MIDL']) + g.digits(14)],
    ['FR', () => g.digits(23)],
    ['NL', () => g.pick(['ABNA', 'INGB', 'RABO']) + g.digits(10)],
    ['ES', () => g.digits(20)],
    ['IT', () => 'X' + g.digits(22)],
  ]);
  const b = bban();
  const check = 98 - mod97(b + cc + '00');
  const raw = cc + String(check).padStart(2, '0') + b;
  return g.r() < 0.5 ? raw : raw.match(/.{1,4}/g)!.join(' ');
}

function ssn(g: Gen): string {
  let area = g.int(1, 899);
  if (area === 666) area = 667;
  return `${String(area).padStart(3, '0')}-${String(g.int(1, 99)).padStart(2, '0')}-${String(g.int(1, 9999)).padStart(4, '0')}`;
}

function phone(g: Gen): string {
  const k = g.int(0, 3);
  const area = g.pick(['212', '415', '617', '312', '206', '303', '512', '404', '646', '718']);
  const ex = String(g.int(201, 989));
  const line = g.digits(4);
  if (k === 0) return `(${area}) ${ex}-${line}`;
  if (k === 1) return `${area}-${ex}-${line}`;
  if (k === 2) return `+1 ${area} ${ex} ${line}`;
  return `+44 20 7${g.digits(3)} ${g.digits(4)}`;
}

function ipv4(g: Gen): string {
  return `${g.pick([g.int(11, 99), g.int(100, 223)])}.${g.int(0, 255)}.${g.int(0, 255)}.${g.int(1, 254)}`;
}

function ipv6(g: Gen): string {
  return `2001:db8:${g.hex(4)}:${g.hex(2)}::${g.hex(3)}`;
}

function person(g: Gen): string {
  const f = g.pick(g.half(FIRST));
  const l = g.pick(g.half(LAST));
  return g.r() < 0.2 ? `${f} ${g.pick('ABCDEFGHJKLMNPRST'.split(''))}. ${l}` : `${f} ${l}`;
}

function address(g: Gen): string {
  const line = `${g.int(1, 9999)} ${g.pick(g.half(STREET))} ${g.pick(SUFFIX)}`;
  const unit = g.r() < 0.3 ? `, ${g.pick(['Apt', 'Suite', 'Unit'])} ${g.int(1, 900)}` : '';
  return `${line}${unit}, ${g.pick(g.half(CITY))}, ${g.pick(STATE)} ${g.digits(5)}`;
}

function email(g: Gen): string {
  const f = g.pick(g.half(FIRST)).toLowerCase();
  const l = g.pick(g.half(LAST)).toLowerCase().normalize('NFD').replace(/[^a-z]/g, '');
  return `${f}${g.pick(['.', '_', ''])}${l}@${g.pick(DOMAIN_WORDS)}${g.pick(['mail', 'corp', ''])}.${g.pick(['com', 'org', 'net', 'io'])}`;
}

function domain(g: Gen): string {
  return `${g.pick(g.half(DOMAIN_WORDS))}${g.pick(DOMAIN_WORDS)}.${g.pick(TLD)}`;
}

function org(g: Gen): string {
  return `${g.pick(g.half(LAST))} ${g.pick(ORG_TAIL)}`;
}

function dob(g: Gen): string {
  const y = g.int(1935, 2005);
  const m = g.int(1, 12);
  const d = g.int(1, 28);
  const k = g.int(0, 2);
  if (k === 0) return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`;
  if (k === 1) return `${MONTHS[m - 1]} ${d}, ${y}`;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

// Sentence frames per entity type; even-indexed frames go to part A (tuning), odd ones to B (held-out).
const POSITIVE_FRAMES: Record<string, { frames: Frame[]; value: (g: Gen) => string }> = {
  CREDIT_CARD: { value: card, frames: ['Please charge my card {} for the renewal.', 'The card number is {}, expiry 09/27.', 'I paid with {} yesterday but got no receipt', 'Refund to card {} please', 'card: {}\ncvv: on the back', 'My Visa {} was declined twice.'] },
  IBAN_CODE: { value: iban, frames: ['Transfer the deposit to IBAN {} by Friday.', 'Our account: {}', 'Please wire it to {} (reference 4471).', 'IBAN {} belongs to my landlord', 'Beneficiary account {} at the main branch.', 'send the refund to {} thanks'] },
  US_SSN: { value: ssn, frames: ['My SSN is {} and I need a copy of my record.', 'SSN: {}', 'Social security number {} was on the form.', 'Enter {} as the social security number', 'his social is {}, verify it', 'Taxpayer SSN {} attached.'] },
  EMAIL_ADDRESS: { value: email, frames: ['Send the invoice to {} please.', 'Contact: {}', 'You can reach me at {} after 5pm.', 'reply to {} with the signed copy', 'CC {} on the thread', 'My login email is {} but it fails.'] },
  PHONE_NUMBER: { value: phone, frames: ['Call me back at {} tomorrow.', 'Phone: {}', 'My mobile number is {} if anything changes.', 'text {} when the parcel arrives', 'Reach the clinic at {}.', 'Her cell is {}, call after lunch.'] },
  IP_ADDRESS: { value: (g) => (g.r() < 0.8 ? ipv4(g) : ipv6(g)), frames: ['The server at {} stopped answering.', 'Login attempts came from {} last night.', 'Block {} on the firewall.', 'My home IP is {} and it is banned', 'ssh admin@{} fails with a timeout', 'The request came from {} according to the log'] },
  PERSON: { value: person, frames: ['My name is {} and I need help with my order.', 'Please forward this to {} in accounting.', 'Dear {}, your appointment is confirmed.', '{} lives in the flat upstairs.', 'The patient {} was admitted on Monday.', 'Regards, {}'] },
  STREET_ADDRESS: { value: address, frames: ['Ship the order to {} please.', 'My address is {}.', 'Please send it to {} before the holidays.', 'The office is located at {}.', 'She lives at {} with her sister.', 'Return address: {}'] },
  AGE: { value: (g) => String(g.int(2, 99)), frames: ['I am {} years old and looking for a plan.', 'The patient, aged {}, reported chest pain.', 'My son is {} years old.', 'a {}-year-old woman was treated', 'Age: {}', 'He turned {} last week.'] },
  DATE_OF_BIRTH: { value: dob, frames: ['Date of birth: {}', 'I was born on {} in a small town.', 'DOB {} on the passport.', 'her birthday is {}', 'born {}, please update the record', 'My birth date is {}.'] },
  ORGANIZATION: { value: org, frames: ['I work for {} in the finance team.', '{} announced record profits.', 'The contract with {} expires soon.', 'She joined {} last spring.', 'Our supplier {} shipped late.', 'He is the CEO of {}.'] },
  NRP: { value: (g) => g.pick(NRP), frames: ['I am {} and proud of it.', 'As a {}, I need vacation for the holiday.', 'My neighbour is {}.', 'He voted as a lifelong {}.', 'She is a devout {}.', 'The applicant is {}, does that matter?'] },
  ZIP_CODE: { value: (g) => (g.r() < 0.8 ? g.digits(5) : `${g.digits(5)}-${g.digits(4)}`), frames: ['My ZIP code is {}.', 'zip: {}', 'Deliveries to ZIP {} are delayed.', 'postal code {} please', 'We only serve zip code {} for now.', 'Enter {} as the ZIP.'] },
  DOMAIN_NAME: { value: domain, frames: ['Visit {} for the details.', 'My blog is at {} now.', 'The site {} is down again.', 'Go to https://{}/login and sign in', 'I bought {} last year.', 'Is {} a phishing site?'] },
};

// Look-alikes: what the recognizers must leave alone, by kind.
const LOOKALIKES: Record<string, { frames: Frame[]; value: (g: Gen) => string }> = {
  version: {
    value: (g) => `${g.int(1, 20)}.${g.int(0, 30)}.${g.int(0, 255)}.${g.int(0, 255)}`,
    frames: ['Running Windows version {} on the laptop.', 'Upgrade to v{} to fix it.', 'build {} failed on CI', 'Driver {} is installed.', 'The app shows {} in the About box.', 'Firmware {} bricks the router.', 'Update {} (released Tuesday) broke printing.', 'pip installed package foo=={} fine', 'Chrome/{} Safari/537.36', 'the SDK {} release notes', '<AssemblyVersion>{}</AssemblyVersion>', 'Bumped the client from {} to the next patch.'],
  },
  version_pair: {
    value: (g) => `${g.int(1, 12)}.${g.int(0, 9)}.${g.int(0, 9)}.${g.int(0, 99)}`,
    frames: ['upgraded from {} to 5.0.0.0 yesterday', 'Microsoft.NETCore.App {} [/usr/share/dotnet]', 'kernel {}-generic panics', 'Version: {}', 'FileVersion {} ProductVersion 2.0.0.0', 'changelog for {}: fixes'],
  },
  oid: {
    value: (g) => g.pick(['1.3.6.1', '2.5.4.3', '2.5.4.10', '2.5.29.17', '2.5.29.19', '1.2.840.10045', '2.5.4.6', '1.3.14.3', '2.16.840.1', '2.5.29.37', '2.5.4.11', '1.3.6.4']),
    frames: ['OID {} identifies the field.', 'The extension {} is critical.', 'snmpwalk -v2c -c public host {}', 'object identifier {} (attribute type)', 'The arc {} is registered.', 'attribute {} holds the common name'],
  },
  uuid: {
    value: (g) => `${g.hex(8)}-${g.hex(4)}-4${g.hex(3)}-${g.pick(['8', '9', 'a', 'b'])}${g.hex(3)}-${g.hex(12)}`,
    frames: ['request id {} failed', 'X-Request-Id: {}', 'The object is at {} now', 'send it to {} for replay', 'Order {} Street pickup scheduled', 'tenant {} Road map updated', 'address: {}', 'It is {} in the log', 'Located at {} Suite 4', 'the blob lives at {}', 'UUID {} Avenue team', 'job {} Drive sync'],
  },
  pem: {
    value: (g) => {
      const lines: string[] = [];
      for (let i = 0; i < g.int(3, 8); i++) lines.push(g.base64(64));
      return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n${g.base64(g.int(8, 40))}==\n-----END CERTIFICATE-----`;
    },
    frames: ['Here is the cert:\n{}', '{}\nWhy does it fail?', 'ca.pem contains\n{}\nis it valid?'],
  },
  base64: {
    value: (g) => g.base64(g.int(40, 400)) + g.pick(['', '=', '==']),
    frames: ['data:image/png;base64,{}', 'payload: {}', 'The blob is {} and decodes to JSON.', 'Authorization: Basic {}'],
  },
  hash: {
    value: (g) => g.hex(g.pick([32, 40, 64])),
    frames: ['commit {} Street fix', 'sha256:{}', 'The checksum {} Road test matched', 'md5 {}', 'integrity="sha384-{}"', 'ETag: "{}"', 'the digest is at {}', 'wallet address is 0x{}', 'it is {}, right?', 'send it to {} on the chain'],
  },
  code: {
    value: (g) => g.pick(g.half(FIRST)) + g.pick(['Client', 'Service', 'Handler', 'Controller', 'Factory', 'Builder', 'Repository', '']),
    frames: ['const client = new {}(config);', 'class {} extends Base {}', 'import { {} } from "./lib";', 'return {}.create(options)', 'private readonly {}: Map<string, number>;', 'fn {}::new() -> Self', '@Inject({}) service', 'let x = {}.default()', 'services.AddSingleton<{}>();', 'type Props = {}Props & Base', 'def test_{}(self):', 'func ({} *Server) Start() error'],
  },
};

// Look-alikes written for the tuning part only (added after the held-out part was first scored,
// so that part stays as it was): more hash and code contexts.
const TUNING_ONLY_LOOKALIKES: Record<string, { frames: Frame[]; value: (g: Gen) => string }> = {
  hash_more: {
    value: (g) => g.hex(g.pick([32, 40, 64])),
    frames: ['git show {}', 'sha1: {}', 'The file hash is {}.', 'send 0.5 ETH to 0x{} today', 'checksum {} OK', 'If-None-Match: "{}"', 'deposit address 0x{}', 'blob {} is missing', 'contract at 0x{} on mainnet', 'Digest: sha256:{}'],
  },
  code_more: {
    value: (g) => g.pick(g.half(FIRST)) + g.pick(['Client', 'Service', 'Handler', 'Store', 'Manager', 'View', '']),
    frames: ['export default {};', 'const { {} } = require("./x");', 'interface {}Props { id: string }', '<{} onClick={go} />', 'type {}Id = string;', 'public class {} : Base', 'from models import {}', 'val x = {}()', 'struct {} { id: u64 }', '{}.prototype.run = fn;'],
  },
};

function generate(part: Part, seed: number): Row[] {
  const g = new Gen(rng(seed), part);
  const rows: Row[] = [];
  const frameHalf = (frames: Frame[]) => frames.filter((_, i) => (i % 2 === 0) === (part === 'A'));
  for (const [type, spec] of Object.entries(POSITIVE_FRAMES)) {
    const frames = frameHalf(spec.frames);
    for (let i = 0; i < 60; i++) {
      const b = fill(g.pick(frames), [[type, spec.value(g)]]);
      rows.push({ id: `${part}-${type}-${i}`, text: b.text, label: 1, category: type, spans: b.spans });
    }
  }
  for (const [kind, spec] of Object.entries(LOOKALIKES)) {
    const frames = frameHalf(spec.frames);
    for (let i = 0; i < 80; i++) {
      const frame = g.pick(frames);
      const holes = frame.split('{}').length - 1;
      const b = fill(frame, Array.from({ length: holes }, (_, k) => (k === 0 ? spec.value(g) : '')));
      rows.push({ id: `${part}-lookalike-${kind}-${i}`, text: b.text, label: 0, category: `look-alike ${kind}`, spans: [] });
    }
  }
  if (part === 'A') {
    for (const [kind, spec] of Object.entries(TUNING_ONLY_LOOKALIKES)) {
      for (let i = 0; i < 80; i++) {
        const frame = g.pick(spec.frames);
        const holes = frame.split('{}').length - 1;
        const b = fill(frame, Array.from({ length: holes }, (_, k) => (k === 0 ? spec.value(g) : '')));
        rows.push({ id: `${part}-lookalike-${kind}-${i}`, text: b.text, label: 0, category: `look-alike ${kind}`, spans: [] });
      }
    }
  }
  return rows;
}

const root = process.cwd();
for (const [part, seed, dir] of [
  ['A', 3401, 'test/eval/tuning/data_loss_prevention'],
  ['B', 3402, 'test/eval/held-out/data_loss_prevention'],
] as const) {
  const file = join(root, dir, 'pii-generated.jsonl');
  mkdirSync(dirname(file), { recursive: true });
  const rows = generate(part, seed);
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  console.log(`${file.slice(root.length + 1)}: ${rows.length} rows`);
}
