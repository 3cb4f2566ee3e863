import type { UrlAnalyzerSettings as Generated } from '../../core/plugin/index.js';

/** Settings as the detector receives them: the type generated from the schema, its defaults applied. */
export type UrlAnalyzerSettings = Required<Generated>;

/** Brands whose look-alikes are flagged when a policy names none. */
const DEFAULT_PROTECTED_DOMAINS = [
  'google.com', 'gmail.com', 'youtube.com', 'apple.com', 'icloud.com', 'microsoft.com', 'outlook.com', 'office.com',
  'live.com', 'amazon.com', 'paypal.com', 'facebook.com', 'instagram.com', 'whatsapp.com', 'linkedin.com',
  'twitter.com', 'netflix.com', 'github.com', 'dropbox.com', 'openai.com', 'anthropic.com', 'chase.com',
  'wellsfargo.com', 'bankofamerica.com', 'coinbase.com', 'binance.com', 'docusign.com', 'adobe.com', 'yahoo.com',
  'ebay.com', 'stripe.com', 'slack.com',
];

/** Well-known URL shorteners (a redirect hides the destination). */
const DEFAULT_SHORTENERS = [
  'bit.ly', 'bitly.com', 'tinyurl.com', 't.co', 'goo.gl', 'ow.ly', 'is.gd', 'v.gd', 'buff.ly', 'rebrand.ly', 'cutt.ly',
  'shorturl.at', 'tiny.cc', 'rb.gy', 'bl.ink', 't.ly', 's.id', 'lnkd.in', 'trib.al', 'shorte.st', 'adf.ly', 'qrco.de',
  'tr.im', 'clck.ru', 'u.to', 'x.co', 'soo.gd', 'short.io', 'snip.ly', 'urlz.fr', 'cli.gs', 'po.st', 'db.tt', 'tiny.one',
];

/** The defaults the schema applies, for callers that build settings in code. */
export const DEFAULT_SETTINGS: UrlAnalyzerSettings = {
  sensitivity: 'balanced',
  deny_domains: [],
  allow_domains: [],
  protected_domains: DEFAULT_PROTECTED_DOMAINS,
  shorteners: DEFAULT_SHORTENERS,
  exfiltration_min_length: 40,
  max_urls: 500,
};
