import type { Metric, Registry } from 'prom-client';

/** One label set of a `BoundHistogram`: what `observe` writes to. */
export interface HistogramChild {
  observe(value: number): void;
}

interface Child {
  labels: Record<string, string>;
  /** Observations per bucket (not cumulative); the last slot is +Inf. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram for a hot path: each label set is bound once (`child`), and an
 * observation is a bucket search and three additions (prom-client's `Histogram` hashes the labels
 * and checks them on every observation, a microsecond or two per request). Written by the
 * registry like any of its metrics.
 */
export class BoundHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly children = new Map<string, Child>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  /** The observer of one label set (made once; keep it). */
  child(labels: Record<string, string>): HistogramChild {
    const key = JSON.stringify(labels);
    let c = this.children.get(key);
    if (!c) {
      c = { labels, counts: new Float64Array(this.buckets.length + 1), sum: 0, count: 0 };
      this.children.set(key, c);
    }
    const child = c;
    const buckets = this.buckets;
    return {
      observe(value: number) {
        let i = 0;
        while (i < buckets.length && value > buckets[i]!) i++;
        child.counts[i]!++;
        child.sum += value;
        child.count++;
      },
    };
  }

  /** What the registry writes: cumulative buckets, sum and count per label set. */
  get() {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    for (const c of this.children.values()) {
      let cumulative = 0;
      for (let i = 0; i <= this.buckets.length; i++) {
        cumulative += c.counts[i]!;
        const le = i < this.buckets.length ? this.buckets[i]! : '+Inf';
        values.push({ labels: { le, ...c.labels }, value: cumulative, metricName: `${this.name}_bucket` });
      }
      values.push({ labels: c.labels, value: c.sum, metricName: `${this.name}_sum` });
      values.push({ labels: c.labels, value: c.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** Every label set back to nothing (the registry's `resetMetrics`). */
  reset(): void {
    for (const c of this.children.values()) {
      c.counts.fill(0);
      c.sum = 0;
      c.count = 0;
    }
  }
}
