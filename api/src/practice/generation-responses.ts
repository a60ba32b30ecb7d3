import { applyDecorators } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTooManyRequestsResponse } from '@nestjs/swagger';

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before asking again',
    schema: { type: 'integer' as const, minimum: 1 },
  },
};

/** The answers of a call that may generate one of the learner's practice charts. */
export function PracticeGenerationResponses(): MethodDecorator {
  return applyDecorators(
    ApiTooManyRequestsResponse({
      description:
        'A new chart beyond the learner’s budget (30 new charts in 5 minutes, one made at a ' +
        'time), or too many requests without a session from this client',
      headers: RETRY_AFTER,
    }),
    ApiServiceUnavailableResponse({
      description: 'The instance is busy: too many charts are being made; try again later',
      headers: RETRY_AFTER,
    }),
  );
}
