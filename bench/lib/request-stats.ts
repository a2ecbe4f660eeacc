import { percentile } from './percentile.js';

/** A request's HTTP status, or `null` when no answer came (connection refused or reset, timeout). */
export type RequestOutcome = number | null;

export interface KindSummary {
  kind: string;
  requests: number;
  /** Latency of the answered requests, ms. */
  p50: number;
  p99: number;
  serverErrors: number;
  tooManyRequests: number;
  /** 4xx other than 429, by status ("409 x2, 404 x1"), empty when none. */
  otherClientErrors: string;
  noAnswer: number;
}

interface KindRecord {
  latenciesMs: number[];
  statuses: Map<number, number>;
  noAnswer: number;
}

/** The requests of a run by kind: how many, how fast, and how they were answered. */
export class RequestStats {
  private readonly kinds = new Map<string, KindRecord>();

  record(kind: string, latencyMs: number, outcome: RequestOutcome): void {
    let record = this.kinds.get(kind);
    if (!record) {
      record = { latenciesMs: [], statuses: new Map(), noAnswer: 0 };
      this.kinds.set(kind, record);
    }
    if (outcome === null) {
      record.noAnswer++;
      return;
    }
    record.latenciesMs.push(latencyMs);
    record.statuses.set(outcome, (record.statuses.get(outcome) ?? 0) + 1);
  }

  /** One line per kind, in the order given (kinds never sent are left out). */
  summary(order: readonly string[]): KindSummary[] {
    return order.flatMap((kind) => {
      const record = this.kinds.get(kind);
      if (!record) return [];
      const sorted = record.latenciesMs.toSorted((a, b) => a - b);
      const count = (test: (status: number) => boolean) =>
        [...record.statuses].reduce((total, [status, n]) => total + (test(status) ? n : 0), 0);
      return [
        {
          kind,
          requests: sorted.length + record.noAnswer,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          serverErrors: count((status) => status >= 500),
          tooManyRequests: count((status) => status === 429),
          otherClientErrors: [...record.statuses]
            .filter(([status]) => status >= 400 && status < 500 && status !== 429)
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${status} x${n}`)
            .join(', '),
          noAnswer: record.noAnswer,
        },
      ];
    });
  }
}
