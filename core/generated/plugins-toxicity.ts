/* Generated from schemas/plugins/toxicity.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the toxicity detector: which categories it reports, the mildest severity reported per category, and words never counted as toxic.
 */
export interface ToxicitySettings {
  /**
   * Operating point on the detector's measured precision/recall curve: `low` reports only what it is surest of (fewest false positives), `high` catches the most at more false positives, `balanced` sits between. The measured points are published in docs/detectors/.
   */
  sensitivity?: 'low' | 'balanced' | 'high';
  /**
   * Categories reported: harassment: Abuse aimed at a person: insults, demeaning language, telling someone to harm themselves.; hate: Slurs and attacks on people for race, ethnicity, religion, sexual orientation, gender identity or disability.; sexual: Sexual and explicit content.; violence: Threats and calls for violence.; self_harm: Self-harm and suicide intent.; profanity: Swearing and vulgar words.
   *
   * @minItems 1
   */
  categories?: ('harassment' | 'hate' | 'sexual' | 'violence' | 'self_harm' | 'profanity')[];
  /**
   * Per category, the mildest severity reported (low reports everything, high only the worst). Categories left out default to low.
   */
  min_severity?: {
    /**
     * Mildest harassment severity reported. Abuse aimed at a person: insults, demeaning language, telling someone to harm themselves.
     */
    harassment?: 'low' | 'medium' | 'high';
    /**
     * Mildest hate severity reported. Slurs and attacks on people for race, ethnicity, religion, sexual orientation, gender identity or disability.
     */
    hate?: 'low' | 'medium' | 'high';
    /**
     * Mildest sexual severity reported. Sexual and explicit content.
     */
    sexual?: 'low' | 'medium' | 'high';
    /**
     * Mildest violence severity reported. Threats and calls for violence.
     */
    violence?: 'low' | 'medium' | 'high';
    /**
     * Mildest self_harm severity reported. Self-harm and suicide intent.
     */
    self_harm?: 'low' | 'medium' | 'high';
    /**
     * Mildest profanity severity reported. Swearing and vulgar words.
     */
    profanity?: 'low' | 'medium' | 'high';
  };
  /**
   * Words never counted as toxic in this deployment (a gardening shop's 'hoe', a place name), matched after the same normalization as the text.
   *
   * @maxItems 1000
   */
  allow_words?: string[];
}
