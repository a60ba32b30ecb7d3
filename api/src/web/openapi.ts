import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** Served at /api/docs (UI) and /api/docs/json (the OpenAPI document). */
export const OPENAPI_PATH = 'api/docs';

export function serveOpenApi(app: INestApplication): void {
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
      .addCookieAuth('access_token')
      .build(),
  );
  SwaggerModule.setup(OPENAPI_PATH, app, document, {
    jsonDocumentUrl: `${OPENAPI_PATH}/json`,
    customSiteTitle: 'Trading course API',
  });
}
