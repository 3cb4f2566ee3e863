/**
 * Judges one URL candidate: every reason it is suspicious, with a confidence per reason and
 * qualifiers that come from configuration or a fixed vocabulary, never from the URL itself.
 */
import { domainToUnicode } from 'node:url';
import type { UrlCandidate } from './url-candidates.js';
import { matchDomain } from './domain-names.js';
import { ipHostFacts, writtenHost } from './ip-host.js';
import { findLookalike, mixesScripts, type ProtectedBrand } from './lookalike.js';
import { exfiltrationConfidence, findPayload } from './exfiltration.js';
import type { SensitivityConfidences } from './sensitivity.js';

/** Reasons a URL is reported for; the hit type is `url.<reason>`. */
export type UrlReason =
  | 'denied_domain'
  | 'not_allowed'
  | 'ip_literal'
  | 'punycode'
  | 'lookalike'
  | 'shortener'
  | 'credentials'
  | 'data_uri'
  | 'javascript'
  | 'exfiltration'
  | 'defanged';

/** One reason found for one URL. */
export interface UrlFinding {
  reason: UrlReason;
  confidence: number;
  /** Extra entities: `deny:<entry>`, `lookalike:<protected domain>`, `encoded`, `image`, ... */
  details: string[];
}

/** Everything the analysis needs, compiled once per settings. */
export interface UrlPolicy {
  deny: string[];
  allow: string[];
  brands: ProtectedBrand[];
  shorteners: string[];
  exfiltrationMinLength: number;
  /** The confidences the sensitivity setting chooses (sensitivity.ts). */
  confidences: SensitivityConfidences;
}

const SCRIPT_SCHEME = /^(?:javascript|vbscript|livescript)\s*:/i;
// Data URIs that can run script when opened, against those that only draw a picture.
const ACTIVE_DATA = /^data:(?:text\/html|application\/(?:x-)?javascript|text\/javascript|image\/svg\+xml|application\/xhtml)/i;
const INERT_IMAGE_DATA = /^data:image\/(?:png|jpe?g|gif|webp|avif|bmp)/i;

function parse(raw: string): URL | undefined {
  const withScheme = /^[a-z][\w+.-]*:/i.test(raw) && !/^[\w.-]+:\d/.test(raw) ? raw : `http://${raw}`;
  try {
    return new URL(withScheme);
  } catch {
    return undefined;
  }
}

/** Analyses one candidate. `defanged` says whether it was written in defanged form. */
export function analyzeUrl(candidate: UrlCandidate, policy: UrlPolicy, defanged: boolean): UrlFinding[] {
  const findings: UrlFinding[] = [];
  const raw = candidate.raw;
  const place = candidate.context === 'autoload' ? 'image' : candidate.context;
  if (defanged) findings.push({ reason: 'defanged', confidence: 0.3, details: [] });

  if (SCRIPT_SCHEME.test(raw)) {
    findings.push({ reason: 'javascript', confidence: 0.95, details: [place] });
    return findings;
  }
  if (/^data:/i.test(raw)) {
    const confidence = ACTIVE_DATA.test(raw) ? 0.9 : INERT_IMAGE_DATA.test(raw) ? policy.confidences.inertImageData : 0.7;
    findings.push({ reason: 'data_uri', confidence, details: [place] });
    return findings;
  }

  const url = parse(raw);
  if (!url || !url.hostname) return findings;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');

  const denied = matchDomain(host, policy.deny);
  if (denied) findings.push({ reason: 'denied_domain', confidence: 1, details: [`deny:${denied}`] });
  const allowed = policy.allow.length > 0 && matchDomain(host, policy.allow) !== undefined;
  if (policy.allow.length > 0 && !allowed) findings.push({ reason: 'not_allowed', confidence: 0.9, details: [] });

  if (url.username || url.password) {
    // `https://paypal.com@evil.io` shows a trusted name where the user name goes.
    const domainLike = /\./.test(decodeURIComponent(url.username));
    const confidence = url.password ? 0.9 : domainLike ? 0.85 : 0.5;
    findings.push({ reason: 'credentials', confidence, details: url.password ? ['password'] : ['username'] });
  }

  const ip = ipHostFacts(host, writtenHost(raw));
  if (ip) {
    const details = [`ipv${ip.version}`];
    let confidence = ip.internal ? policy.confidences.internalIp : 0.7;
    if (ip.metadata) {
      details.push('metadata_endpoint');
      confidence = 0.95;
    }
    if (ip.encoded) {
      details.push('encoded');
      confidence = Math.max(confidence, 0.9);
    }
    if (ip.internal && !ip.metadata) details.push('internal');
    findings.push({ reason: 'ip_literal', confidence, details });
  } else if (!allowed) {
    // An operator's allow-list is trusted: no look-alike, punycode or shortener verdicts for it.
    if (host.startsWith('xn--') || host.includes('.xn--')) {
      const unicode = domainToUnicode(host);
      const mixed = unicode.split('.').some(mixesScripts);
      findings.push({ reason: 'punycode', confidence: mixed ? 0.85 : 0.55, details: mixed ? ['mixed_script'] : [] });
    }
    const lookalike = findLookalike(host, policy.brands);
    if (lookalike) {
      const confidence = lookalike.kind === 'combo' ? policy.confidences.comboLookalike : lookalike.confidence;
      findings.push({ reason: 'lookalike', confidence, details: [`lookalike:${lookalike.protectedDomain}`, lookalike.kind] });
    }
    if (matchDomain(host, policy.shorteners)) findings.push({ reason: 'shortener', confidence: 0.6, details: [] });
  }

  const payload = findPayload(url, policy.exfiltrationMinLength);
  if (payload) {
    findings.push({
      reason: 'exfiltration',
      confidence: exfiltrationConfidence(payload, candidate.context),
      details: [place, payload.kind],
    });
  }
  return findings;
}
