import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface MountedTmpfs {
  /** Writes one file until the file system refuses for want of room. */
  fill(fileName: string): Promise<void>;
  unmount(): Promise<void>;
}

/** A small real file system of `sizeBytes` mounted at `dir` (which must exist), as a full disk needs. */
export async function mountTmpfs(dir: string, sizeBytes: number): Promise<MountedTmpfs> {
  await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0755`, 'tmpfs', dir]);
  return {
    async fill(fileName) {
      const file = await open(path.join(dir, fileName), 'w');
      const chunk = Buffer.alloc(4096, 1);
      try {
        for (;;) await file.write(chunk);
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'ENOSPC')) throw error;
      } finally {
        await file.close();
      }
    },
    unmount: async () => {
      await run('umount', [dir]);
    },
  };
}

/** Why this process may not mount a tmpfs (it is not root, or the container forbids it), or null when it may. */
export async function tmpfsMountRefusal(): Promise<string | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-tmpfs-probe-'));
  try {
    const mounted = await mountTmpfs(dir, 64 * 1024);
    await mounted.unmount();
    return null;
  } catch (error) {
    return `mounting a tmpfs is not permitted here: ${error instanceof Error ? error.message.split('\n')[0] : error}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
