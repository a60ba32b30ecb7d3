import { applyDecorators } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse } from '@nestjs/swagger';

/**
 * The answers of CourseAccess's refusals, documented where a call passes through it: a 403 with
 * subscriptionRequired or finishFirst, and a 404 for a lesson or chart the course does not have.
 */
export function CourseGateResponses(): MethodDecorator {
  return applyDecorators(
    ApiForbiddenResponse({
      description:
        'No Pro Plan for a gated lesson or chart ({subscriptionRequired: true}), or a lesson ' +
        'not open yet ({finishFirst: the lesson to take first})',
    }),
    ApiNotFoundResponse({ description: 'No such lesson or chart' }),
  );
}
