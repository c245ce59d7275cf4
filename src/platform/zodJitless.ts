/*
 * zod as the client bundle sees it: `vite.config.ts` resolves every `import … from 'zod'` of the
 * client to this module, so `jitless` is set before any module that imports zod builds a schema.
 * zod probes `new Function("")` once, when the first object schema is built, unless jitless is
 * already set; the web server's CSP forbids eval, and Chrome reports the probe as a
 * `securitypolicyviolation` even though zod catches the throw (issue 23). Setting it from
 * main.tsx, even as its first import, is too late: the bundler puts zod and the contract schemas
 * in shared chunks that run before the entry chunk's own code.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
