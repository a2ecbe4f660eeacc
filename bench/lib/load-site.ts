import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, startProductionServer } from '../../scripts/lib/production-server.js';

/** A process of the site under load. */
export interface SiteProcess {
  name: string;
  process: ChildProcess;
  output(): string;
}

export interface LoadSite {
  /** The web processes' addresses, which readers are spread over. */
  bases: string[];
  /** The address the site is public under (a proxy's, in production): the origin of its pages. */
  publicUrl: string;
  processes: SiteProcess[];
  stop(): Promise<void>;
}

/** `node dist/server/main.js --role=worker`; resolves once it has started on the queue. */
async function startProductionWorker(env: Record<string, string>): Promise<SiteProcess> {
  const child = spawn(process.execPath, ['dist/server/main.js', '--role=worker'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}:\n${output}`)));
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('queue worker started')) resolve();
    });
  });
  return { name: 'worker', process: child, output: () => output };
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * The production build as it would run: `webProcesses` web processes (`--role=web`) and one worker,
 * or, with `webProcesses` 0, one process doing both (`--role=all`, what `npm start` runs). Every
 * process shares `env` (database, DATA_DIR, session secret) and one public URL, the first web
 * process's, as processes behind one proxy do.
 */
export async function startLoadSite(env: Record<string, string>, webProcesses: number): Promise<LoadSite> {
  const ports = await Promise.all(Array.from({ length: Math.max(1, webProcesses) }, () => freePort()));
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const processes: SiteProcess[] = [];
  const site: LoadSite = {
    bases: [],
    publicUrl,
    processes,
    stop: async () => {
      await Promise.all(processes.map(({ process }) => stopped(process)));
    },
  };
  try {
    for (const [i, port] of ports.entries()) {
      const server = await startProductionServer(
        { ...env, PORT: String(port), PUBLIC_URL: publicUrl },
        webProcesses === 0 ? [] : ['--role=web'],
      );
      processes.push({ name: webProcesses === 0 ? 'web + worker' : `web ${i + 1}`, ...server });
      site.bases.push(server.baseUrl);
    }
    if (webProcesses > 0) processes.push(await startProductionWorker({ ...env, PUBLIC_URL: publicUrl }));
    return site;
  } catch (error) {
    await site.stop();
    throw error;
  }
}
