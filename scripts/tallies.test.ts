import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checksTally, playwrightTally, vitestTally } from './tallies';

const folder = mkdtempSync(join(tmpdir(), 'graphonic-tallies-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function report(name: string, body: unknown): string {
  const path = join(folder, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

describe('the browser tests’ tally', () => {
  const spec = (title: string, line: number, ...statuses: [string, string][]) => ({
    title,
    line,
    tests: statuses.map(([projectName, status]) => ({
      projectName,
      status,
      results:
        status === 'expected' ? [{}] : [{ error: { message: `\u001b[31mError: ${title} failed\u001b[39m\n  at …` } }],
    })),
  });

  it('names every test that failed or passed only on a retry, in nested groups too, and errors outside any test', () => {
    const path = report('playwright.json', {
      stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 1 },
      suites: [
        {
          title: 'player.spec.ts',
          file: 'player.spec.ts',
          specs: [spec('plays', 10, ['desktop', 'expected'], ['phone', 'unexpected'])],
          suites: [
            {
              title: 'the queue',
              file: 'player.spec.ts',
              specs: [
                spec('takes an item out', 40, ['desktop', 'flaky']),
                spec('shows it', 60, ['desktop', 'skipped']),
              ],
            },
          ],
        },
        { title: 'live.spec.ts', file: 'live.spec.ts', specs: [spec('follows', 5, ['desktop', 'expected'])] },
      ],
      errors: [{ message: 'Error: the web server did not start\n    at …' }],
    });
    expect(playwrightTally(path, 1)).toEqual({
      passed: 3,
      failed: 3,
      skipped: 1,
      failures: [
        'player.spec.ts:10 › phone › plays: Error: plays failed',
        'player.spec.ts:40 › desktop › takes an item out: Error: takes an item out failed',
        'outside any test: Error: the web server did not start',
      ],
    });
  });

  it('counts a run that wrote no report, or failed without a failing test, as one failure', () => {
    expect(playwrightTally(join(folder, 'none.json'), 1)).toEqual({ passed: 0, failed: 1, skipped: 0 });
    const path = report('quiet.json', { stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] });
    expect(playwrightTally(path, 0)).toEqual({ passed: 2, failed: 0, skipped: 0, failures: [] });
    expect(playwrightTally(path, 1)).toMatchObject({ passed: 2, failed: 1 });
  });
});

describe('the unit tests’ tally', () => {
  const root = '/repo';
  const file = (name: string, status: string, ...tests: [string, string][]) => ({
    name: `${root}/${name}`,
    status,
    assertionResults: tests.map(([fullName, testStatus]) => ({ fullName, status: testStatus })),
  });

  it('names each failed test once, and a file that failed before any of its tests ran', () => {
    const path = report('vitest.json', {
      numPassedTests: 4,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 1,
      testResults: [
        file('api/a.test.ts', 'passed', ['a works', 'passed'], ['a waits', 'pending']),
        file('api/b.test.ts', 'failed', ['b works', 'passed'], ['b refuses', 'failed']),
        file('music/c.test.ts', 'failed'),
        file('web/d.test.ts', 'passed', ['d works', 'passed'], ['d shows', 'passed']),
      ],
    });
    expect(vitestTally(path, root, 1)).toEqual({
      passed: 4,
      failed: 2,
      skipped: 2,
      failures: ['api/b.test.ts › b refuses', 'music/c.test.ts (the file itself)'],
    });
  });

  it('counts a run that wrote no report, or failed without a failing test, as one failure', () => {
    expect(vitestTally(join(folder, 'missing.json'), root, 1)).toEqual({ passed: 0, failed: 1, skipped: 0 });
    const path = report('green.json', {
      numPassedTests: 1,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [file('api/a.test.ts', 'passed', ['a works', 'passed'])],
    });
    expect(vitestTally(path, root, 0)).toEqual({ passed: 1, failed: 0, skipped: 0, failures: [] });
    expect(vitestTally(path, root, 1)).toMatchObject({ passed: 1, failed: 1 });
  });
});

describe('the checks’ tally', () => {
  it('counts each check of the report, names those that failed, and counts a missing report as one failure', () => {
    expect(checksTally(report('checks-one-failed.json', { types: true, lint: false }))).toEqual({
      passed: 1,
      failed: 1,
      skipped: 0,
      failures: ['lint'],
    });
    expect(checksTally(report('checks-passed.json', { types: true, lint: true }))).toEqual({
      passed: 2,
      failed: 0,
      skipped: 0,
      failures: [],
    });
    expect(checksTally(join(folder, 'none.json'))).toMatchObject({ passed: 0, failed: 1 });
  });
});
