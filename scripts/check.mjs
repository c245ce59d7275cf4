// `npm run check`: the typecheck, ESLint and the Prettier check, run side by side. The typecheck and
// ESLint share one process and one TypeScript program (scripts/typesAndLint.mjs: ESLint's
// type-aware rules need the program the typecheck builds; two processes built it twice); Prettier
// runs beside them on the other core. The tools run as `node <their bin>`, not through npx (an npm
// process each, a second of CPU). Each process's output is printed whole when it ends, so they
// never interleave; exits 1 when any of them fails.
import { spawn } from 'node:child_process';
import path from 'node:path';

const tools = [
  // Prints its own `ok`/`FAIL` line for each of the two.
  { name: 'typecheck and lint', args: ['scripts/typesAndLint.mjs'], reports: true },
  {
    name: 'format',
    args: ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level', 'warn'],
  },
];

function runTool({ name, args, reports = false }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: path.resolve(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!reports || code !== 0) {
        console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
      }
      if (output.trim()) console.log(output.trimEnd());
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      output += String(error);
      done(1);
    });
  });
}

const codes = await Promise.all(tools.map(runTool));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
