import { registerDecorator, type ValidationOptions } from 'class-validator';
import { isCommonPassword } from '../common-passwords.js';

/** Refuses passwords found in the shipped common-password list. */
export function IsNotCommonPassword(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isNotCommonPassword',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !isCommonPassword(value),
      },
    });
  };
}
