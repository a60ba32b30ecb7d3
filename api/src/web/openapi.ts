import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE_SCHEME } from '../auth/session-decorators.js';
import { ErrorDto } from '../common/error.dto.js';

/** Served at /api/docs (UI), /api/docs/json and /api/docs-json (the OpenAPI document). */
export const OPENAPI_PATH = 'api/docs';

const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorDto' };

/**
 * The health checks: the per-client budget of requests without a session never refuses them
 * (see AnonymousLimit), overload is never shed from them (see EventLoopLimit), and each says
 * itself when it answers 503.
 */
const HEALTH_CHECK = /^\/api\/health(?:\/|$)/;

/** The header that makes a retried answer idempotent (see idempotency-key-header.ts). */
const IDEMPOTENCY_KEY = 'Idempotency-Key';

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
      // 3.1 writes a nullable field as `type: [..., 'null']` or `anyOf` with `{type: 'null'}`,
      // which standard JSON Schema validators read; 3.0's `nullable: true` they ignore, so they
      // would reject the nulls the API sends.
      .setOpenAPIVersion('3.1.0')
      .addServer('/', 'This server (the app and the API share one origin)')
      .addCookieAuth('access_token', undefined, SESSION_COOKIE_SCHEME)
      .build(),
    { extraModels: [ErrorDto] },
  );
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of operationsOf(item)) {
      completeOperation(path, method, operation);
    }
  }
  return document;
}

function operationsOf(item: OpenAPIObject['paths'][string]): [method: string, Operation][] {
  return (['get', 'put', 'post', 'delete', 'patch'] as const).flatMap((method) => {
    const operation = item[method];
    return operation ? [[method, operation] as [string, Operation]] : [];
  });
}

/**
 * What every operation shares and the decorators do not say, because it comes from the framework
 * around the handlers: public calls need no cookie; every error has the one error body (unless
 * its decorator gives the body it really has, as the health checks' 503 does); a malformed call
 * is a 400; a POST may be too large (413) or refused as cross-site (403); a GET's answer carries
 * an ETag (304); a keyed answer may reuse its key (422); and outside the health checks a call can
 * meet the per-client budget of requests without a session (429) and the limits that keep the
 * instance answering (503).
 */
function completeOperation(path: string, method: string, operation: Operation): void {
  operation.security ??= [];
  const responses = operation.responses;
  const health = HEALTH_CHECK.test(path);
  const takesInput = operation.requestBody !== undefined || (operation.parameters ?? []).length > 0;
  if (takesInput) {
    responses['400'] ??= { description: 'A malformed body or parameter; nothing was changed' };
  }
  if (method === 'post') {
    const crossSite = 'A request with cookies from another origin (Origin header) is refused';
    const forbidden = responses['403'];
    if (forbidden && !('$ref' in forbidden)) {
      forbidden.description = `${forbidden.description}. ${crossSite}`;
    } else responses['403'] ??= { description: crossSite };
    responses['413'] ??= { description: 'The body is larger than the server accepts' };
  }
  if (method === 'get' && !health) {
    responses['304'] ??= {
      description: 'Not modified: the If-None-Match ETag is still the answer’s',
    };
  }
  const keyed = (operation.parameters ?? []).some(
    (parameter) => !('$ref' in parameter) && parameter.name === IDEMPOTENCY_KEY,
  );
  if (keyed) {
    responses['422'] ??= {
      description: `The ${IDEMPOTENCY_KEY} was used before with another body; nothing was done`,
    };
  }
  if (!health) {
    responses['429'] ??= {
      description: 'Too many requests without a session from this client; try again later',
    };
    responses['503'] ??= {
      description:
        'The instance is overloaded or its database is away; nothing was done, try again after ' +
        'Retry-After seconds',
      headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
    };
  }
  responses['500'] ??= {
    description: 'An unexpected error on the server (logged there; the answer holds no details)',
  };
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
