import { spawn } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: false, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
  });
}

export const npx = (args, options) => run('npx', ['--no-install', ...args], options);

/**
 * Runs a command in the background with its output kept: resolves with its exit code, its
 * output and its seconds, for the caller to print when it needs the result (so that it does not
 * interleave with the steps running meanwhile).
 */
export function runQuietly(command, args, options = {}) {
  const started = Date.now();
  let child;
  const result = new Promise((resolve) => {
    // Its own process group, so that stop() reaches the whole tree (npx, tsx, node).
    child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...options });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (code) =>
      resolve({ code, output, seconds: Math.round((Date.now() - started) / 1000) });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      output += String(error);
      done(1);
    });
  });
  /** Stops it (when its result is no longer needed). */
  result.stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  return result;
}
