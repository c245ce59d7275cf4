// `npm run check`: the typecheck, ESLint and the Prettier check, run side by side (each is mostly
// one thread: on two cores the three took 118 s one after another and about as long as ESLint
// alone side by side). Each tool's output is printed whole when it ends, so the three never
// interleave; exits 1 when any of them fails.
import { spawn } from 'node:child_process';

const tools = [
  { name: 'typecheck', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', args: ['eslint', '.', '--max-warnings=0'] },
  { name: 'format', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
];

function runTool({ name, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
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
