/**
 * The floors of a chart page for bench:web, served gzipped like the product's assets:
 * - `/`: pixi.js itself (its published bundle), an Application on WebGL and one rectangle drawn
 *   once. No chart page that loads pixi.js can beat it on the same machine and browser flags.
 * - `/webgl`: one rectangle through the browser's own WebGL, no library at all. It shows what the
 *   browser and its (here software) GPU cost by themselves, so a gap between the two floors is
 *   pixi's start-up, not the machine.
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

const PLAIN_WEBGL_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="The floor of a WebGL page: one rectangle, no library." />
    <title>WebGL floor</title>
  </head>
  <body style="margin: 0; background: #13131f; color: #fff; font-family: sans-serif">
    <main>
      <h1>An empty WebGL chart</h1>
      <canvas id="chart" style="width: 100%; height: 600px; display: block"></canvas>
    </main>
    <script type="module">
      const canvas = document.getElementById('chart');
      canvas.width = canvas.clientWidth * devicePixelRatio;
      canvas.height = canvas.clientHeight * devicePixelRatio;
      const gl = canvas.getContext('webgl2');
      gl.clearColor(0x13 / 255, 0x13 / 255, 0x1f / 255, 1);
      gl.clear(gl.COLOR_BUFFER_BIT);
      gl.enable(gl.SCISSOR_TEST);
      gl.scissor(10, canvas.height - 110, 100, 100);
      gl.clearColor(0x26 / 255, 0xa6 / 255, 0x9a / 255, 1);
      gl.clear(gl.COLOR_BUFFER_BIT);
    </script>
  </body>
</html>
`;

export interface FloorServer {
  /** The pixi.js floor. */
  url: string;
  /** The plain WebGL floor. */
  plainWebglUrl: string;
  close(): Promise<void>;
}

export async function startFloorServer(): Promise<FloorServer> {
  const pixiEntry = createRequire(import.meta.url).resolve('pixi.js');
  const pixiBundle = join(dirname(pixiEntry), '../dist/pixi.min.mjs');
  const files: Record<string, { type: string; body: Buffer }> = {
    '/': { type: 'text/html; charset=utf-8', body: gzipSync(FLOOR_PAGE) },
    '/webgl': { type: 'text/html; charset=utf-8', body: gzipSync(PLAIN_WEBGL_PAGE) },
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
    plainWebglUrl: `http://localhost:${port}/webgl`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}
