import type { MetricObjectWithValues, MetricValueWithName, Registry } from 'prom-client';

interface Series {
  readonly labels: Record<string, string | number>;
  /** Per bucket, not cumulative; the last slot is above every bound. */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram recorded on every HTTP request (docs/adr/0069): a series is found by
 * one string key the caller already has, and the bucket by a short loop. prom-client's
 * Histogram validates, sorts and hashes the label object on every observation (up to 7 % of a
 * read route's CPU); the exposition is the same (`_bucket` with `le`, `_sum`, `_count`).
 */
export class KeyedHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** `key` must identify `labels` (built from the same values); `labels` is read only for a new key. */
  observe(key: string, labels: () => Record<L, string>, seconds: number): void {
    let series = this.series.get(key);
    if (!series) {
      series = { labels: labels(), counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    let i = 0;
    while (i < this.bounds.length && seconds > this.bounds[i]) i++;
    series.counts[i]++;
    series.sum += seconds;
    series.count++;
  }

  async get(): Promise<MetricObjectWithValues<MetricValueWithName<string>>> {
    const values: MetricValueWithName<string>[] = [];
    const bucket = `${this.name}_bucket`;
    for (const series of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += series.counts[i];
        values.push({ metricName: bucket, labels: { le, ...series.labels }, value: cumulative });
      });
      values.push({ metricName: bucket, labels: { le: '+Inf', ...series.labels }, value: series.count });
      values.push({ metricName: `${this.name}_sum`, labels: series.labels, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels: series.labels, value: series.count });
    }
    const metric = { name: this.name, help: this.help, type: 'histogram', aggregator: 'sum', values };
    return metric as unknown as MetricObjectWithValues<MetricValueWithName<string>>;
  }

  reset(): void {
    this.series.clear();
  }
}
