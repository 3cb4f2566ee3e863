/**
 * `url_analyzer`: finds URLs in text, markdown and HTML (defanged forms included) and reports
 * deny-listed or non-allow-listed domains, IP-literal hosts, punycode and look-alike domains,
 * shorteners, credentials in URLs, `data:` and `javascript:` URLs, and exfiltration shapes.
 * It never fetches anything: every verdict comes from the URL text.
 */
import { defineDetector, type DetectorHit, type InspectionRequest } from '../../core/plugin/index.js';
import { findUrlCandidates, knownHostPattern } from './url-candidates.js';
import { refang, wasRewritten } from './refang.js';
import { analyzeUrl, type UrlPolicy, type UrlReason } from './analyze-url.js';
import { normaliseDomain } from './domain-names.js';
import { prepareBrands } from './lookalike.js';
import { SENSITIVITY_CONFIDENCES } from './sensitivity.js';
import type { UrlAnalyzerSettings } from './settings.js';

/** Compiles settings into the policy the analysis reads. */
function compilePolicy(settings: UrlAnalyzerSettings): UrlPolicy {
  return {
    deny: settings.deny_domains.map(normaliseDomain),
    allow: settings.allow_domains.map(normaliseDomain),
    brands: prepareBrands(settings.protected_domains.map(normaliseDomain)),
    shorteners: settings.shorteners.map(normaliseDomain),
    exfiltrationMinLength: settings.exfiltration_min_length,
    confidences: SENSITIVITY_CONFIDENCES[settings.sensitivity ?? 'balanced'],
  };
}

/**
 * The confidence of `url.limit_reached`: at the default threshold, so a flood of URLs hiding one
 * more beyond `max_urls` is acted on like a finding unless the operator raises the threshold.
 */
const LIMIT_REACHED_CONFIDENCE = 0.5;

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
        // Whether URLs beyond max_urls went unanalysed: said in a hit, never passed in silence.
        let unchecked = false;
        // A URL written again the same way and in the same kind of place adds no finding.
        const judged = new Set<string>();
        for (const segment of request.segments) {
          const refanged = refang(segment.text);
          // One more than the budget: to know whether any is left over.
          const candidates = findUrlCandidates(refanged.text, budget + 1, knownHosts);
          if (candidates.length > budget) {
            unchecked = true;
            candidates.length = budget;
          }
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
        const hits: DetectorHit[] = [...byReason].map(([reason, { confidence, details }]) => ({
          type: `url.${reason}`,
          confidence: Math.round(confidence * 100) / 100,
          entities: [reason, ...details],
        }));
        if (unchecked) hits.push({ type: 'url.limit_reached', confidence: LIMIT_REACHED_CONFIDENCE, entities: ['max_urls'] });
        return hits;
      },
    };
  },
});
