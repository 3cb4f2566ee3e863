/* Generated from schemas/plugins/token_rate_limiter.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the token_rate_limiter policy (LLM budget): tokens or US dollars per window, for all models together or per model. Before the provider is called, each request reserves its estimate (prompt counted with a tokenizer, output at the request's max_tokens or default_output_tokens) with an atomic conditional add; a budget that cannot take it refuses the request with 429 budget_exceeded. After the answer (streamed or not) the real usage replaces the reservation; a failed or cached call releases it.
 */
export interface TokenRateLimiterSettings {
  /**
   * What the budgets count: tokens, or dollars (US dollars at the model's price: the registry's options.prices, else the built-in price catalog, else default_price).
   */
  unit?: 'tokens' | 'dollars';
  /**
   * The budgets; a request must fit all that apply to its model.
   *
   * @minItems 1
   * @maxItems 10
   */
  limits: {
    /**
     * The budget per window: tokens (a whole number) or US dollars.
     */
    amount: number;
    /**
     * minute, hour, day, week (ISO, from Monday) or month: calendar periods in UTC; or a number of seconds (windows aligned to the epoch).
     */
    window: ('minute' | 'hour' | 'day' | 'week' | 'month') | number;
    /**
     * true: every model has its own budget of amount; false: one budget for all models together.
     */
    per_model?: boolean;
    /**
     * Only requests for these models count against this budget (model ids, as the catalog or the registry names them). All models when absent.
     *
     * @minItems 1
     */
    models?: string[];
  }[];
  /**
   * Tokens unit: which tokens count (total, input or output). Dollar budgets always price input, cached input and output.
   */
  count?: 'total' | 'input' | 'output';
  /**
   * Output tokens reserved for a request that sets no max_tokens. Higher: fewer overshoots, earlier refusals near the end of a budget.
   */
  default_output_tokens?: number;
  /**
   * Dollars unit: the price (US dollars per million tokens) of a model neither its registry nor the catalog prices. Without it such a model is refused with 403. Each price is at most 100000.
   */
  default_price?: {
    /**
     * Uncached prompt tokens.
     */
    input: number;
    /**
     * Completion tokens.
     */
    output: number;
    /**
     * Prompt tokens read from the provider's cache; default: input.
     */
    cached_input?: number;
    /**
     * Prompt tokens written to the provider's cache; default: input.
     */
    cache_write?: number;
  };
  /**
   * When the counter backend cannot be reached: true admits the request unmetered (logged, reported as a counter_unavailable finding); false refuses it with 503 plugin_failed.
   */
  fault_tolerant?: boolean;
  /**
   * Budget-aware routing: fractions (0 to 1] of a budget spent in its current window from which an auto request is routed more cheaply, before the budget refuses requests. From medium, smart routing uses at most its Medium tier (Hard steps down to Medium); from simple, only Simple; from either, auto without smart routing takes the cheapest capable model by list price. The most spent of the request's budgets decides, read from its reservation (no extra counter call). A request naming a model, a pin or a pool is never rerouted. Absent: no step down.
   */
  step_down?: {
    /**
     * Spent fraction from which the tier is capped at Medium. At most simple.
     */
    medium?: number;
    /**
     * Spent fraction from which the tier is capped at Simple. At least medium.
     */
    simple?: number;
  };
  /**
   * With a shared counter backend (Redis or MongoDB): strict does one atomic reservation per request and budget (no data plane can overshoot); batched reserves against local counts synchronised every interval_ms (a budget can be passed by what other data planes spent since the last sync). Local counters are always exact.
   */
  counter_sync?: {
    /**
     * strict or batched.
     */
    mode?: 'strict' | 'batched';
    /**
     * Batched mode: how often local counts are pushed and shared totals read back.
     */
    interval_ms?: number;
  };
}
