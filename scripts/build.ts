/**
 * `npm run build:servers` (part of `npm run build`): compiles the api, the music service, the
 * shared ops package and the schema package to JavaScript, each into its own `dist/`, so that a
 * production image runs them with plain `node` (docs/decisions/027-one-ops-package-and-compiled-servers.md).
 *
 * Each TypeScript file becomes one JavaScript file at the same place under `dist/` as under its
 * sources (esbuild strips the types; `npm run typecheck` checks them): `import.meta.dirname`,
 * `new URL('./x', import.meta.url)` and a worker file beside its importer mean the same in both.
 * Relative imports are written with the `.js` file they name, as Node requires; imports of another
 * workspace package become relative imports of its `dist/`. Everything else (Node's modules,
 * packages) stays as it is, resolved from node_modules at run time. Files that are not TypeScript
 * (SQL migrations, stylesheets, JSON, the schema's `.graphql`) are copied beside the code that
 * reads them. Tests, fixtures and test helpers are left out; an import of one from the servers'
 * code fails the build, and so does a static import of a package that is not among its workspace's
 * `dependencies`: the image installs those alone (`npm ci --omit=dev`). A dynamic import may name
 * a development package (vite, behind WEB_DEV_SERVER, which production refuses).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

interface Target {
  /** The workspace package's folder. */
  dir: string;
  /** Where its sources live, relative to `dir`. */
  sources: string;
  /** Which files that are not TypeScript it reads at run time. */
  asset: (path: string) => boolean;
}

const anyAsset = (path: string): boolean => !path.endsWith('.md');

export const targets: Target[] = [
  { dir: 'schema', sources: '.', asset: (path) => path.endsWith('.graphql') },
  { dir: 'ops', sources: 'src', asset: anyAsset },
  { dir: 'api', sources: 'src', asset: anyAsset },
  { dir: 'music', sources: 'src', asset: anyAsset },
];

const skippedDirs = new Set(['node_modules', 'dist', '__fixtures__']);
/** Test helpers are the files that import vitest or test-support/; no server code may. */
const testHelper = /\bfrom\s+['"](?:vitest(?:\/[^'"]*)?|(?:\.\.\/)+test-support\/[^'"]*)['"]/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return skippedDirs.has(name) ? [] : filesUnder(path);
    return [path];
  });
}

