/**
 * `npm test`: everything CI runs, continuing past failures so that one run reports every problem.
 * After the web build, the browser tests run on a worker per core and one more, with the static checks and the server
 * build beside them at a lower scheduling priority, on what the browsers, both servers and the audio leave of the
 * cores. The unit and integration tests follow the browser tests, with what is left of the checks beside them. The
 * last line is the total over every suite: `N passed, N failed`, where each check (types, lint, format, codegen,
 * builds) counts as one and each unit, integration and browser test as one; the summary above it names every test
 * that failed.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { run, runCaptured } from './processes';
import { checksTally, playwrightTally, type Tally, vitestTally } from './tallies';

const root = resolve(import.meta.dirname, '..');
const reports = resolve(root, '.reports');
const bin = (name: string): string => resolve(root, 'node_modules/.bin', name);

interface Step {
  name: string;
  command: string;
  args: string[];
  /** Reads the step's own test counts; checks without one count as a single test. */
  tally?: (exitCode: number) => Tally;
  /** Steps that need an earlier one, by name. */
  needs?: string;
  /**
   * Streams its output as it comes. Every other step's output is kept and shown whole when it ends, so that
   * steps running at the same time never mix theirs.
   */
  live?: boolean;
  /** Runs below the browser tests' priority, on the cores they leave idle (see `backgroundNiceness`). */
  background?: boolean;
}

/** The steps of a stage run side by side; a lane runs its stages one after another. */
type Stage = Step[];

const webBuild: Step = {
  name: 'web build',
  command: 'npm',
  args: ['run', 'build', '-w', 'web', '--silent'],
  live: true,
};

const browserTests: Step = {
  name: 'browser tests',
  command: bin('playwright'),
  args: ['test', '-c', 'web/playwright.config.ts'],
  tally: (code) => playwrightTally(resolve(reports, 'playwright.json'), code),
  needs: 'web build',
  live: true,
};

const unitTests: Step = {
  name: 'unit and integration tests',
  command: bin('vitest'),
  // With coverage, held to the floor in vitest.config.ts.
  args: [
    'run',
    '--coverage',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resolve(reports, 'vitest.json')}`,
  ],
  tally: (code) => vitestTally(resolve(reports, 'vitest.json'), root, code),
  live: true,
};

/** A static check: it runs below the browser tests' priority (see `backgroundNiceness`). */
const check = (step: Step): Step => ({ ...step, background: true });

const serverBuild = check({
  // Compiles the servers and runs the output with plain node, as the production image does.
  name: 'server build',
  command: process.execPath,
  args: ['--import', 'tsx', 'scripts/build-check.ts'],
  needs: 'web build',
});
const typesAndLint = check({
  // Oxlint's type check and rules in one pass over the programs, then ESLint's React hooks' and GraphQL rules
  // (scripts/checks.ts).
  name: 'types and lint',
  command: process.execPath,
  args: ['--import', 'tsx', 'scripts/types-and-lint.ts'],
  tally: () => checksTally(resolve(reports, 'checks.json')),
});
const format = check({ name: 'format', command: bin('oxfmt'), args: ['--check'] });
const codegenCheck = check({
  name: 'codegen is up to date',
  command: bin('graphql-codegen'),
  args: ['--config', 'codegen.ts', '--check'],
});

/**
 * The static checks run beside the browser tests: they time nothing, so a slow start costs them nothing but time,
 * where a browser test would fail. The unit and integration tests follow the browser tests: many of their files
 * start servers and wait on real time, and beside the browsers they took three times as long. They do not wait for
 * the checks: what is left of those runs on beside them, at its lower priority, rather than alone on one core.
 * The format and codegen checks follow the type check and lint: the browser tests' last tests wait on audio and
 * clocks and leave cores idle, which those two fill (docs/decisions/077).
 */
const lanes: Stage[][] = [
  [[browserTests], [unitTests]],
  [
    [serverBuild, typesAndLint],
    [format, codegenCheck],
  ],
];
const steps: Step[] = [webBuild, ...lanes.flat(2)];

/**
 * How far below the browser tests the background lane runs (a `nice` value). The kernel gives it a core only
 * as far as the browsers, both servers and the audio leave that core idle, so that a page or a start of
 * playback never waits on a test file's server or a type check.
 */
const backgroundNiceness = 10;

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results: { name: string; tally: Tally; ms: number }[] = [];
const failedSteps = new Set<string>();
/**
 * Every Node process of the run (the checks, the test runners, both servers, the commands tests start) scavenges a
 * young generation of 64 MB rather than 16: fewer collections of the same live objects. The type check and lint
 * took 16 % less processor time with it and one collector thread (docs/decisions/069).
 */
const nodeOptions = [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' ');
const env = { ...process.env, FORCE_COLOR: '1', NODE_OPTIONS: nodeOptions };

/** The command line that runs a step, lowered in priority where the step runs in the background. */
function commandLine(step: Step): [string, string[]] {
  if (!step.background || process.platform === 'win32') return [step.command, step.args];
  return ['nice', ['-n', String(backgroundNiceness), step.command, ...step.args]];
}

/** Runs one step (its output kept unless it streams) and records its tally. */
async function runStep(step: Step): Promise<void> {
  if (step.needs && failedSteps.has(step.needs)) {
    console.log(`\n▶ ${step.name}\n  not run: ${step.needs} failed`);
    results.push({ name: step.name, tally: { passed: 0, failed: 1, skipped: 0 }, ms: 0 });
    failedSteps.add(step.name);
    return;
  }
  const started = Date.now();
  const [command, args] = commandLine(step);
  let code: number;
  if (step.live) {
    console.log(`\n▶ ${step.name}`);
    code = await run(command, args, { cwd: root, env });
  } else {
    const captured = await runCaptured(command, args, { cwd: root, env });
    console.log(`\n▶ ${step.name}\n${captured.output.trimEnd()}`);
    code = captured.code;
  }
  const tally = step.tally ? step.tally(code) : { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  if (code !== 0 || tally.failed > 0) failedSteps.add(step.name);
  results.push({ name: step.name, tally, ms: Date.now() - started });
}

async function runLane(lane: Stage[]): Promise<void> {
  for (const stage of lane) await Promise.all(stage.map(runStep));
}

const started = Date.now();
await runStep(webBuild);
await Promise.all(lanes.map(runLane));

console.log('\nSummary');
// In the order of the steps, whichever of those that ran side by side ended first.
results.sort(
  (a, b) => steps.findIndex((step) => step.name === a.name) - steps.findIndex((step) => step.name === b.name),
);
for (const { name, tally, ms } of results) {
  const status = tally.failed > 0 ? 'FAIL' : 'ok  ';
  const skipped = tally.skipped > 0 ? `, ${tally.skipped} skipped` : '';
  console.log(
    `  ${status} ${name}: ${tally.passed} passed, ${tally.failed} failed${skipped} (${(ms / 1000).toFixed(1)} s)`,
  );
  for (const failure of tally.failures ?? []) console.log(`         ✗ ${failure}`);
}
const total = results.reduce(
  (sum, { tally }) => ({
    passed: sum.passed + tally.passed,
    failed: sum.failed + tally.failed,
    skipped: sum.skipped + tally.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(`  all steps: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`);
process.exit(failedSteps.size > 0 ? 1 : 0);
