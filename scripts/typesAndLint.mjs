// The typecheck and ESLint of `npm run check` in one process over one TypeScript program.
// `tsc --noEmit` and ESLint's type-aware rules (typescript-eslint's recommendedTypeChecked) each
// built a program from tsconfig.json on their own: the same ~2,500 files read, parsed, bound and
// type-checked twice. Here the program is built once: its diagnostics are the typecheck's (what
// `tsc -p tsconfig.json --noEmit` reports), then ESLint lints with it as `parserOptions.programs`
// (the types its rules ask for are already computed). Same files, same rules, same config
// (eslint.config.js; only the source of the program differs from `npm run lint`).
// Prints each tool's result as `ok  name (Ns)` or `FAIL name (Ns)` and its output; exits 1 when
// either fails.
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');

function report(name, ok, started, output) {
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
  if (output.trim()) console.log(output.trimEnd());
}

/** `tsc -p tsconfig.json --noEmit`: the program and its diagnostics. */
function typecheck() {
  const started = Date.now();
  const configDiagnostics = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => configDiagnostics.push(diagnostic),
    },
  );
  if (!parsed) {
    return { program: null, ok: false, started, diagnostics: configDiagnostics };
  }
  const host = ts.createCompilerHost(parsed.options, true);
  // What typescript-eslint's own program parses (its default); tsc parses less JSDoc, which no
  // type error depends on in TypeScript files.
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseAll;
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
    host,
  });
  const diagnostics = ts.sortAndDeduplicateDiagnostics(ts.getPreEmitDiagnostics(program));
  const ok = !diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error);
  return { program, ok, started, diagnostics };
}

const types = typecheck();
const formatHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};
const errors = types.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
report(
  'typecheck',
  types.ok,
  types.started,
  ts.formatDiagnostics(types.diagnostics, formatHost) +
    (errors ? `\nFound ${errors} error${errors === 1 ? '' : 's'}.` : ''),
);

let lintOk = false;
const lintStarted = Date.now();
try {
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: types.program
      ? [
          {
            files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
            languageOptions: {
              parserOptions: { programs: [types.program], projectService: false },
            },
          },
        ]
      : [],
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const problems = results.reduce((sum, r) => sum + r.errorCount + r.warningCount, 0);
  // `--max-warnings=0`: a warning fails the check as an error does.
  lintOk = problems === 0;
  report('lint', lintOk, lintStarted, await formatter.format(results));
} catch (error) {
  report('lint', false, lintStarted, String(error?.stack ?? error));
}

process.exit(types.ok && lintOk ? 0 : 1);
