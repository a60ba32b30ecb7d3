import { BadRequestException } from '@nestjs/common';
import {
  parseWholeNumber,
  wholeNumberMessage,
  WholeNumberPipe,
} from '../src/common/whole-number-param.js';

const PAGES = { subject: 'The page', min: 1, max: 100 };

describe('parseWholeNumber', () => {
  it('reads plain decimal digits within the range', () => {
    expect(parseWholeNumber('1', PAGES)).toBe(1);
    expect(parseWholeNumber('42', PAGES)).toBe(42);
    expect(parseWholeNumber('100', PAGES)).toBe(100);
    expect(parseWholeNumber('0', { ...PAGES, min: 0 })).toBe(0);
  });

  it.each([
    ['hexadecimal', '0x10'],
    ['binary', '0b1'],
    ['octal', '0o7'],
    ['an exponent', '1e1'],
    ['a trailing space', '2 '],
    ['a leading space', ' 2'],
    ['a plus sign', '+3'],
    ['a minus sign', '-1'],
    ['negative zero', '-0'],
    ['empty', ''],
    ['a leading zero', '01'],
    ['a decimal point', '1.0'],
    ['a fraction', '1.5'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['full-width digits', '１２'],
    ['Arabic-Indic digits', '٣'],
    ['a digit separator', '1_0'],
    ['a long run of digits', '9'.repeat(30)],
  ])('refuses %s (%j)', (_what, value) => {
    expect(parseWholeNumber(value, { ...PAGES, max: Number.MAX_SAFE_INTEGER })).toBeUndefined();
  });

  it('refuses numbers outside the range', () => {
    expect(parseWholeNumber('0', PAGES)).toBeUndefined();
    expect(parseWholeNumber('101', PAGES)).toBeUndefined();
  });

  it('refuses what is not a single string: a repeated query parameter, an object, a number', () => {
    expect(parseWholeNumber(['1', '2'], PAGES)).toBeUndefined();
    expect(parseWholeNumber({ a: '1' }, PAGES)).toBeUndefined();
    expect(parseWholeNumber(16, PAGES)).toBeUndefined();
    expect(parseWholeNumber(undefined, PAGES)).toBeUndefined();
  });
});

describe('WholeNumberPipe', () => {
  it('answers a 400 that names the parameter and its range', () => {
    const pipe = new WholeNumberPipe(PAGES, true);
    expect(() => pipe.transform('0x10')).toThrow(BadRequestException);
    expect(() => pipe.transform('0x10')).toThrow(
      'The page must be a whole number from 1 to 100, written in plain digits.',
    );
    expect(wholeNumberMessage(PAGES)).toBe(
      'The page must be a whole number from 1 to 100, written in plain digits.',
    );
    expect(pipe.transform('7')).toBe(7);
  });

  it('lets an optional parameter be left out, but not be sent empty', () => {
    const pipe = new WholeNumberPipe(PAGES, false);
    expect(pipe.transform(undefined)).toBeUndefined();
    expect(() => pipe.transform('')).toThrow(BadRequestException);
    expect(() => new WholeNumberPipe(PAGES, true).transform(undefined)).toThrow(
      BadRequestException,
    );
  });
});
