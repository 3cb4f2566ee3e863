import type { PluginHost } from '../../plugin/host.js';
import type { SnapshotHolder } from '../../snapshot/holder.js';
import type { TelemetrySink } from '../../telemetry/telemetry-event.js';

/**
 * What the evaluate endpoints need: the snapshot, the format adapters and detectors, the activity
 * sink (whose observers also count each evaluation in the Prometheus metrics).
 */
export interface EvaluateDeps {
  holder: SnapshotHolder;
  host: PluginHost;
  telemetry: TelemetrySink;
}
