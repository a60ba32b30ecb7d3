import { applyDecorators } from '@nestjs/common';
import { IsDefined, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IsNotCommonPassword } from './not-common-password.validator.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The rules for a password a learner chooses (registration and reset): length and a
 * common-password check only, no composition rules. The pipe reports only the first failure, so
 * the rules are applied from the most basic to the most specific.
 */
export function IsNewPassword(): PropertyDecorator {
  return applyDecorators(
    IsDefined({ message: '$property is required.' }),
    IsString({ message: '$property must be a string.' }),
    MinLength(PASSWORD_MIN_LENGTH, {
      message: `$property must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
    }),
    MaxLength(PASSWORD_MAX_LENGTH, {
      message: `$property must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
    }),
    // Eight spaces pass the length rule but are the first thing a guesser tries.
    Matches(/\S/u, { message: '$property must contain something besides spaces.' }),
    IsNotCommonPassword({
      message: '$property is too common and easy to guess; please choose another one.',
    }),
  );
}
