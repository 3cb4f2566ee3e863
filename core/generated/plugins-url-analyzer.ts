/* Generated from schemas/plugins/url_analyzer.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the url_analyzer detector. It reads URLs in text, markdown and HTML (defanged forms such as hxxp://evil[.]com included) and never fetches them.
 */
export interface UrlAnalyzerSettings {
  /**
   * Operating point on the detector's measured precision/recall curve: `low` reports only what it is surest of (fewest false positives), `high` catches the most at more false positives, `balanced` sits between. The measured points are published in docs/detectors/.
   */
  sensitivity?: 'low' | 'balanced' | 'high';
  /**
   * Domains whose URLs are reported as url.denied_domain (confidence 1). Each entry covers its subdomains.
   *
   * @maxItems 10000
   *
   * Items: A domain name; it also covers its subdomains. A leading "*." or "." is accepted and means the same.
   */
  deny_domains?: string[];
  /**
   * When non-empty, a URL whose host is not one of these domains (or their subdomains) is reported as url.not_allowed; allowed hosts are also exempt from the look-alike, punycode and shortener checks.
   *
   * @maxItems 10000
   *
   * Items: A domain name; it also covers its subdomains. A leading "*." or "." is accepted and means the same.
   */
  allow_domains?: string[];
  /**
   * Brand domains whose look-alikes are reported as url.lookalike: confusable characters, one edit away (names of six letters or more), the brand as a hyphenated part of another name, or the domain worn as a subdomain. Replaces the default list.
   *
   * @maxItems 1000
   *
   * Items: A domain name; it also covers its subdomains. A leading "*." or "." is accepted and means the same.
   */
  protected_domains?: string[];
  /**
   * URL-shortener domains reported as url.shortener (the destination is hidden). Replaces the default list.
   *
   * @maxItems 1000
   *
   * Items: A domain name; it also covers its subdomains. A leading "*." or "." is accepted and means the same.
   */
  shorteners?: string[];
  /**
   * Shortest query value, in characters after decoding, judged as an encoded payload (base64, hex, percent-encoded or plain text) for url.exfiltration. Template placeholders such as {conversation} count at any length.
   */
  exfiltration_min_length?: number;
  /**
   * Most URLs analysed per request, to bound the work on huge payloads; when there are more, a url.limit_reached hit (confidence 0.5) says the rest were not analysed.
   */
  max_urls?: number;
}
