import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface Measurement {
  rps: number;
  p99: number;
  /** Requests answered in all. */
  requests: number;
}

/** Requests per second and p99 latency (ms) of one URL under `connections` for `seconds`; any failure throws. */
export async function measure(url: string, connections: number, seconds: number): Promise<Measurement> {
  const result = await autocannon({ url, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, requests: result.requests.total };
}

/** Resident memory of a process, in MB (Linux): now, or the most it has held (`peak`). */
export function residentMb(pid: number, which: 'now' | 'peak' = 'now'): number {
  const field = which === 'now' ? 'VmRSS' : 'VmHWM';
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

/** CPU time a process has used so far, user and system, in ms (Linux). */
export function cpuTimeMs(pid: number): number {
  // Fields 14 and 15 of /proc/pid/stat, in clock ticks (100 per second on Linux); the name may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
