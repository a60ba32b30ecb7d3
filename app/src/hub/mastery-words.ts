import type { PracticeNextBody, SkillMastery } from '@course/contract';

/** A share as a whole percentage: 0.623 as 62. */
export function percentOf(share: number): number {
  return Math.round(Math.min(1, Math.max(0, share)) * 100);
}

/**
 * Where the mastery likely lies: its 95% interval, cut to 0-100%. Shown beside the estimate so
 * that two answers never look as sure as twenty.
 */
export function likelyRange(skill: Pick<SkillMastery, 'mastery' | 'uncertainty'>): {
  low: number;
  high: number;
} {
  return {
    low: percentOf(skill.mastery - skill.uncertainty),
    high: percentOf(skill.mastery + skill.uncertainty),
  };
}

function answers(count: number): string {
  return count === 1 ? '1 answer' : `${count} answers`;
}

/** What a skill's bar says, in words: its tooltip and what a screen reader reads. */
export function masteryWords(skill: SkillMastery): string {
  const { low, high } = likelyRange(skill);
  const due = skill.due ? '; due for review' : '';
  return `${percentOf(skill.mastery)}%, likely ${low}-${high}% (${answers(skill.attempts)})${due}`;
}

/** Has the learner answered anything that speaks for a skill? */
export function hasAnswered(skills: readonly SkillMastery[]): boolean {
  return skills.some((skill) => skill.attempts > 0);
}

const KIND_WORDS: Readonly<Record<PracticeNextBody['kind'], string>> = {
  zone: 'Zone chart',
  decision: 'Take or skip',
  plan: 'Trade plan',
};

/** A real chart or real decision (see PracticeNextBody.real). */
const REAL_KIND_WORDS: Readonly<Record<PracticeNextBody['kind'], string>> = {
  zone: 'Real chart',
  decision: 'Real decision',
  plan: 'Real plan',
};

/** "Zone chart 4", "Real chart 2", or the kind alone once every exercise of that kind is done. */
export function practiceExerciseName(
  next: Pick<PracticeNextBody, 'kind' | 'index' | 'real'>,
): string {
  const kind = (next.real ? REAL_KIND_WORDS : KIND_WORDS)[next.kind];
  return next.index === null ? kind : `${kind} ${next.index}`;
}

/**
 * The Practice Portal's Practise what I need (`?needs`), which opens on the same exercise the
 * hub shows (both ask GET api/practice/current); the portal as the learner left it once every
 * exercise of that kind is done.
 */
export function practiceLink(next: Pick<PracticeNextBody, 'index'>): string {
  return next.index === null ? '/practice' : '/practice?needs';
}
