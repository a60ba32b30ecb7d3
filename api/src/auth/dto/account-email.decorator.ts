import { applyDecorators } from '@nestjs/common';
import { IsDefined, IsEmail, IsString, MaxLength } from 'class-validator';
import { NormalizeEmail } from './normalize-email.js';

export const EMAIL_MAX_LENGTH = 254;

/**
 * The rules for the email of an account (registration and both reset calls), normalised first.
 * The pipe reports only the first failure, so the rules are applied from the most basic to the
 * most specific.
 */
export function IsAccountEmail(): PropertyDecorator {
  return applyDecorators(
    IsDefined({ message: '$property is required.' }),
    IsString({ message: '$property must be a string.' }),
    MaxLength(EMAIL_MAX_LENGTH, {
      message: `$property must be at most ${EMAIL_MAX_LENGTH} characters long.`,
    }),
    IsEmail({}, { message: '$property must be a valid email address.' }),
    NormalizeEmail(),
  );
}
