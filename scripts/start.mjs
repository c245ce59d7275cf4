// `npm start`: builds the client, then runs the contract server (API + web) with its embedded
// database, seeding a demo library on the first run.
import { existsSync } from 'node:fs';
import { npx, run } from './run.mjs';

const build = await npx(['vite', 'build', '--logLevel', 'warn']);
if (build !== 0) process.exit(build);
const entry = existsSync('server/main.ts') ? 'server/main.ts' : 'server/serve-web.ts';
process.exit(await run('npx', ['--no-install', 'tsx', entry]));
