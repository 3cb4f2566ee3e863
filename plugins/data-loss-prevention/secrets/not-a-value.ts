/**
 * Context checks for a value assigned to a secret-named key: values that name where a secret
 * comes from (the environment, a template, a secret store), digests, publishable keys, and keys
 * whose name says "token" but whose value is an id or a cursor. None of them is a secret.
 */

// `process.env.X`, `os.environ["X"]`, `${X}`, `{{ secrets.X }}`, `%X%`, `!Ref X`, a file path.
const REFERENCE =
  /^(?:process\.env\b|import\.meta\.env\b|os\.environ\b|os\.getenv\b|getenv\(|env\(|ENV(?:\[|\.fetch\b)|System\.getenv\b|Environment\.GetEnvironmentVariable\b|Deno\.env\b|config\(|\$|%[A-Za-z_]\w*%|\{\{|<%=?|#\{|!(?:Ref|Sub|GetAtt|ImportValue)\b|arn:aws:(?:secretsmanager|ssm):|ssm:|vault:|\/run\/secrets\/|\/etc\/|~\/|\.\.?\/)/;
// An unquoted `settings.API_TOKEN`, `this.apiKey`, `config.db.password`, `getSecret(`: code, not a
// value. A dotted value counts as code when it starts at a usual settings object or has no digit
// (`rNkP5aMOxR.poCpQSjtFLupe2` is a value).
const CODE_EXPRESSION =
  /^[A-Za-z_$][\w$.]*\(|^(?:process|os|env|config|conf|cfg|settings|secrets|vars|this|self|app|ctx|context|props|options|opts|params|args|credentials|creds|window|globalThis|global|Settings|Config|ENV|Env)\.[A-Za-z_$][\w$.]*$|^[A-Za-z_$]+(?:\.[A-Za-z_$]+)+$/;
// An unquoted `DB_PASSWORD`: the name of a variable holding the secret.
const CONSTANT_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
// `sha256:<hex>`, `sha384-<base64>` (integrity attributes), `md5:...`.
const DIGEST = /^(?:sha(?:1|224|256|384|512)|md5)[:-]/i;
// Keys meant for browsers: Stripe publishable keys, Mapbox public tokens.
const PUBLISHABLE = /^(?:pk_(?:live|test)_|pk\.eyJ|pub(?:lic)?[_-])/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Key names ending in "token" or "key" that hold ids, cursors or digests.
const NON_SECRET_KEY =
  /(?:idempotency|client|next|prev(?:ious)?|page|continuation|sync|pagination|cursor|csrf|xsrf|request|public|publishable)[_.-]?(?:page[_.-]?)?(?:token|key)$|hash|digest|checksum|sha\d*$/i;
// Key names under which a UUID-shaped value is a credential (Heroku-style API keys, session ids).
const CREDENTIAL_KEY = /pass|pwd|secret|api[_.-]?key|apikey|auth|access|bearer|private|session|credential/i;

/** True when `value`, assigned to the key `key`, is not a secret whatever its randomness. */
export function isNotAValue(key: string, value: string, quoted: boolean): boolean {
  if (REFERENCE.test(value) || DIGEST.test(value) || PUBLISHABLE.test(value)) return true;
  if (!quoted && (CODE_EXPRESSION.test(value) || CONSTANT_NAME.test(value))) return true;
  if (NON_SECRET_KEY.test(key)) return true;
  return UUID.test(value) && !CREDENTIAL_KEY.test(key);
}
