import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { SKILLS } from '@course/rules';
import type { PracticeNextBody, SkillMastery } from '@course/contract';
import { courseQueries, loadErrorOf } from '../api/queries.js';
import { RetryNotice } from '../components/RetryNotice.js';
import { practiceReasonText } from '../practice/practice-reason.js';
import { useApi } from '../session/session-context.js';
import {
  hasAnswered,
  likelyRange,
  masteryWords,
  percentOf,
  practiceExerciseName,
  practiceLink,
} from './mastery-words.js';
import './skills-overview.css';

/** One skill's bar: the estimate, where it likely lies, and its words on hover or focus. */
function MasteryBar({ skill }: { skill: SkillMastery }) {
  const labelId = useId();
  const mastery = percentOf(skill.mastery);
  const { low, high } = likelyRange(skill);
  const words = masteryWords(skill);
  return (
    <li className={`mastery__row${skill.due ? ' mastery__row--due' : ''}`}>
      <span className="mastery__skill" id={labelId}>
        {skill.title}
      </span>
      {skill.attempts === 0 ? (
        <span className="mastery__track mastery__track--empty">
          <span className="mastery__none">not practised yet</span>
        </span>
      ) : (
        <span
          className="mastery__track"
          role="meter"
          tabIndex={0}
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={mastery}
          aria-valuetext={words}
        >
          <span className="mastery__fill" style={{ width: `${mastery}%` }} />
          <span
            className="mastery__range"
            style={{ left: `${low}%`, width: `${Math.max(0, high - low)}%` }}
          />
          {/* For the eye (it covers the title on a phone, so it repeats it): a screen reader
              reads the meter's name and value instead. */}
          <span className="mastery__tip" aria-hidden="true">
            {skill.title}: {words}
          </span>
        </span>
      )}
      {/* Its own column, so a skill coming due never changes the row's height. */}
      <span className="mastery__status">{skill.due && <span className="badge">Review</span>}</span>
    </li>
  );
}

/**
 * The rows while the learner's numbers load (pulsing) or failed to: every skill's title and an
 * empty track, so the numbers arrive without moving anything.
 */
function PendingRows({ failed }: { failed: boolean }) {
  return SKILLS.map((skill) => (
    <li key={skill.key} className="mastery__row">
      <span className="mastery__skill">{skill.title}</span>
      <span className={`mastery__track${failed ? '' : ' mastery__track--pending'}`} />
      <span className="mastery__status" />
    </li>
  ));
}

function MasteryChart() {
  const api = useApi();
  const query = useQuery(courseQueries.skills(api));
  const error = loadErrorOf(query);
  const skills = query.data?.skills;
  const answered = skills !== undefined && hasAnswered(skills);
  return (
    <section className="skills-overview__chart" aria-labelledby="skills-heading">
      <h2 id="skills-heading">Your skills</h2>
      <div className="mastery__summary">
        {error ? (
          <RetryNotice what="your skills" error={error} onRetry={() => void query.refetch()} />
        ) : !skills ? (
          <p className="muted" role="status">
            Loading your skills...
          </p>
        ) : answered ? (
          <p className="muted mastery__legend">
            <span className="mastery__key mastery__key--fill" aria-hidden="true" />
            your chance of passing an exercise{' '}
            <span className="mastery__key mastery__key--range" aria-hidden="true" />
            where it likely lies. Hover or focus a bar for its number.
          </p>
        ) : (
          <p className="mastery__empty">
            No answers yet: each exercise you answer shows here, skill by skill.
          </p>
        )}
      </div>
      <ul className="mastery" aria-busy={!skills && !error}>
        {skills ? (
          skills.map((skill) => <MasteryBar key={skill.key} skill={skill} />)
        ) : (
          <PendingRows failed={error !== undefined} />
        )}
      </ul>
    </section>
  );
}

function NextExercise({ next }: { next: PracticeNextBody }) {
  const title = SKILLS.find((skill) => skill.key === next.skill)?.title ?? next.skill;
  return (
    <>
      <p className="practise-next__skill">{title}</p>
      <p className="practise-next__reason">{practiceReasonText(next)}</p>
      <Link to={practiceLink(next)} className="button button--primary practise-next__link">
        Practise: {practiceExerciseName(next)} →
      </Link>
    </>
  );
}

function PractiseNextCard() {
  const api = useApi();
  // The same call the portal's Practise what I need opens with: both show the same exercise.
  const query = useQuery(courseQueries.practiceCurrent(api));
  const error = loadErrorOf(query);
  return (
    <section className="practise-next" aria-labelledby="practise-next-heading">
      <h2 id="practise-next-heading">Practise next</h2>
      {error ? (
        <RetryNotice what="your next exercise" error={error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <NextExercise next={query.data} />
      ) : (
        <p className="muted" role="status">
          Choosing your next exercise...
        </p>
      )}
    </section>
  );
}

/**
 * The hub's adaptive-practice panel: the exercise the server chose next (with its reason) and
 * the learner's mastery per skill. The server decides both; this only shows them.
 */
export function SkillsOverview() {
  return (
    <div className="skills-overview">
      <PractiseNextCard />
      <MasteryChart />
    </div>
  );
}
