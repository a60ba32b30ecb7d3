import {
  BadRequestException,
  createParamDecorator,
  type ExecutionContext,
  type PipeTransform,
} from '@nestjs/common';
import { ApiParam, ApiQuery } from '@nestjs/swagger';
import type { Request } from 'express';
import { documentFromParameter } from './document-parameter.js';

/**
 * A number in a path or a query as people and clients write it: decimal digits, no sign, no
 * leading zero (so each number has one address: `chart-data/03` is not `chart-data/3`). What
 * `Number()` also reads (`0x10`, `1e1`, `0b1`, `"2 "`, `+3`, `-0`, an empty value) is refused.
 */
const PLAIN_WHOLE_NUMBER = /^(?:0|[1-9]\d*)$/;

/** The numbers a parameter may hold, and how its 400 names it ("The chart id"). */
export interface WholeNumberSpec {
  /** What the value stands for, as a sentence starts with it: "The practice chart". */
  subject: string;
  min: number;
  max: number;
}

/** The 400's message for a value that is not a whole number of the spec's range. */
export function wholeNumberMessage({ subject, min, max }: WholeNumberSpec): string {
  return `${subject} must be a whole number from ${min} to ${max}, written in plain digits.`;
}

/**
 * The whole number `value` spells within the spec's range, or undefined for anything else (not a
 * string, not plain digits, out of range). The one reading of numbers in paths and queries.
 */
export function parseWholeNumber(value: unknown, spec: WholeNumberSpec): number | undefined {
  if (typeof value !== 'string' || value.length > 16 || !PLAIN_WHOLE_NUMBER.test(value)) {
    return undefined;
  }
  const number = Number(value);
  return number >= spec.min && number <= spec.max ? number : undefined;
}

/** Reads a value with {@link parseWholeNumber}; anything else is a 400 saying what is expected. */
export class WholeNumberPipe implements PipeTransform<unknown, number | undefined> {
  constructor(
    private readonly spec: WholeNumberSpec,
    private readonly required: boolean,
  ) {}

  transform(value: unknown): number | undefined {
    if (value === undefined && !this.required) return undefined;
    const number = parseWholeNumber(value, this.spec);
    if (number === undefined) throw new BadRequestException(wholeNumberMessage(this.spec));
    return number;
  }
}

interface RawValueSource {
  in: 'path' | 'query';
  name: string;
}

/**
 * The value as the request carried it. A custom decorator on purpose: the global ValidationPipe
 * converts a `number` parameter of `@Param` or `@Query` with `+value` before any other pipe
 * runs, which reads `0x10` as 16.
 */
const RawRequestValue = createParamDecorator(
  (source: RawValueSource, context: ExecutionContext): unknown => {
    const request = context.switchToHttp().getRequest<Request>();
    const values: unknown = source.in === 'path' ? request.params : request.query;
    return typeof values === 'object' && values !== null
      ? (values as Record<string, unknown>)[source.name]
      : undefined;
  },
);

interface ParameterDocs {
  description: string;
  example: number;
}

/**
 * A whole-number path parameter (`:index`), read by the shared rule and documented in the
 * OpenAPI document with its range, so the check and the document say the same thing.
 */
export function WholeNumberPath(
  name: string,
  spec: WholeNumberSpec,
  docs: ParameterDocs,
): ParameterDecorator {
  const read = RawRequestValue({ in: 'path', name }, new WholeNumberPipe(spec, true));
  const document = documentFromParameter(
    ApiParam({
      name,
      description: docs.description,
      schema: { type: 'integer', minimum: spec.min, maximum: spec.max, example: docs.example },
    }),
  );
  return (target, key, index) => {
    read(target, key, index);
    document(target, key);
  };
}

/** An optional whole-number query parameter (`?lesson=7`), read and documented as above. */
export function WholeNumberQuery(
  name: string,
  spec: WholeNumberSpec,
  docs: ParameterDocs,
): ParameterDecorator {
  const read = RawRequestValue({ in: 'query', name }, new WholeNumberPipe(spec, false));
  const document = documentFromParameter(
    ApiQuery({
      name,
      required: false,
      description: docs.description,
      schema: { type: 'integer', minimum: spec.min, maximum: spec.max, example: docs.example },
    }),
  );
  return (target, key, index) => {
    read(target, key, index);
    document(target, key);
  };
}
