/**
 * The counts of a test step, read from the report its runner writes, and the names of what failed, so that the
 * summary at the end of a long log says which tests to look at.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** What failed, by name, for the summary: the end of a long log is often all a reader is shown. */
  failures?: string[];
}

function readJson(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

/** Vitest's JSON report at `path`; `root` shortens the files' names. */
export function vitestTally(path: string, root: string, exitCode: number): Tally {
  const report = readJson(path) as
    | {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
        testResults: { name: string; status: string; assertionResults: { status: string; fullName: string }[] }[];
      }
    | undefined;
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  const failures = report.testResults.flatMap((file) => {
    const name = relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that fails to load has no tests of its own to count: count it as one failure.
    if (file.status === 'failed' && tests.length === 0) return [`${name} (the file itself)`];
    return tests.map((test) => `${name} › ${test.fullName}`);
  });
  return {
    passed: report.numPassedTests,
    failed: failures.length === 0 && exitCode !== 0 ? 1 : failures.length,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

interface PlaywrightSuite {
  title: string;
  file: string;
  specs?: {
    title: string;
    line: number;
    tests: { projectName: string; status: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** The first line of an error's message, without the terminal's colours. */
function firstLine(message: string): string {
  // oxlint-disable-next-line no-control-regex -- the escape sequences of terminal colours
  return (message.replace(/\u001b\[[0-9;]*m/g, '').split('\n')[0] ?? '').trim();
}

/** Every browser test that did not pass as expected, as `file:line › project › title: why`. */
function playwrightFailures(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) => {
          const error = test.results?.find((result) => result.error)?.error?.message;
          const why = error === undefined ? test.status : firstLine(error);
          return `${suite.file}:${spec.line} › ${test.projectName} › ${spec.title}: ${why}`;
        }),
    ),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

/** Playwright's JSON report at `path`. */
export function playwrightTally(path: string, exitCode: number): Tally {
  const report = readJson(path) as
    | {
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
        suites?: PlaywrightSuite[];
        errors?: { message?: string }[];
      }
    | undefined;
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  const { expected, unexpected, flaky, skipped } = report.stats;
  // Retries are off, so a flaky test is a failure, and so is an error outside any test.
  const failed = unexpected + flaky + (report.errors?.length ?? 0);
  const failures = [
    ...playwrightFailures(report.suites ?? []),
    ...(report.errors ?? []).map((error) => `outside any test: ${firstLine(error.message ?? '')}`),
  ];
  return { passed: expected, failed: failed === 0 && exitCode !== 0 ? 1 : failed, skipped, failures };
}

/**
 * The checks that report each of theirs at `path` (`{ "types": true, "lint": false }`): one test each. Without the
 * report, the step failed before it could tell: one failure.
 */
export function checksTally(path: string): Tally {
  const report = readJson(path) as Record<string, boolean> | undefined;
  if (!report) return { passed: 0, failed: 1, skipped: 0, failures: ['the checks ended without a report'] };
  const failures = Object.keys(report).filter((check) => !report[check]);
  return { passed: Object.keys(report).length - failures.length, failed: failures.length, skipped: 0, failures };
}
