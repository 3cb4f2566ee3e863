/** The recognizers data_loss_prevention runs, built once per settings snapshot. */
import type { DataLossPreventionSettings } from './settings.js';
import type { Recognizer } from './span.js';
import { emailRecognizer } from './recognizers/email.js';
import { phoneRecognizer } from './recognizers/phone.js';
import { paymentCardRecognizer } from './recognizers/payment-card.js';
import { ibanRecognizer } from './recognizers/iban.js';
import { usSsnRecognizer } from './recognizers/us-ssn.js';
import { ipAddressRecognizer } from './recognizers/ip-address.js';
import { dateOfBirthRecognizer } from './recognizers/date-of-birth.js';
import { personNameRecognizer } from './recognizers/person-name.js';
import { streetAddressRecognizer } from './recognizers/street-address.js';
import { locationRecognizer } from './recognizers/location.js';
import { secretRecognizers } from './secrets/index.js';

/** Every recognizer, configured from the settings. */
export function buildRecognizers(settings: DataLossPreventionSettings): Recognizer[] {
  return [
    ...secretRecognizers({
      // The DLP-wide operating point (schema default `balanced`).
      sensitivity: (settings as { sensitivity?: 'low' | 'balanced' | 'high' }).sensitivity,
      entropyThreshold: settings.entropy_threshold,
      minLength: settings.min_secret_length,
    }),
    emailRecognizer(),
    paymentCardRecognizer(),
    ibanRecognizer(),
    usSsnRecognizer(),
    ipAddressRecognizer(),
    phoneRecognizer({ regions: settings.phone_regions }),
    dateOfBirthRecognizer(),
    personNameRecognizer(),
    streetAddressRecognizer(),
    locationRecognizer(),
  ];
}
