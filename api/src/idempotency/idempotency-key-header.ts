import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import { documentFromParameter } from '../common/document-parameter.js';
import { IDEMPOTENCY_KEY_TTL_HOURS } from './idempotent-answers.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * 1 to 255 visible ASCII characters, bare or as a structured-field string in double quotes (the
 * IETF draft's form): both spell the same key.
 */
const KEY = /^"?([\x21\x23-\x7e]{1,255})"?$/;

export const INVALID_IDEMPOTENCY_KEY = `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 visible ASCII characters (a UUID, for example).`;

/** The request's key, undefined without one; a malformed key is a 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = typeof header === 'string' ? KEY.exec(header)?.[1] : undefined;
  const quoted = typeof header === 'string' && header.startsWith('"');
  if (key === undefined || quoted !== (typeof header === 'string' && header.endsWith('"'))) {
    throw new BadRequestException(INVALID_IDEMPOTENCY_KEY);
  }
  return key;
}

const RawIdempotencyKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined =>
    idempotencyKeyOf(context.switchToHttp().getRequest<Request>().headers['idempotency-key']),
);

/**
 * The Idempotency-Key of an answer a learner sends, read and documented in one place. See
 * IdempotentAnswers for what it does.
 */
export function IdempotencyKeyHeader(): ParameterDecorator {
  const document = documentFromParameter(
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'A key of the client’s choice (the app sends a fresh UUID per answer and the same one ' +
        'when it retries it). A request repeated with the same key by the same learner is ' +
        'answered with the first answer (marked Idempotent-Replayed: true) and spends no try; ' +
        'a request answered with an error stored nothing, so its retry is graded afresh. The ' +
        `same key with another body is a 422. Keys are kept for ${IDEMPOTENCY_KEY_TTL_HOURS} ` +
        'hours.',
      schema: {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        example: '8e03978e-40d5-43e8-bc93-6894a57f9324',
      },
    }),
  );
  const read = RawIdempotencyKey();
  return (target, key, index) => {
    read(target, key, index);
    document(target, key);
  };
}