interface Manifest {
  name: string;
  exports?: { '.'?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const manifestOf = (target: Target): Manifest =>
  JSON.parse(readFileSync(resolve(root, target.dir, 'package.json'), 'utf8')) as Manifest;

interface Plan {
  target: Target;
  sourceDir: string;
  outDir: string;
  entries: string[];
  assets: string[];
}

function plan(target: Target): Plan {
  const sourceDir = resolve(root, target.dir, target.sources);
  const files = filesUnder(sourceDir);
  const entries = files.filter(
    (path) =>
      path.endsWith('.ts') &&
      !path.endsWith('.test.ts') &&
      !path.endsWith('.d.ts') &&
      !testHelper.test(readFileSync(path, 'utf8')),
  );
  const assets = files.filter((path) => !path.endsWith('.ts') && target.asset(relative(sourceDir, path)));
  return { target, sourceDir, outDir: resolve(root, target.dir, 'dist'), entries, assets };
}

/** Where a source file (TypeScript or not) lands in its package's `dist/`. */
function outputOf(plans: Plan[], source: string): string | undefined {
  const owner = plans.find((candidate) => source.startsWith(candidate.sourceDir + sep));
  if (!owner) return undefined;
  const out = join(owner.outDir, relative(owner.sourceDir, source));
  return out.endsWith('.ts') ? `${out.slice(0, -3)}.js` : out;
}

/** The file a relative specifier names, as TypeScript with bundler resolution finds it. */
function sourceFileOf(base: string): string | undefined {
  const candidates = [base, `${base}.ts`, join(base, 'index.ts')];
  if (base.endsWith('.js')) candidates.unshift(`${base.slice(0, -3)}.ts`);
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

function relativeSpecifier(from: string, to: string): string {
  const path = relative(dirname(from), to).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** Workspace packages by name, with the source file their `exports` name. */
function workspaceEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const target of targets) {
    const manifest = manifestOf(target);
    const entry = manifest.exports?.['.'];
    if (entry) entries.set(manifest.name, resolve(root, target.dir, entry));
  }
  return entries;
}

/** Keeps every import external, rewritten to the file Node will find at run time. */
function runtimeImports(plans: Plan[]): Plugin {
  const emitted = new Set(plans.flatMap((item) => [...item.entries, ...item.assets]));
  const packages = workspaceEntries();
  return {
    name: 'runtime-imports',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const importer = outputOf(plans, args.importer);
        if (!importer) return { errors: [{ text: `${args.importer} is outside the compiled packages` }] };
        const workspace = packages.get(args.path);
        if (args.path.startsWith('@graphonic/') && !workspace) {
          return { errors: [{ text: `${args.path}: only a workspace package's main entry can be imported` }] };
        }
        if (workspace || args.path.startsWith('.')) {
          const source = workspace ?? sourceFileOf(resolve(args.resolveDir, args.path));
          const output = source && emitted.has(source) ? outputOf(plans, source) : undefined;
          if (!output) {
            return {
              errors: [{ text: `${args.path} is not part of the build (a test, a fixture or a test helper?)` }],
            };
          }
          return { path: relativeSpecifier(importer, output), external: true };
        }
        return { path: args.path, external: true };
      });
    },
  };
}

const builtins = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The packages `metafile`'s outputs import that their workspace does not install for production. */
function undeclaredPackages(metafile: Metafile, target: Target): string[] {
  const manifest = manifestOf(target);
  const runtime = new Set(Object.keys(manifest.dependencies ?? {}));
  const development = new Set(Object.keys(manifest.devDependencies ?? {}));
  const problems: string[] = [];
  for (const [output, { imports }] of Object.entries(metafile.outputs)) {
    for (const { path, kind } of imports) {
      if (path.startsWith('.') || path.startsWith('node:') || builtins.has(path)) continue;
      const name = packageName(path);
      const allowed = runtime.has(name) || (kind === 'dynamic-import' && development.has(name));
      if (!allowed)
        problems.push(`${output} imports ${path}, which is not in ${target.dir}/package.json's dependencies`);
    }
  }
  return problems;
}

/** Compiles every target; returns the number of JavaScript files written. */
export async function buildServers(): Promise<number> {
  const plans = targets.map(plan);
  const plugin = runtimeImports(plans);
  for (const item of plans) {
    rmSync(item.outDir, { recursive: true, force: true });
    const { metafile } = await build({
      entryPoints: item.entries,
      outbase: item.sourceDir,
      outdir: item.outDir,
      // Each file on its own: every import is external (see runtimeImports).
      bundle: true,
      plugins: [plugin],
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      logLevel: 'warning',
      metafile: true,
    });
    const undeclared = undeclaredPackages(metafile, item.target);
    if (undeclared.length > 0) throw new Error(`The build of ${item.target.dir} failed:\n${undeclared.join('\n')}`);
    for (const asset of item.assets) {
      const output = outputOf(plans, asset) ?? '';
      mkdirSync(dirname(output), { recursive: true });
      cpSync(asset, output);
    }
  }
  return plans.reduce((sum, item) => sum + item.entries.length, 0);
}

if (import.meta.filename === process.argv[1]) {
  const started = performance.now();
  try {
    const count = await buildServers();
    const names = targets.map((target) => target.dir).join(', ');
    console.log(`Compiled ${count} files of ${names} in ${Math.round(performance.now() - started)} ms.`);
  } catch (error) {
    // esbuild has already printed where each of its errors is.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
