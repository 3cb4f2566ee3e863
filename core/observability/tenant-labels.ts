/**
 * Which names of a tenant may appear in metric labels. `/metrics` covers every tenant of the
 * process, so by default a series names a gateway and a consumer by id (random, not chosen by
 * the tenant) and a model by its name only when the built-in price catalog lists it (a public
 * provider model); any other model, such as a tenant's fine-tune or private deployment, is
 * `custom`. An operator who wants slugs and every model name turns tenant labels on
 * (PORTCULLIS_METRICS_TENANT_LABELS=true).
 */
import { priceFor } from '../providers/prices.js';
import type { MetricsEventData } from '../telemetry/metrics-event.js';

/** The label value of a model the built-in catalog does not list, when tenant labels are off. */
export const CUSTOM_MODEL_LABEL = 'custom';

/** Models whose public-ness is remembered; past this the memo starts over (bounded memory). */
const MAX_REMEMBERED_MODELS = 1_000;

/** Picks the gateway, consumer and model label values of a proxied request. */
export class TenantLabels {
  private readonly publicModels = new Map<string, boolean>();

  /** `names`: label gateways and consumers by slug and models by any name (the operator asked). */
  constructor(private readonly names = false) {}

  gateway(event: MetricsEventData): string | undefined {
    return this.names ? (event.gateway_slug ?? event.gateway_id) : event.gateway_id;
  }

  consumer(event: MetricsEventData): string | undefined {
    return this.names ? (event.consumer_slug ?? event.consumer_id) : event.consumer_id;
  }

  model(model: string | undefined): string | undefined {
    if (this.names || !model) return model;
    let known = this.publicModels.get(model);
    if (known === undefined) {
      // Only the built-in catalog counts: a registry's own price list is the tenant's choice.
      known = priceFor(model) !== undefined;
      if (this.publicModels.size >= MAX_REMEMBERED_MODELS) this.publicModels.clear();
      this.publicModels.set(model, known);
    }
    return known ? model : CUSTOM_MODEL_LABEL;
  }
}
