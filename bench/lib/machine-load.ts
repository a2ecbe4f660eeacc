import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export interface MachineLoad {
  /** The 1-minute load average. */
  load: number;
  /** The share of the last minute in which some runnable task waited for a CPU (Linux PSI), or null. */
  cpuWaiting: number | null;
}

const CPU_PRESSURE = '/proc/pressure/cpu';

/** How busy the machine is, to read a run's figures by: others' work takes CPU from the site too. */
export function machineLoad(): MachineLoad {
  const avg60 = existsSync(CPU_PRESSURE)
    ? /^some .*avg60=([\d.]+)/m.exec(readFileSync(CPU_PRESSURE, 'utf8'))?.[1]
    : null;
  return { load: loadavg()[0] ?? 0, cpuWaiting: avg60 ? Number(avg60) / 100 : null };
}

export const describeLoad = ({ load, cpuWaiting }: MachineLoad) =>
  `load ${load.toFixed(1)}${cpuWaiting === null ? '' : `, tasks waiting for a CPU ${(cpuWaiting * 100).toFixed(0)}% of the last minute`}`;
