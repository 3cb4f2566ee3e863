/**
 * Generates the labelled secrets sets of data_loss_prevention: credentials of 21 types in the
 * formats their issuers use (alphabets, lengths, the CRC32 tail of GitHub tokens, the
 * `AccountKey=` of Azure storage connection strings) inside realistic surroundings (.env and
 * YAML files, JSON, shell history, code, chat prose, logs), and look-alikes that are not
 * secrets (environment-variable references, request-id UUIDs, publishable keys, hashes,
 * integrity attributes, base64 blobs, placeholders, documentation examples, public keys).
 *
 * The seed decides every row: the tuning set and the held-out set are the same generator run
 * with different seeds, so no row of one is a row of the other.
 *
 *   npx tsx tools/eval/data_loss_prevention/secrets-generate.ts
 *
 * writes test/eval/tuning/data_loss_prevention/secrets.jsonl (seed 1001) and
 * test/eval/held-out/data_loss_prevention/secrets.jsonl (seed 2002).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { PROJECT_ROOT } from '../../../core/paths/project-root.js';
import { seededRandom as rng } from '../../../test/fixtures/seeded-random.js';

/** One labelled row: label 1 holds a credential of type `category`, label 0 a look-alike of kind `category`. */
export interface SecretRow {
  id: string;
  text: string;
  label: 0 | 1;
  category: string;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const BASE62 = DIGITS + UPPER + LOWER;
const HEX = '0123456789abcdef';
const BASE32 = UPPER + '234567';
const BASE64 = UPPER + LOWER + DIGITS + '+/';
const BASE64URL = UPPER + LOWER + DIGITS + '-_';

class Gen {
  constructor(readonly rand: () => number) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)];
  }
  chars(alphabet: string, n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.rand() * alphabet.length)];
    return s;
  }
  uuid(): string {
    const h = (n: number) => this.chars(HEX, n);
    return `${h(8)}-${h(4)}-4${h(3)}-${this.pick(['8', '9', 'a', 'b'])}${h(3)}-${h(12)}`;
  }
  base64Of(bytes: number): string {
    const b = Buffer.alloc(bytes);
    for (let i = 0; i < bytes; i++) b[i] = Math.floor(this.rand() * 256);
    return b.toString('base64');
  }
}

const base62 = (n: number, width: number) => {
  let s = '';
  for (let v = n; v > 0; v = Math.floor(v / 62)) s = BASE62[v % 62] + s;
  return s.padStart(width, '0');
};

// ---- Credentials -----------------------------------------------------------------------

/** GitHub tokens: prefix, 30 random base62 characters, then the CRC32 of those in 6 base62 digits. */
function githubToken(g: Gen, prefix: string): string {
  const random = g.chars(BASE62, 30);
  return `${prefix}${random}${base62(crc32(random), 6)}`;
}

function strongPassword(g: Gen): string {
  const words = ['Summer', 'Winter', 'Falcon', 'Orchid', 'Harbor', 'Velvet', 'Cobalt', 'Maple', 'Quartz', 'Tundra', 'Ember', 'Nimbus'];
  switch (g.int(0, 2)) {
    case 0:
      return g.chars(BASE62 + '!@#%^*_-', g.int(12, 24));
    case 1:
      return `${g.pick(words)}${g.pick(['!', '#', '@', '$', '_', '.'])}${g.int(10, 9999)}${g.pick(words).toLowerCase()}`;
    default:
      return `${g.pick(words)}${g.int(1970, 2031)}${g.pick(['!', '?', '#', '*'])}${g.chars(BASE62, g.int(2, 5))}`;
  }
}

const HOSTS = ['db.internal', 'prod-db-01.eu-west-1.rds.amazonaws.com', '10.0.4.12', 'orders.cluster-ro.local', 'pg.acme-corp.net', 'mysql.staging.svc'];
const USERS = ['app', 'svc_orders', 'admin', 'deploy', 'reporting', 'sa', 'etl_user'];

type Make = (g: Gen) => string;

