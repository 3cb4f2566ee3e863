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
import { ageRecognizer } from './recognizers/age.js';
import { organizationRecognizer } from './recognizers/organization.js';
import { nrpRecognizer } from './recognizers/nrp.js';
import { zipCodeRecognizer } from './recognizers/zip-code.js';
import { domainNameRecognizer } from './recognizers/domain-name.js';

/** Every recognizer, configured from the settings. */
export function buildRecognizers(settings: DataLossPreventionSettings): Recognizer[] {
  return [
    ...secretRecognizers({
      sensitivity: settings.sensitivity,
      entropyThreshold: settings.entropy_threshold,
      minLength: settings.min_secret_length,
    }),
    emailRecognizer(),
    paymentCardRecognizer(),
    ibanRecognizer(),
    usSsnRecognizer(),
    ipAddressRecognizer({ sensitivity: settings.sensitivity }),
    phoneRecognizer({ regions: settings.phone_regions }),
    dateOfBirthRecognizer(),
    personNameRecognizer(),
    streetAddressRecognizer(),
    locationRecognizer(),
    ageRecognizer(),
    organizationRecognizer(),
    nrpRecognizer(),
    zipCodeRecognizer(),
    domainNameRecognizer(),
  ];
}
