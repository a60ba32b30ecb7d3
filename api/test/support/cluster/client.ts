import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** Time from sending to the end of the answer. */
  ms: number;
}

/**
 * One simulated client: its own source address on the loopback network (127.x.y.z all reach
 * this machine), so a balancer in front of the API sees distinct clients, and its own cookies.
 */
export class Client {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly port: number,
    /** Source address, e.g. 127.0.0.2. */
    readonly address: string,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Forgets the session, keeping nothing (a copy of the old cookies can be given back later). */
  setCookies(header: string): void {
    this.cookies.clear();
    for (const pair of header.split(';')) {
      const [name, ...value] = pair.trim().split('=');
      if (name) this.cookies.set(name, value.join('='));
    }
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('GET', path, undefined, headers);
  }

  post(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('POST', path, body, headers);
  }

  send(
    method: string,
    path: string,
    body: unknown,
    extraHeaders: Record<string, string> = {},
    timeoutMs = 30_000,
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = { ...extraHeaders };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    const started = performance.now();
    return new Promise<Answer>((resolve, reject) => {
      const call = request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          headers,
          localAddress: this.address,
          agent: false,
          timeout: timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            for (const line of response.headers['set-cookie'] ?? []) {
              const [pair = ''] = line.split(';');
              const [name, ...value] = pair.split('=');
              if (!name) continue;
              const text = value.join('=');
              if (text === '' || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
              else this.cookies.set(name, text);
            }
            const raw = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = raw;
            try {
              parsed = raw.length > 0 ? JSON.parse(raw) : undefined;
            } catch {
              // not JSON: kept as text
            }
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: parsed,
              ms: performance.now() - started,
            });
          });
        },
      );
      call.on('timeout', () => call.destroy(new Error(`${method} ${path} timed out`)));
      call.on('error', reject);
      call.end(payload);
    });
  }
}

/** The n-th distinct loopback source address (n from 0): 127.0.1.1, 127.0.1.2, ... */
export function loopbackAddress(n: number): string {
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}
