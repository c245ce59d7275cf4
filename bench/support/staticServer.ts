// A plain static file server for the DOM-grid baseline's build: no CSP, no caching rules of
// the product's web listener, which the baseline is not part of.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export async function serveStatic(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, path.normalize(pathname));
    const inside = file.startsWith(root) && path.extname(file) !== '';
    const served = inside ? file : path.join(root, 'index.html');
    readFile(served).then(
      (body) => {
        const type = TYPES[path.extname(served)] ?? 'application/octet-stream';
        response.writeHead(200, { 'Content-Type': type }).end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
