// `npm start`: builds the client, then runs the contract server (API + web) with its embedded
// database, seeding a demo library on the first run. DATA_DIR, WEB_PORT, API_PORT and
// SEED_FILES are honoured (see server/main.ts).
import { npx } from './run.mjs';

const build = await npx(['vite', 'build', '--logLevel', 'warn']);
if (build !== 0) process.exit(build);
process.exit(await npx(['tsx', 'server/main.ts']));
