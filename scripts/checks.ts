/**
 * The type check and the lint. Oxlint checks the types (TypeScript 7, through tsgolint) and runs the rules of
 * `.oxlintrc.json`, the type-aware ones on the same programs, in one pass; ESLint runs the rules Oxlint does not have
 * (eslint.config.js: the React hooks' rules and the GraphQL rules).
 */
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import ts from 'typescript';
import { runCaptured } from './processes';

/** One finding of Oxlint's: a type error (`typescript(TS2322)`) or a rule's (`typescript(no-floating-promises)`). */
export interface Finding {
  file: string;
  line: number;
  column: number;
  code: string;
  message: string;
}

export interface OxlintResult {
  /** TypeScript's own errors. */
  types: Finding[];
  /** The rules' findings, and Oxlint's own: an unused disable directive, a file it cannot parse. */
  rules: Finding[];
  files: number;
}

interface OxlintReport {
  diagnostics: {
    message: string;
    code?: string;
    filename: string;
    labels?: { span: { line: number; column: number } }[];
  }[];
  number_of_files: number;
}

const typeError = /^typescript\(TS\d+\)$/;

/**
 * Runs Oxlint in `root` with its configuration there, and sorts what it found into type errors and the rules'
 * findings. `root`'s own `node_modules` need not hold Oxlint: the binaries are this repository's.
 */
export async function oxlint(root: string, args: readonly string[] = []): Promise<OxlintResult> {
  const bin = resolve(import.meta.dirname, '..', 'node_modules', '.bin');
  const { code, stdout, stderr } = await runCaptured(join(bin, 'oxlint'), ['--format', 'json', ...args], {
    cwd: root,
    env: { ...process.env, OXLINT_TSGOLINT_PATH: join(bin, 'tsgolint') },
  });
  // 0: nothing found, 1: findings; anything else (a configuration it cannot read, a crash) is no result at all.
  if ((code !== 0 && code !== 1) || !stdout.trimStart().startsWith('{')) {
    throw new Error(`Oxlint failed (exit code ${String(code)}):\n${stderr || stdout}`);
  }
  const report = JSON.parse(stdout) as OxlintReport;
  const findings = report.diagnostics.map((diagnostic): Finding => {
    const at = diagnostic.labels?.[0]?.span;
    return {
      file: diagnostic.filename,
      line: at?.line ?? 0,
      column: at?.column ?? 0,
      // Oxlint's own findings (a file it cannot parse, say) carry no rule's code.
      code: diagnostic.code ?? 'oxlint',
      message: diagnostic.message,
    };
  });
  return {
    types: findings.filter((finding) => typeError.test(finding.code)),
    rules: findings.filter((finding) => !typeError.test(finding.code)),
    files: report.number_of_files,
  };
}

/** Findings one to a line, as `file:line:column  message  code`. */
export function formatFindings(findings: readonly Finding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.file}:${String(finding.line)}:${String(finding.column)}  ${finding.message}  ${finding.code}`,
    )
    .join('\n');
}

/** The folders no check reads: dependencies, builds, generated code, data and reports. */
const skipped = new Set(['node_modules', 'dist', '__generated__', '.data', '.reports', 'test-results', '.git']);
const source = /\.(ts|tsx|js|mjs)$/;

/** The files under `dir` whose name passes `wanted`, outside the folders no check reads. */
function filesUnder(dir: string, wanted: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : filesUnder(join(dir, entry.name), wanted);
    return entry.isFile() && wanted(entry.name) ? [join(dir, entry.name)] : [];
  });
}

/**
 * The source files under `root` that no `tsconfig.json` there holds. Oxlint would check such a file in a program
 * of TypeScript's defaults, without the project's strictness: each must belong to a project instead.
 */
export function filesOutsidePrograms(root: string): string[] {
  const held = new Set<string>();
  for (const tsconfig of filesUnder(root, (name) => name === 'tsconfig.json')) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      tsconfig,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    );
    for (const file of parsed?.fileNames ?? []) held.add(resolve(file));
  }
  return filesUnder(root, (name) => source.test(name) && !name.endsWith('.d.ts'))
    .filter((file) => !held.has(file))
    .map((file) => relative(root, file));
}

/** What the checks say of files no `tsconfig.json` holds. */
export function describeOutside(files: readonly string[]): string {
  return `In no tsconfig.json, so checked without the project's settings:\n${files.join('\n')}`;
}

export interface LintOptions {
  /** The configuration, when not the one `root`'s eslint.config.js gives. */
  config?: Linter.Config[];
}

/** Lints `root` as `eslint .` does. */
export async function lint(
  root: string,
  options: LintOptions = {},
): Promise<{ results: ESLint.LintResult[]; output: string }> {
  const eslint = new ESLint({
    cwd: root,
    ...(options.config ? { overrideConfigFile: true, baseConfig: options.config } : {}),
  });
  const results = await eslint.lintFiles(['.']);
  const output = await (await eslint.loadFormatter('stylish')).format(results);
  return { results, output };
}

/** Whether the lint passes as `eslint --max-warnings 0` does: no error and no warning. */
export function lintPasses(results: readonly ESLint.LintResult[]): boolean {
  return results.every((result) => result.errorCount === 0 && result.warningCount === 0);
}
