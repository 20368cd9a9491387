import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { typecheckPrograms } from './typecheck-programs';

const root = resolve(import.meta.dirname, '..');

interface Project {
  files: Set<string>;
  /** The compiler options, without those that only say where the tsconfig is. */
  options: Record<string, unknown>;
}

function project(tsconfig: string): Project {
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(resolve(root, tsconfig), {}, host);
  if (!parsed) throw new Error(`${tsconfig} could not be read`);
  const { configFilePath: _path, pathsBasePath: _base, ...options } = parsed.options;
  return { files: new Set(parsed.fileNames), options };
}

/** Every project of the repository, by its tsconfig.json, but those `npm run typecheck` checks itself. */
function projects(): string[] {
  return execFileSync('git', ['ls-files', '*tsconfig.json'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((path) => path !== '' && !(typecheckPrograms as readonly string[]).includes(path));
}

describe('the type check', () => {
  const programs = typecheckPrograms.map((tsconfig) => ({ tsconfig, ...project(tsconfig) }));

  it('checks every file of every project in a program with that project’s own options', () => {
    const found = projects();
    expect(found).toEqual(expect.arrayContaining(['api/tsconfig.json', 'music/tsconfig.json']));
    for (const tsconfig of found) {
      const own = project(tsconfig);
      const program = programs.find((each) => [...own.files].some((file) => each.files.has(file)));
      expect(program, `${tsconfig} is in no program of the type check`).toBeDefined();
      if (!program) continue;
      const missing = [...own.files].filter((file) => !program.files.has(file));
      expect(missing, `${tsconfig}: files that ${program.tsconfig} leaves out`).toEqual([]);
      expect(own.options, `${tsconfig} and ${program.tsconfig} check with the same options`).toEqual(program.options);
    }
  });
});
