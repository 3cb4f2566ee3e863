/**
 * Stops an OpenTelemetry provider or processor (which flushes what is queued), waiting at most
 * `limitMs`: a collector that does not answer never holds up the shutdown of the gateway.
 */
export async function shutdownWithin(shutdown: () => Promise<void>, limitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
    timer.unref();
  });
  await Promise.race([shutdown().catch(() => undefined), limit]);
  clearTimeout(timer);
}
