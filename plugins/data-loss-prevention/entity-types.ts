/**
 * The entity types data_loss_prevention reports, the family each belongs to (one hit per
 * family) and the label of its masked token (`[EMAIL_1]`).
 */

/** PII entity types. */
export const PII_ENTITIES = [
  'EMAIL_ADDRESS',
  'PHONE_NUMBER',
  'CREDIT_CARD',
  'IBAN_CODE',
  'US_SSN',
  'IP_ADDRESS',
  'DATE_OF_BIRTH',
  'PERSON',
  'STREET_ADDRESS',
  'LOCATION',
  'AGE',
  'ORGANIZATION',
  'NRP',
  'ZIP_CODE',
  'DOMAIN_NAME',
] as const;

/** Secret entity types. */
export const SECRET_ENTITIES = [
  'AWS_ACCESS_KEY',
  'AWS_SECRET_KEY',
  'GITHUB_TOKEN',
  'GITLAB_TOKEN',
  'SLACK_TOKEN',
  'SLACK_WEBHOOK',
  'STRIPE_KEY',
  'GOOGLE_API_KEY',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'PRIVATE_KEY',
  'JWT',
  'DATABASE_URL',
  'GENERIC_SECRET',
  'AZURE_STORAGE_KEY',
  'TWILIO_KEY',
  'TELEGRAM_BOT_TOKEN',
] as const;

export type PiiEntity = (typeof PII_ENTITIES)[number];
export type SecretEntity = (typeof SECRET_ENTITIES)[number];
/** Any entity type the detector knows. */
export type EntityType = PiiEntity | SecretEntity;
/** A hit groups entities by family: its `type` is the family. */
export type EntityFamily = 'pii' | 'secret';

/** Every entity type, PII first. */
export const ALL_ENTITIES: readonly EntityType[] = [...PII_ENTITIES, ...SECRET_ENTITIES];

/**
 * Types found from word lists and context rather than a format or checksum: names, street
 * addresses, places, dates of birth, ages, organisations, nationalities and religious or
 * political groups (NRP), ZIP codes and domain names. They misfire on ordinary prompts ("the
 * capital of France", "Mozart was born on 27 January 1756", "visit example.com"), so a rule
 * detects them only when its `entities` names them.
 */
export const OPT_IN_ENTITIES: readonly EntityType[] = ['DATE_OF_BIRTH', 'PERSON', 'STREET_ADDRESS', 'LOCATION', 'AGE', 'ORGANIZATION', 'NRP', 'ZIP_CODE', 'DOMAIN_NAME'];

const OPT_IN_SET: ReadonlySet<EntityType> = new Set(OPT_IN_ENTITIES);

/**
 * The entity types of a rule without `entities` (the schema's default): validated identifiers
 * (cards with Luhn, IBAN with mod-97, US SSN), contact and network data (email, phone, IP) and
 * every secret type.
 */
export const DEFAULT_ENTITIES: readonly EntityType[] = ALL_ENTITIES.filter((e) => !OPT_IN_SET.has(e));

const SECRET_SET: ReadonlySet<string> = new Set(SECRET_ENTITIES);

/** The family of an entity type. */
export function familyOf(entity: EntityType): EntityFamily {
  return SECRET_SET.has(entity) ? 'secret' : 'pii';
}

/** Short labels for masked tokens; secrets keep their entity name. */
const TOKEN_LABELS: Partial<Record<EntityType, string>> = {
  EMAIL_ADDRESS: 'EMAIL',
  PHONE_NUMBER: 'PHONE',
  CREDIT_CARD: 'CARD',
  IBAN_CODE: 'IBAN',
  US_SSN: 'SSN',
  IP_ADDRESS: 'IP',
  DATE_OF_BIRTH: 'DOB',
  PERSON: 'PERSON',
  STREET_ADDRESS: 'ADDRESS',
  LOCATION: 'LOCATION',
  AGE: 'AGE',
  ORGANIZATION: 'ORG',
  NRP: 'NRP',
  ZIP_CODE: 'ZIP',
  DOMAIN_NAME: 'DOMAIN',
};

/** The label inside a masked token: `[<label>_<n>]`. */
export function tokenLabel(entity: EntityType): string {
  return TOKEN_LABELS[entity] ?? entity;
}
