import { Module } from '@nestjs/common';
import { IdempotentAnswers } from './idempotent-answers.js';

/** Idempotency-Key: answers a retry of a learner's graded answer with the first answer. */
@Module({ providers: [IdempotentAnswers], exports: [IdempotentAnswers] })
export class IdempotencyModule {}
