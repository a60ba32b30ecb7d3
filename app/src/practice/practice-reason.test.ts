import { practiceReasonText } from './practice-reason.js';

describe('practiceReasonText', () => {
  const reasonData = { cause: 'missed', skill: 'freshness', kind: 'decision', misses: 2 } as const;

  it('words the reason the server sent as data', () => {
    expect(practiceReasonText({ reason: 'older words', reasonData })).toBe(
      'You missed freshness twice: here is another.',
    );
  });

  it('says when the exercise is on a real chart', () => {
    expect(practiceReasonText({ reason: 'older words', reasonData, real: true })).toBe(
      'You missed freshness twice: here is another. This one is a real chart.',
    );
  });

  it('keeps the sentence of a place kept before reasons were data', () => {
    expect(practiceReasonText({ reason: 'You missed freshness last time: here is another.' })).toBe(
      'You missed freshness last time: here is another.',
    );
  });
});
