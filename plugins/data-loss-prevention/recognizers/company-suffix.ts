/** Legal forms and trade words that end a company name (`Hill Inc.`, `Okonkwo & Sons`). */

/** The words, as a pattern alternative. */
export const COMPANY_SUFFIX =
  '(?:Inc|Incorporated|LLC|LLP|Ltd|Limited|Group|PLC|Corporation|Corp|Co|Company|GmbH|AG|SA|S\\.A|NV|BV|Pty|Partners|Associates|Holdings|Technologies|Software|Systems|Solutions|Consulting|Bank|Foundation|Institute|University|Labs?|Services|Industries|International|Enterprises|Motors|Airlines|Media|Studios)';

/** After a name, these make it a company (`Hill Inc.`, `Enervee Corporation`, `Weber & Sons`). */
export const COMPANY_AFTER = new RegExp(`^,?[ \\t]+${COMPANY_SUFFIX}\\b|^[ \\t]+(?:&|and)[ \\t]+Sons\\b`);