/** Each credential type: how to make a value, and surroundings that put it in a text. */
const CREDENTIALS: Record<string, { value: Make; contexts: Array<(v: string, g: Gen) => string> }> = {
  aws_access_key: {
    value: (g) => g.pick(['AKIA', 'ASIA', 'AKIA', 'AROA']) + g.chars(BASE32, 16),
    contexts: [
      (v) => `[default]\naws_access_key_id = ${v}\nregion = eu-west-1`,
      (v) => `export AWS_ACCESS_KEY_ID=${v}`,
      (v) => `boto3.client("s3", aws_access_key_id="${v}")`,
      (v) => `2024-05-02T10:11:12Z WARN s3 upload failed for key ${v}: AccessDenied`,
      (v) => `hey, the deploy job is using ${v}, is that the ci user or mine?`,
    ],
  },
  aws_secret_key: {
    value: (g) => g.chars(UPPER + LOWER + DIGITS, 30) + g.chars(BASE64, 10),
    contexts: [
      (v, g) => `[default]\naws_access_key_id = AKIA${g.chars(BASE32, 16)}\naws_secret_access_key = ${v}`,
      (v) => `AWS_SECRET_ACCESS_KEY=${v}`,
      (v) => `  secretAccessKey: "${v}",`,
      (v, g) => `User name,Access key ID,Secret access key\nci-bot,AKIA${g.chars(BASE32, 16)},${v}`,
      (v, g) => `aws configure set aws_access_key_id ASIA${g.chars(BASE32, 16)} && aws configure set aws_secret_access_key ${v}`,
      (v) => `s3 = S3Connection(key_id, "${v}")  # aws secret`,
    ],
  },
  azure_storage_key: {
    value: (g) => g.base64Of(64),
    contexts: [
      (v, g) => `DefaultEndpointsProtocol=https;AccountName=${g.pick(['acmeprod', 'logsstore01', 'mediaeu'])};AccountKey=${v};EndpointSuffix=core.windows.net`,
      (v, g) => `"AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=func${g.chars(LOWER + DIGITS, 8)};AccountKey=${v}"`,
      (v) => `AZURE_STORAGE_KEY=${v}`,
      (v, g) => `az storage blob upload --account-name st${g.chars(LOWER, 6)} --account-key ${v} -f out.zip -c builds`,
      (v) => `storage:\n  account_key: "${v}"`,
    ],
  },
  github_token: {
    value: (g) => githubToken(g, g.pick(['ghp_', 'gho_', 'ghs_', 'ghu_'])),
    contexts: [
      (v) => `GITHUB_TOKEN=${v}`,
      (v) => `git clone https://${v}@github.com/acme/payments.git`,
      (v) => `curl -H "Authorization: token ${v}" https://api.github.com/user/repos`,
      (v) => `I pasted my token ${v} in the workflow by mistake, how do I rotate it?`,
      (v) => `const octokit = new Octokit({ auth: '${v}' });`,
    ],
  },
  github_fine_grained_token: {
    value: (g) => `github_pat_11${g.chars(UPPER + DIGITS, 20)}_${g.chars(BASE62, 59)}`,
    contexts: [(v) => `GH_PAT=${v}`, (v) => `  token: ${v}`, (v) => `echo ${v} | gh auth login --with-token`],
  },
  gitlab_token: {
    value: (g) => `glpat-${g.chars(BASE62 + '-_', 20)}`,
    contexts: [(v) => `CI_JOB_PUSH_TOKEN=${v}`, (v) => `git remote set-url origin https://oauth2:${v}@gitlab.com/group/app.git`, (v) => `PRIVATE-TOKEN: ${v}`],
  },
  slack_token: {
    value: (g) => `xoxb-${g.int(1e9, 9e12)}-${g.int(1e9, 9e12)}-${g.chars(BASE62, 24)}`,
    contexts: [(v) => `SLACK_BOT_TOKEN=${v}`, (v) => `app = App(token="${v}")`, (v) => `slack: { token: '${v}' }`],
  },
  slack_webhook: {
    value: (g) => `https://hooks.slack.com/services/T${g.chars(UPPER + DIGITS, 8)}/B${g.chars(UPPER + DIGITS, 10)}/${g.chars(BASE62, 24)}`,
    contexts: [(v) => `SLACK_WEBHOOK_URL=${v}`, (v) => `curl -X POST -d '{"text":"deploy done"}' ${v}`, (v) => `alerts go to ${v} right now`],
  },
  stripe_secret_key: {
    value: (g) => `${g.pick(['sk_live_', 'rk_live_', 'sk_test_'])}${g.chars(BASE62, g.pick([24, 99]))}`,
    contexts: [(v) => `STRIPE_SECRET_KEY=${v}`, (v) => `stripe.api_key = "${v}"`, (v) => `const stripe = require('stripe')('${v}');`],
  },
  google_api_key: {
    value: (g) => `AIza${g.chars(BASE62 + '-_', 35)}`,
    contexts: [(v) => `GOOGLE_MAPS_KEY=${v}`, (v) => `https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key=${v}`, (v) => `genai.configure(api_key="${v}")`],
  },
  openai_api_key: {
    value: (g) => `sk-proj-${g.chars(BASE64URL, 58)}T3BlbkFJ${g.chars(BASE64URL, 58)}`,
    contexts: [(v) => `OPENAI_API_KEY=${v}`, (v) => `client = OpenAI(api_key="${v}")`, (v) => `why does ${v} return 401 insufficient_quota?`],
  },
  anthropic_api_key: {
    value: (g) => `sk-ant-api03-${g.chars(BASE64URL, 93)}AA`,
    contexts: [(v) => `ANTHROPIC_API_KEY=${v}`, (v) => `curl https://api.anthropic.com/v1/messages -H "x-api-key: ${v}"`, (v) => `  apiKey: '${v}',`],
  },
  twilio_key: {
    value: (g) => g.pick(['SK', 'SK', 'AC']) + g.chars(HEX, 32),
    contexts: [
      (v, g) => (v.startsWith('AC') ? `TWILIO_ACCOUNT_SID=${v}\nTWILIO_AUTH_TOKEN=${g.chars(HEX, 32)}` : `TWILIO_API_KEY=${v}\nTWILIO_API_SECRET=${g.chars(BASE62, 32)}`),
      (v, g) => `client = Client("${v}", "${g.chars(HEX, 32)}")`,
      (v) => `twilio api:core:messages:create --from +15005550006 --to +14155550100 --body hi -u ${v}`,
      (v) => `const client = twilio('${v}', process.env.TWILIO_SECRET);`,
    ],
  },
  telegram_bot_token: {
    value: (g) => `${g.int(100000000, 7999999999)}:AA${g.chars(BASE62 + '-_', 33)}`,
    contexts: [
      (v) => `TELEGRAM_BOT_TOKEN=${v}`,
      (v) => `curl https://api.telegram.org/bot${v}/getUpdates`,
      (v) => `bot = telebot.TeleBot("${v}")`,
      (v) => `my bot token is ${v}, why does the webhook not fire?`,
    ],
  },
  sendgrid_key: {
    value: (g) => `SG.${g.chars(BASE64URL, 22)}.${g.chars(BASE64URL, 43)}`,
    contexts: [(v) => `SENDGRID_API_KEY=${v}`, (v) => `sg = SendGridAPIClient('${v}')`, (v) => `smtp password: ${v}`],
  },
  npm_token: {
    value: (g) => `npm_${g.chars(BASE62, 36)}`,
    contexts: [(v) => `//registry.npmjs.org/:_authToken=${v}`, (v) => `NPM_TOKEN=${v} npm publish`, (v) => `echo "//registry.npmjs.org/:_authToken=${v}" > ~/.npmrc`],
  },
  huggingface_token: {
    value: (g) => `hf_${g.chars(UPPER + LOWER, 34)}`,
    contexts: [(v) => `HF_TOKEN=${v}`, (v) => `huggingface-cli login --token ${v}`, (v) => `login(token="${v}")`],
  },
  private_key: {
    value: (g) => {
      const kind = g.pick(['RSA PRIVATE KEY', 'PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY']);
      const body = g.base64Of(g.int(120, 600)).match(/.{1,64}/g)!.join('\n');
      return `-----BEGIN ${kind}-----\n${body}\n-----END ${kind}-----`;
    },
    contexts: [(v) => `here is the key file:\n${v}\n`, (v) => `{"type": "service_account", "private_key": "${v.replace(/\n/g, '\\n')}"}`, (v) => `ssh_key: |\n  ${v.replace(/\n/g, '\n  ')}`],
  },
  jwt: {
    value: (g) => {
      const b = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${b({ alg: g.pick(['HS256', 'RS256', 'ES256']), typ: 'JWT' })}.${b({ sub: String(g.int(1, 99999)), iat: g.int(1.6e9, 1.8e9), scope: 'read write' })}.${g.chars(BASE64URL, g.pick([43, 86, 342]))}`;
    },
    contexts: [(v) => `Authorization: Bearer ${v}`, (v) => `document.cookie = "session=${v}"`, (v) => `this token ${v} expired?`],
  },
  database_url: {
    value: (g) => `${g.pick(['postgres', 'postgresql', 'mysql', 'mongodb+srv', 'redis', 'amqp'])}://${g.pick(USERS)}:${strongPassword(g).replace(/[@/:#?]/g, 'x')}@${g.pick(HOSTS)}:${g.int(1000, 9999)}/${g.pick(['orders', 'app', 'prod', 'analytics'])}`,
    contexts: [(v) => `DATABASE_URL=${v}`, (v) => `engine = create_engine("${v}")`, (v) => `2024-03-11 09:12:44 ERROR could not connect to ${v}: timeout`],
  },
  password_in_config: {
    value: (g) => strongPassword(g).replace(/[;"'<>&]/g, '9'),
    contexts: [
      (v, g) => `Server=${g.pick(HOSTS)};Database=Orders;User Id=${g.pick(USERS)};Password=${v};`,
      (v) => `spring.datasource.password=${v}`,
      (v) => `database:\n  host: db.internal\n  user: app\n  password: "${v}"`,
      (v) => `DB_PASSWORD=${v}`,
      (v) => `<add key="SmtpPassword" value="${v}" />`,
      (v) => `mysql -u root -p'${v}' -h 127.0.0.1 orders`,
      (v) => `"password": "${v}",`,
      (v) => `[client]\nuser=backup\npassword=${v}`,
    ],
  },
};

// ---- Look-alikes ----------------------------------------------------------------------

const ENV_NAMES = ['AWS_SECRET_ACCESS_KEY', 'DB_PASSWORD', 'API_TOKEN', 'STRIPE_SECRET_KEY', 'GITHUB_TOKEN', 'OPENAI_API_KEY', 'CLIENT_SECRET', 'TWILIO_AUTH_TOKEN', 'AZURE_STORAGE_KEY', 'TELEGRAM_BOT_TOKEN'];
const KEY_NAMES = ['aws_secret_access_key', 'password', 'api_key', 'secret', 'token', 'client_secret', 'auth_token', 'db_password', 'accountKey', 'apiKey'];

const LOOK_ALIKES: Record<string, Array<(g: Gen) => string>> = {
  env_reference: [
    (g) => `${g.pick(KEY_NAMES)}=process.env.${g.pick(ENV_NAMES)}`,
    (g) => `${g.pick(KEY_NAMES)}: \${${g.pick(ENV_NAMES)}}`,
    (g) => `${g.pick(KEY_NAMES)} = os.environ["${g.pick(ENV_NAMES)}"]`,
    (g) => `${g.pick(KEY_NAMES)} = os.getenv("${g.pick(ENV_NAMES)}")`,
    (g) => `  ${g.pick(KEY_NAMES)}: \${{ secrets.${g.pick(ENV_NAMES)} }}`,
    (g) => `${g.pick(KEY_NAMES)}: "{{ vault_${g.pick(ENV_NAMES).toLowerCase()} }}"`,
    (g) => `String ${g.pick(['password', 'apiKey', 'secret'])} = System.getenv("${g.pick(ENV_NAMES)}");`,
    (g) => `${g.pick(KEY_NAMES)} = ENV.fetch("${g.pick(ENV_NAMES)}")`,
    (g) => `const ${g.pick(['apiKey', 'secretKey', 'authToken'])} = process.env.${g.pick(ENV_NAMES)} ?? '';`,
    (g) => `${g.pick(KEY_NAMES)}=$${g.pick(ENV_NAMES)}`,
    (g) => `${g.pick(KEY_NAMES)} = config("${g.pick(ENV_NAMES)}")`,
    (g) => `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=\${${g.pick(ENV_NAMES)}};EndpointSuffix=core.windows.net`,
    (g) => `${g.pick(KEY_NAMES)}: !Ref ${g.pick(['DbPasswordParam', 'ApiKeySecret', 'TokenParameter'])}`,
    (g) => `password = Deno.env.get("${g.pick(ENV_NAMES)}")`,
  ],
  uuid_request_id: [
    (g) => `X-Request-Id: ${g.uuid()}`,
    (g) => `2024-06-01T12:00:03.512Z INFO request_id=${g.uuid()} status=200 path=/v1/orders`,
    (g) => `{"traceId": "${g.uuid()}", "level": "error", "msg": "upstream timeout"}`,
    (g) => `Idempotency-Key: ${g.uuid()}`,
    (g) => `X-Correlation-ID: ${g.uuid()}\nX-Session-Token-Id: ${g.uuid()}`,
    (g) => `the failing request was ${g.uuid()}, can you look it up?`,
    (g) => `"token_id": "${g.uuid()}", "user_id": ${g.int(1, 99999)}`,
    (g) => `x-amz-request-id: ${g.chars(UPPER + DIGITS, 16)}\nx-ms-request-id: ${g.uuid()}`,
  ],
  publishable_key: [
    (g) => `const stripe = Stripe('${g.pick(['pk_live_', 'pk_test_'])}${g.chars(BASE62, g.pick([24, 99]))}');`,
    (g) => `STRIPE_PUBLISHABLE_KEY=${g.pick(['pk_live_', 'pk_test_'])}${g.chars(BASE62, 99)}`,
    (g) => `  publishableKey: "${g.pick(['pk_live_', 'pk_test_'])}${g.chars(BASE62, 24)}",`,
    (g) => `<script src="https://js.stripe.com/v3"></script> apiKey: '${g.pick(['pk_live_', 'pk_test_'])}${g.chars(BASE62, 24)}'`,
    (g) => `NEXT_PUBLIC_STRIPE_KEY=${g.pick(['pk_live_', 'pk_test_'])}${g.chars(BASE62, 34)}`,
    (g) => `"public_key": "${g.pick(['pk_live_', 'pk_test_'])}${g.chars(BASE62, 24)}"`,
  ],
  hash: [
    (g) => `commit ${g.chars(HEX, 40)}\nAuthor: Dana <dana@example.org>`,
    (g) => `${g.chars(HEX, 64)}  portcullis-${g.int(1, 9)}.${g.int(0, 20)}.${g.int(0, 9)}.tar.gz`,
    (g) => `sha256:${g.chars(HEX, 64)}`,
    (g) => `"checksum": "${g.chars(HEX, 40)}"`,
    (g) => `git cherry-pick ${g.chars(HEX, 40)}`,
    (g) => `ETag: "${g.chars(HEX, 32)}"`,
    (g) => `image: ghcr.io/acme/api@sha256:${g.chars(HEX, 64)}`,
    (g) => `resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#${g.chars(HEX, 40)}"`,
    (g) => `file_hash = "${g.chars(HEX, 64)}"`,
    (g) => `Merge pull request #${g.int(10, 9999)} (${g.chars(HEX, 40)})`,
  ],
  integrity_attribute: [
    (g) => `<script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.min.js" integrity="sha384-${g.base64Of(48)}" crossorigin="anonymous"></script>`,
    (g) => `<link rel="stylesheet" href="/app.css" integrity="sha256-${g.base64Of(32)}">`,
    (g) => `"integrity": "sha512-${g.base64Of(64)}",`,
    (g) => `  integrity sha512-${g.base64Of(64)}`,
    (g) => `Content-Security-Policy: script-src 'sha256-${g.base64Of(32)}'`,
  ],
  base64_blob: [
    (g) => `data:image/png;base64,${g.base64Of(g.int(60, 300))}`,
    (g) => `{"content": "${g.base64Of(g.int(60, 240))}", "encoding": "base64"}`,
    (g) => `Content-Transfer-Encoding: base64\n\n${g.base64Of(57)}\n${g.base64Of(57)}`,
    (g) => `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${g.chars(BASE64, 43)} dana@laptop`,
    (g) => `-----BEGIN CERTIFICATE-----\n${g.base64Of(240).match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`,
    (g) => `"signature": "${g.base64Of(64)}"`,
    (g) => `-----BEGIN PUBLIC KEY-----\n${g.base64Of(180).match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----`,
    (g) => `font-src: url(data:font/woff2;base64,${g.base64Of(g.int(120, 400))})`,
  ],
  placeholder: [
    (g) => `${g.pick(KEY_NAMES)}=<${g.pick(['your-api-key', 'YOUR_TOKEN', 'password', 'secret here'])}>`,
    (g) => `${g.pick(ENV_NAMES)}=${g.pick(['your_key_here', 'changeme', 'REPLACE_ME', 'xxxxxxxxxxxxxxxx', 'TODO', '********'])}`,
    () => `OPENAI_API_KEY=sk-...`,
    (g) => `GITHUB_TOKEN=ghp_${'x'.repeat(36)}`.slice(0, g.int(20, 40)),
    (g) => `password: "${g.pick(['<REDACTED>', '[hidden]', '***', 'password', 'secret', 'not-set'])}"`,
    (g) => `DefaultEndpointsProtocol=https;AccountName=${g.pick(['devstoreaccount1x', 'myaccount'])};AccountKey=<account-key>;EndpointSuffix=core.windows.net`,
    (g) => `TELEGRAM_BOT_TOKEN=${g.pick(['123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11', '<bot-token>', 'YOUR_BOT_TOKEN'])}`,
    (g) => `TWILIO_ACCOUNT_SID=AC${g.pick(['xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', '00000000000000000000000000000000'])}`,
  ],
  documentation_example: [
    () => `aws_access_key_id = AKIAIOSFODNN7EXAMPLE`,
    () => `aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`,
    () => `DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;`,
    (g) => `Keys look like ${g.pick(['ghp_', 'sk_live_', 'xoxb-', 'AKIA', 'SG.', 'glpat-'])} followed by random characters; never commit them.`,
    () => `Stripe test key from the docs: sk_test_4eC39HqLyjWDarjtT1zdp7dc`,
    () => `token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"`,
    (g) => `Rotate the ${g.pick(['password', 'API key', 'token', 'secret'])} every ${g.int(30, 90)} days and store it in the vault.`,
    (g) => `set ${g.pick(['password', 'token', 'api_key'])} to the value from the ${g.pick(['vault', 'secrets manager', '1Password entry', 'Key Vault'])}`,
  ],
  ordinary_code: [
    (g) => `const tokenCount = tokenizer.encode(text).length; // max ${g.int(1000, 9000)} tokens`,
    (g) => `password_min_length = ${g.int(8, 16)}\npassword_require_symbol = true`,
    (g) => `SECRET_KEY_FILE=/run/secrets/${g.pick(['django_key', 'app_secret'])}`,
    (g) => `access_key_id_column = "${g.pick(['awsKeyId', 'key_id'])}"`,
    (g) => `${g.pick(['session_timeout', 'token_ttl', 'key_rotation_days'])}: ${g.int(10, 3600)}`,
    (g) => `for (const token of tokens) { if (token.kind === 'keyword') count++; } // ${g.int(1, 99)}`,
    (g) => `version = "${g.int(1, 9)}.${g.int(0, 30)}.${g.int(0, 99)}+build.${g.chars(HEX, 7)}"`,
    (g) => `auth_method: ${g.pick(['oauth2', 'saml', 'password', 'client_credentials'])}`,
  ],
  // Added after the first measurement (appended, so the rows above are unchanged): ids,
  // cursors and digests under keys that say "token" or "key".
  token_named_ids: [
    (g) => `"ClientToken": "${g.uuid()}"`,
    (g) => `idempotency_token=${g.uuid()}`,
    (g) => `"nextToken": "${Buffer.from(JSON.stringify({ offset: g.int(0, 9999), limit: 50 })).toString('base64')}"`,
    (g) => `next_page_token: ${Buffer.from(JSON.stringify({ after: g.chars(BASE62, 12) })).toString('base64')}`,
    (g) => `"hashed_token": "${g.chars(HEX, 64)}"`,
    (g) => `"token": "sha256:${g.chars(HEX, 64)}"`,
    (g) => `csrf_token: ${g.uuid()}`,
    (g) => `"continuationToken": "${g.base64Of(g.int(24, 60))}"`,
  ],
};

/** The rows of one seed: `perType` texts per credential type and `perKind` per look-alike kind. */
export function generate(seed: number, perType: number, perKind: number): SecretRow[] {
  const g = new Gen(rng(seed));
  const rows: SecretRow[] = [];
  for (const [category, def] of Object.entries(CREDENTIALS)) {
    for (let i = 0; i < perType; i++) {
      const ctx = def.contexts[i % def.contexts.length];
      rows.push({ id: `${seed}-${category}-${i}`, text: ctx(def.value(g), g), label: 1, category });
    }
  }
  for (const [category, makers] of Object.entries(LOOK_ALIKES)) {
    for (let i = 0; i < perKind; i++) rows.push({ id: `${seed}-${category}-${i}`, text: makers[i % makers.length](g), label: 0, category });
  }
  return rows;
}

/** The seeds of the two committed sets. */
export const TUNING_SEED = 1001;
export const HELD_OUT_SEED = 2002;

if (import.meta.url === `file://${process.argv[1]}`) {
  const write = (rel: string, rows: SecretRow[]) => {
    writeFileSync(join(PROJECT_ROOT, rel), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    console.log(`${rel}: ${rows.length} rows`);
  };
  write('test/eval/tuning/data_loss_prevention/secrets.jsonl', generate(TUNING_SEED, 24, 60));
  write('test/eval/held-out/data_loss_prevention/secrets.jsonl', generate(HELD_OUT_SEED, 40, 100));
}
