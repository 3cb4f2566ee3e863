/**
 * `url_analyzer`: finds URLs in text, markdown and HTML (defanged forms included) and reports
 * deny-listed or non-allow-listed domains, IP-literal hosts, punycode and look-alike domains,
 * shorteners, credentials in URLs, `data:` and `javascript:` URLs, and exfiltration shapes.
 * It never fetches anything: every verdict comes from the URL text.
 */
import { defineDetector, type DetectorHit, type InspectionRequest } from '../../core/guardrail/detector.js';
import { findUrlCandidates, knownHostPattern } from './url-candidates.js';
import { refang, wasRewritten } from './refang.js';
import { analyzeUrl, type UrlPolicy, type UrlReason } from './analyze-url.js';
import { normaliseDomain } from './domain-names.js';
import { prepareBrands } from './lookalike.js';
import type { UrlAnalyzerSettings } from './settings.js';

/** Compiles settings into the policy the analysis reads. */
function compilePolicy(settings: UrlAnalyzerSettings): UrlPolicy {
  return {
    deny: settings.deny_domains.map(normaliseDomain),
    allow: settings.allow_domains.map(normaliseDomain),
    brands: prepareBrands(settings.protected_domains.map(normaliseDomain)),
    shorteners: settings.shorteners.map(normaliseDomain),
    exfiltrationMinLength: settings.exfiltration_min_length,
  };
}

export default defineDetector<UrlAnalyzerSettings>({
  kind: 'detector',
  name: 'url_analyzer',
  version: '1.0.0',
  schemaId: 'https://portcullis.dev/schemas/plugins/url_analyzer.schema.json',
  description: 'Suspicious URLs: denied or unlisted domains, IP hosts, punycode and look-alikes, shorteners, credentials, script and data URLs, exfiltration shapes.',
  canTransform: false,
  defaultThreshold: 0.5,
  create(settings) {
    const policy = compilePolicy(settings);
    const knownHosts = knownHostPattern([...policy.deny, ...policy.shorteners]);
    return {
      inspect(request: InspectionRequest): DetectorHit[] {
        // One hit per reason: the highest confidence over all URLs, with the union of qualifiers.
        const byReason = new Map<UrlReason, { confidence: number; details: Set<string> }>();
        let budget = settings.max_urls;
        // A URL written again the same way and in the same kind of place adds no finding.
        const judged = new Set<string>();
        for (const segment of request.segments) {
          if (budget <= 0) break;
          const refanged = refang(segment.text);
          const candidates = findUrlCandidates(refanged.text, budget, knownHosts);
          budget -= candidates.length;
          for (const candidate of candidates) {
            const defanged = wasRewritten(refanged, candidate.start, candidate.end);
            const key = `${candidate.context} ${defanged} ${candidate.raw}`;
            if (judged.has(key)) continue;
            judged.add(key);
            for (const finding of analyzeUrl(candidate, policy, defanged)) {
              const entry = byReason.get(finding.reason) ?? { confidence: 0, details: new Set<string>() };
              entry.confidence = Math.max(entry.confidence, finding.confidence);
              for (const d of finding.details) entry.details.add(d);
              byReason.set(finding.reason, entry);
            }
          }
        }
        return [...byReason].map(([reason, { confidence, details }]) => ({
          type: `url.${reason}`,
          confidence: Math.round(confidence * 100) / 100,
          entities: [reason, ...details],
        }));
      },
    };
  },
});
