import { practiceReasonWords } from '@course/rules';
import type { PracticeReason } from '../api/index.js';

/**
 * The sentence shown with a "Practise what I need" exercise: its reason worded by the course,
 * or the sentence the server sent when there is no reason as data (a place kept before it was).
 */
export function practiceReasonText(item: {
  reason: string;
  reasonData?: PracticeReason;
  real?: boolean;
}): string {
  return item.reasonData ? practiceReasonWords(item.reasonData, item.real === true) : item.reason;
}
