import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * A step that may answer a request before Express sees it: true when it answered, false to pass
 * the request on. A step that needs to wait (a shared counter) returns a promise.
 */
export type EarlyStep = (
  request: IncomingMessage,
  response: ServerResponse,
) => boolean | Promise<boolean>;

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Puts `steps` in front of the framework's own request listener, in order. Work refused or
 * answered here (a limit, static chart data) never costs the framework's middleware. A step
 * that throws passes the request on: these steps protect and speed up, they never decide.
 */
export function answerBeforeFramework(httpServer: Server, steps: readonly EarlyStep[]): void {
  const framework = httpServer.listeners('request') as RequestListener[];
  httpServer.removeAllListeners('request');
  const toFramework: RequestListener = (request, response) => {
    for (const listener of framework) listener.call(httpServer, request, response);
  };

  const runFrom = (first: number, request: IncomingMessage, response: ServerResponse): void => {
    for (let index = first; index < steps.length; index += 1) {
      const step = steps[index];
      if (step === undefined) break;
      let verdict: boolean | Promise<boolean>;
      try {
        verdict = step(request, response);
      } catch {
        continue;
      }
      if (verdict === true) return;
      if (verdict === false) continue;
      verdict.then(
        (answered) => {
          if (!answered) runFrom(index + 1, request, response);
        },
        () => runFrom(index + 1, request, response),
      );
      return;
    }
    toFramework(request, response);
  };

  httpServer.on('request', (request: IncomingMessage, response: ServerResponse) =>
    runFrom(0, request, response),
  );
}
