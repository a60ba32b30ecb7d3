import { Transform } from 'class-transformer';

/**
 * Trims and lower-cases an email before validation, so ' Ann@X.com' and 'ann@x.com' are one
 * account. Non-strings pass through untouched for the type check to report.
 */
export function NormalizeEmail(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  );
}
