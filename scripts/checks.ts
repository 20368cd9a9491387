/**
 * The type check and the type-aware lint on the same TypeScript programs. Run apart, as `npm run typecheck` and
 * `npm run lint` do, each builds every program and computes its types; here the lint reads the types the check
 * already computed.
 */
import { resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import ts from 'typescript';

export interface TypeCheck {
  programs: ts.Program[];
  diagnostics: ts.Diagnostic[];
}

const host: ts.ParseConfigFileHost = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
};

/**
 * Type-checks each tsconfig of `projects` (relative to `root`) as `tsc --noEmit --incremental` does: `record` names
 * the file that remembers what a program checked, so that a second run checks only what changed since.
 */
export function checkTypes(root: string, projects: readonly string[], record: (project: string) => string): TypeCheck {
  const programs: ts.Program[] = [];
  const diagnostics: ts.Diagnostic[] = [];
  for (const project of projects) {
    const parsed = ts.getParsedCommandLineOfConfigFile(resolve(root, project), {}, host);
    if (!parsed) throw new Error(`${project} could not be read`);
    const builder = ts.createIncrementalProgram({
      rootNames: parsed.fileNames,
      options: { ...parsed.options, noEmit: true, incremental: true, tsBuildInfoFile: record(project) },
      configFileParsingDiagnostics: parsed.errors,
      projectReferences: parsed.projectReferences,
    });
    diagnostics.push(
      ...builder.getConfigFileParsingDiagnostics(),
      ...builder.getOptionsDiagnostics(),
      ...builder.getGlobalDiagnostics(),
      ...builder.getSyntacticDiagnostics(),
      ...builder.getSemanticDiagnostics(),
    );
    // With noEmit, writes only the record of what was checked.
    builder.emit();
    programs.push(builder.getProgram());
  }
  return { programs, diagnostics };
}

/** The diagnostics as `tsc --pretty` prints them. */
export function formatDiagnostics(root: string, diagnostics: readonly ts.Diagnostic[]): string {
  return ts.formatDiagnosticsWithColorAndContext(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  });
}

export interface LintOptions {
  /** The files the programs hold that are linted with type information. */
  typed: string[];
  /** The configuration, when not the one `root`'s eslint.config.js gives. */
  config?: Linter.Config[];
}

/**
 * Lints `root` as `eslint .` does, every file of `options.typed` with its types from `programs` instead of a program
 * of the lint's own. A linted file that no program holds fails with a message that says so.
 */
export async function lint(
  root: string,
  programs: ts.Program[],
  options: LintOptions,
): Promise<{ results: ESLint.LintResult[]; output: string }> {
  const typed: Linter.Config = {
    files: options.typed,
    languageOptions: { parserOptions: { projectService: false, programs } },
  };
  const eslint = new ESLint({
    cwd: root,
    ...(options.config ? { overrideConfigFile: true, baseConfig: options.config } : {}),
    overrideConfig: typed,
  });
  const results = await eslint.lintFiles(['.']);
  const output = await (await eslint.loadFormatter('stylish')).format(results);
  return { results, output };
}

/** Whether the lint passes as `eslint --max-warnings 0` does: no error and no warning. */
export function lintPasses(results: readonly ESLint.LintResult[]): boolean {
  return results.every((result) => result.errorCount === 0 && result.warningCount === 0);
}
