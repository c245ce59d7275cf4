// The servers the end-to-end tests run against: the built client (dist-e2e, with test hooks)
// on the web port, pointing at the API port.
import { createWebServer } from '../../../server/web';

const webPort = Number(process.env.E2E_WEB_PORT ?? 4180);
const apiPort = Number(process.env.E2E_API_PORT ?? 4181);

const web = await createWebServer({
  distDir: 'dist-e2e',
  appConfig: { apiOrigin: `http://127.0.0.1:${apiPort}` },
});
await web.listen({ host: '127.0.0.1', port: webPort });
console.log(`e2e web on http://127.0.0.1:${webPort}`);

const stop = async () => {
  await web.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
