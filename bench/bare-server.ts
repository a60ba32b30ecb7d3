/**
 * The bench:api baseline: a bare node:http server, in its own process like the API, that answers
 * every request with one recorded answer, byte for byte. Prints "running at <url>" on stdout.
 * Usage: node bare-server.js <body file> <headers as JSON>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const [bodyFile, headersJson] = process.argv.slice(2);
if (!bodyFile || !headersJson) throw new Error('usage: bare-server.js <body file> <headers JSON>');
const body = readFileSync(bodyFile);
const headers = {
  ...(JSON.parse(headersJson) as Record<string, string>),
  'content-length': body.length,
};

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`running at http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
