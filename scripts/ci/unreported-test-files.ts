/**
 * After a failed test run, names the test files that failed and those vitest listed that have no
 * result in its JSON report. A worker process that dies takes the files it still held with it, and
 * vitest says only "Worker exited unexpectedly"; CI prints this last, where its log's tail shows it.
 *   tsx scripts/ci/unreported-test-files.ts LISTED.json REPORT.json
 * (LISTED: `vitest list --filesOnly --json`; REPORT: the json reporter's file).
 */
import { existsSync, readFileSync } from 'node:fs';

interface ListedFile {
  file: string;
}
interface ReportedFile {
  name: string;
  status: string;
}

const [listedPath, reportPath] = process.argv.slice(2);
if (!listedPath || !reportPath) {
  console.error('usage: tsx scripts/ci/unreported-test-files.ts LISTED.json REPORT.json');
  process.exit(2);
}
const listed = (JSON.parse(readFileSync(listedPath, 'utf8')) as ListedFile[]).map((entry) => entry.file);
const reported: ReportedFile[] = existsSync(reportPath)
  ? (JSON.parse(readFileSync(reportPath, 'utf8')) as { testResults: ReportedFile[] }).testResults
  : [];
const reportedNames = new Set(reported.map((file) => file.name));
const failed = reported.filter((file) => file.status !== 'passed').map((file) => file.name);
const unreported = listed.filter((file) => !reportedNames.has(file));
console.log(`Test files that failed: ${failed.length === 0 ? 'none' : failed.join(', ')}`);
console.log(
  `Test files with no result (a worker that died held them): ${unreported.length === 0 ? 'none' : unreported.join(', ')}`,
);
