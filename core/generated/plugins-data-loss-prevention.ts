/* Generated from schemas/plugins/data_loss_prevention.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the data_loss_prevention detector: which PII and secret types it looks for, values it must leave alone, and how random a value assigned to a secret-named key must be.
 */
export interface DataLossPreventionSettings {
  /**
   * Operating point on the detector's measured precision/recall curve: `low` reports only what it is surest of (fewest false positives: contextual types need a cue, a dotted quad needs a network word), `high` catches the most at more false positives (it also keeps weak candidates, such as a bare number closing `he was 78.` as an AGE), `balanced` sits between. The measured points are published in docs/detectors/data-loss-prevention.md.
   */
  sensitivity?: 'low' | 'balanced' | 'high';
  /**
   * Entity types to detect. Default: the high-precision types (validated identifiers, contact and network data, every secret type); DATE_OF_BIRTH, PERSON, STREET_ADDRESS, LOCATION, AGE, ORGANIZATION, NRP (nationalities, religious and political groups), ZIP_CODE (postal codes) and DOMAIN_NAME are found from word lists and context, misfire on ordinary prompts ("the capital of France") and are detected only when listed here. PII: EMAIL_ADDRESS, PHONE_NUMBER, CREDIT_CARD, IBAN_CODE, US_SSN, IP_ADDRESS, DATE_OF_BIRTH, PERSON, STREET_ADDRESS, LOCATION, AGE, ORGANIZATION, NRP, ZIP_CODE, DOMAIN_NAME. Secrets: AWS_ACCESS_KEY, AWS_SECRET_KEY, GITHUB_TOKEN, GITLAB_TOKEN, SLACK_TOKEN, SLACK_WEBHOOK, STRIPE_KEY, GOOGLE_API_KEY, OPENAI_API_KEY, ANTHROPIC_API_KEY, PRIVATE_KEY, JWT, DATABASE_URL, GENERIC_SECRET, AZURE_STORAGE_KEY, TWILIO_KEY, TELEGRAM_BOT_TOKEN.
   *
   * @minItems 1
   */
  entities?: (
    | 'EMAIL_ADDRESS'
    | 'PHONE_NUMBER'
    | 'CREDIT_CARD'
    | 'IBAN_CODE'
    | 'US_SSN'
    | 'IP_ADDRESS'
    | 'DATE_OF_BIRTH'
    | 'PERSON'
    | 'STREET_ADDRESS'
    | 'LOCATION'
    | 'AGE'
    | 'ORGANIZATION'
    | 'NRP'
    | 'ZIP_CODE'
    | 'DOMAIN_NAME'
    | 'AWS_ACCESS_KEY'
    | 'AWS_SECRET_KEY'
    | 'GITHUB_TOKEN'
    | 'GITLAB_TOKEN'
    | 'SLACK_TOKEN'
    | 'SLACK_WEBHOOK'
    | 'STRIPE_KEY'
    | 'GOOGLE_API_KEY'
    | 'OPENAI_API_KEY'
    | 'ANTHROPIC_API_KEY'
    | 'PRIVATE_KEY'
    | 'JWT'
    | 'DATABASE_URL'
    | 'GENERIC_SECRET'
    | 'AZURE_STORAGE_KEY'
    | 'TWILIO_KEY'
    | 'TELEGRAM_BOT_TOKEN'
  )[];
  /**
   * Values that are never reported or masked (a support address, a public IP), compared case-insensitively after trimming.
   *
   * @maxItems 10000
   */
  allow_list?: string[];
  /**
   * Regular expressions (RE2 syntax, run in linear time: no look-around or back-references); a found value that matches one in full is never reported or masked.
   *
   * @maxItems 1000
   */
  allow_patterns?: string[];
  /**
   * Minimum Shannon entropy, in bits per character, of a value assigned to a secret-named key (password=, secret:, token =) for it to count as a GENERIC_SECRET. Higher means fewer, more random values.
   */
  entropy_threshold?: number;
  /**
   * Minimum length of a value assigned to a secret-named key for it to count as a GENERIC_SECRET.
   */
  min_secret_length?: number;
  /**
   * ISO 3166-1 alpha-2 regions a phone number written without a +country code is validated against (libphonenumber metadata).
   *
   * @minItems 1
   * @maxItems 50
   */
  phone_regions?: string[];
}
