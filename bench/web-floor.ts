/**
 * The floor of a WebGL chart page for bench:web: a page whose only work is pixi.js itself (its
 * published bundle, gzipped like the product's assets), an Application on WebGL and one rectangle
 * drawn once. Whatever Lighthouse says about this page, no chart page built on pixi.js can beat on
 * the same machine and browser flags.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const FLOOR_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="The floor of a WebGL chart page: pixi.js and one rectangle." />
    <title>pixi.js floor</title>
  </head>
  <body style="margin: 0; background: #13131f; color: #fff; font-family: sans-serif">
    <main>
      <h1>An empty pixi.js chart</h1>
      <div id="chart" style="width: 100%; height: 600px"></div>
    </main>
    <script type="module">
      import { Application, Graphics } from './pixi.min.mjs';
      const box = document.getElementById('chart');
      const app = new Application();
      await app.init({ preference: 'webgl', resizeTo: box, background: '#13131f', autoStart: false });
      box.appendChild(app.canvas);
      app.stage.addChild(new Graphics().rect(10, 10, 100, 100).fill(0x26a69a));
      app.render();
    </script>
  </body>
</html>
`;

export interface FloorServer {
  url: string;
  close(): Promise<void>;
}

export async function startFloorServer(): Promise<FloorServer> {
  const pixiEntry = createRequire(import.meta.url).resolve('pixi.js');
  const pixiBundle = join(dirname(pixiEntry), '../dist/pixi.min.mjs');
  const files: Record<string, { type: string; body: Buffer }> = {
    '/': { type: 'text/html; charset=utf-8', body: gzipSync(FLOOR_PAGE) },
    '/pixi.min.mjs': { type: 'text/javascript', body: gzipSync(readFileSync(pixiBundle)) },
  };
  const server: Server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': file.type, 'Content-Encoding': 'gzip' });
    response.end(file.body);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}
