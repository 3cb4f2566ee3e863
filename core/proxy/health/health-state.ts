/**
 * One registry's health as its checks report it: healthy until `unhealthy_threshold`
 * consecutive checks fail, then unhealthy until `healthy_threshold` consecutive checks pass.
 */
export class HealthState {
  private isHealthy = true;
  private passes = 0;
  private fails = 0;

  constructor(
    private unhealthyThreshold: number,
    private healthyThreshold: number,
  ) {}

  get healthy(): boolean {
    return this.isHealthy;
  }

  /** Changes the thresholds (a registry update), keeping the state and the current runs. */
  setThresholds(unhealthyThreshold: number, healthyThreshold: number): void {
    this.unhealthyThreshold = unhealthyThreshold;
    this.healthyThreshold = healthyThreshold;
  }

  /** Records one check; returns true when the registry's health changed. */
  record(passed: boolean): boolean {
    if (passed) {
      this.fails = 0;
      this.passes++;
      if (!this.isHealthy && this.passes >= this.healthyThreshold) return this.flip(true);
    } else {
      this.passes = 0;
      this.fails++;
      if (this.isHealthy && this.fails >= this.unhealthyThreshold) return this.flip(false);
    }
    return false;
  }

  private flip(healthy: boolean): boolean {
    this.isHealthy = healthy;
    this.passes = 0;
    this.fails = 0;
    return true;
  }
}
