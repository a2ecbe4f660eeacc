import type { ImportCounts } from '../modules/ingest/service.js';

export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

const BAR_WIDTH = 30;
const format = (n: number) => n.toLocaleString('en-US');

export function describeCounts(counts: ImportCounts, addedAs: string): string {
  return `${format(counts.read)} read, ${format(counts.added)} ${addedAs}, ${format(counts.known)} already known, ${format(counts.deleted)} deleted by an admin, ${format(counts.skipped)} skipped`;
}

/**
 * Import progress by the share of the file read: a bar redrawn in place on a terminal, otherwise a
 * plain line at every tenth, so logs stay short.
 */
export function createImportProgress(output: ProgressOutput, addedAs: string) {
  let nextTenth = 1;
  return {
    update(fraction: number, counts: ImportCounts): void {
      const share = Math.min(1, Math.max(0, fraction));
      const percent = `${Math.floor(share * 100)}%`.padStart(4);
      if (output.isTTY) {
        const filled = Math.round(share * BAR_WIDTH);
        const bar = `${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}`;
        output.write(`\r[${bar}] ${percent} ${describeCounts(counts, addedAs)}\u001b[K`);
        return;
      }
      if (share * 10 < nextTenth) return;
      nextTenth = Math.floor(share * 10) + 1;
      output.write(`${percent} ${describeCounts(counts, addedAs)}\n`);
    },
    /** Ends the bar's line, so what follows starts on a line of its own. */
    finish(): void {
      if (output.isTTY) output.write('\n');
    },
  };
}
