import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE_SCHEME } from '../auth/session-decorators.js';
import { ErrorDto } from '../common/error.dto.js';

/** Served at /api/docs (UI), /api/docs/json and /api/docs-json (the OpenAPI document). */
export const OPENAPI_PATH = 'api/docs';

const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorDto' };

/** Paths the per-client budget of requests without a session never refuses (see AnonymousLimit). */
const NEVER_RATE_LIMITED = /^\/api\/health(?:\/|$)/;

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;

export function openApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Trading course API')
      .setDescription(
        'REST API of the supply-and-demand trading course: sessions in httpOnly cookies ' +
          '(access_token, refresh_token), lessons and charts graded on the server, progress and ' +
          'the Pro Plan subscription. Errors are always {statusCode, error, message}.',
      )
      .setVersion('1.0')
      .addServer('/', 'This server (the app and the API share one origin)')
      .addCookieAuth('access_token', undefined, SESSION_COOKIE_SCHEME)
      .build(),
    { extraModels: [ErrorDto] },
  );
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of operationsOf(item)) completeOperation(path, operation);
  }
  return document;
}

function operationsOf(item: OpenAPIObject['paths'][string]): Operation[] {
  return [item.get, item.put, item.post, item.delete, item.patch].filter(
    (operation): operation is Operation => operation !== undefined,
  );
}

/**
 * What every operation shares and the decorators do not say: public calls need no cookie, every
 * error has the one error body (unless its decorator gives the body it really has, as the health
 * checks' 503 does), a malformed call is a 400, and calls outside the health checks can meet the
 * per-client budget of requests without a session.
 */
function completeOperation(path: string, operation: Operation): void {
  operation.security ??= [];
  const responses = operation.responses;
  const takesInput = operation.requestBody !== undefined || (operation.parameters ?? []).length > 0;
  if (takesInput) {
    responses['400'] ??= { description: 'A malformed body or parameter; nothing was changed' };
  }
  if (!NEVER_RATE_LIMITED.test(path)) {
    responses['429'] ??= {
      description: 'Too many requests without a session from this client; try again later',
    };
  }
  for (const [status, response] of Object.entries(responses)) {
    if (!/^[45]/.test(status) || response === undefined || '$ref' in response) continue;
    response.content ??= { 'application/json': { schema: ERROR_SCHEMA } };
  }
}

export function serveOpenApi(app: INestApplication): void {
  const document = openApiDocument(app);
  SwaggerModule.setup(OPENAPI_PATH, app, document, {
    jsonDocumentUrl: `${OPENAPI_PATH}/json`,
    customSiteTitle: 'Trading course API',
  });
  // Nest's usual address for the document, which tools try first.
  app
    .getHttpAdapter()
    .get(`/${OPENAPI_PATH}-json`, (_request: unknown, response: { json(body: unknown): void }) =>
      response.json(document),
    );
}
