import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SKILLS } from '@course/rules';
import type { PracticeNextBody, SkillMastery, SkillsBody } from '@course/contract';
import { ApiError, createCourseApi } from '../api/index.js';
import { fakeHttp, type Handler } from '../../test/fake-http.js';
import { withCourse } from '../../test/query-client.js';
import { practiceLink } from './mastery-words.js';
import { SkillsOverview } from './SkillsOverview.js';

/** Every skill as a new learner has it: the server's even odds, nothing answered. */
function newLearnerSkills(): SkillMastery[] {
  return SKILLS.map(({ key, title }) => ({
    key,
    title,
    mastery: 0.5,
    uncertainty: 0.45,
    attempts: 0,
    due: false,
  }));
}

function practisedSkills(): SkillMastery[] {
  return newLearnerSkills().map((skill) => {
    if (skill.key === 'freshness') {
      return { ...skill, mastery: 0.3141, uncertainty: 0.2, attempts: 4, due: true };
    }
    if (skill.key === 'find-demand-zone') {
      return { ...skill, mastery: 0.82, uncertainty: 0.1, attempts: 12 };
    }
    return skill;
  });
}

const NEXT: PracticeNextBody = {
  kind: 'decision',
  index: 3,
  skill: 'freshness',
  reason: 'You missed freshness twice: here is another.',
};

function renderOverview(routes: Record<string, Handler>) {
  const fake = fakeHttp({
    'GET /api/practice/current': () => NEXT,
    ...routes,
  });
  render(
    withCourse(
      createCourseApi(fake.http),
      <MemoryRouter>
        <SkillsOverview />
      </MemoryRouter>,
    ),
  );
  return fake;
}

describe('SkillsOverview', () => {
  it('shows each practised skill as a bar whose number is in its name, and due ones marked', async () => {
    renderOverview({ 'GET /api/skills': (): SkillsBody => ({ skills: practisedSkills() }) });

    const freshness = await screen.findByRole('meter', {
      name: 'Tell a fresh zone from a used one',
    });
    expect(freshness.getAttribute('aria-valuenow')).toBe('31');
    expect(freshness.getAttribute('aria-valuetext')).toBe(
      '31%, likely 11-51% (4 answers); due for review',
    );
    expect(freshness.tabIndex).toBe(0);
    const demand = screen.getByRole('meter', { name: 'Find a demand zone' });
    expect(demand.getAttribute('aria-valuetext')).toBe('82%, likely 72-92% (12 answers)');
    // Only answered skills get a bar; the others say so instead of showing the prior's 50%.
    expect(screen.getAllByRole('meter')).toHaveLength(2);
    expect(screen.getAllByText('not practised yet')).toHaveLength(SKILLS.length - 2);
    expect(screen.queryByText(/50%/)).toBeNull();
    const reviewRow = freshness.closest('li');
    expect(reviewRow && within(reviewRow).getByText('Review')).toBeTruthy();
    const demandRow = demand.closest('li');
    expect(demandRow && within(demandRow).queryByText('Review')).toBeNull();
  });

  it('links to the exercise the server chose, with its reason', async () => {
    renderOverview({ 'GET /api/skills': () => ({ skills: practisedSkills() }) });

    expect(await screen.findByText(NEXT.reason)).toBeTruthy();
    // To Practise what I need, which opens on the same exercise (see PracticePage's tests).
    const link = screen.getByRole('link', { name: 'Practise: Take or skip 3 →' });
    expect(link.getAttribute('href')).toBe('/practice?needs');
    expect(practiceLink({ index: null })).toBe('/practice');
    const card = screen.getByRole('region', { name: 'Practise next' });
    expect(within(card).getByText('Tell a fresh zone from a used one')).toBeTruthy();
  });

  it('tells a new learner that nothing is answered yet, with no numbers', async () => {
    renderOverview({ 'GET /api/skills': () => ({ skills: newLearnerSkills() }) });

    expect(await screen.findByText(/No answers yet/)).toBeTruthy();
    expect(screen.queryAllByRole('meter')).toHaveLength(0);
    expect(screen.getAllByText('not practised yet')).toHaveLength(SKILLS.length);
  });

  it('keeps a row for every skill while loading', () => {
    renderOverview({ 'GET /api/skills': () => new Promise<never>(() => undefined) });

    expect(screen.getByText('Loading your skills...')).toBeTruthy();
    const chart = screen.getByRole('region', { name: 'Your skills' });
    expect(within(chart).getAllByRole('listitem')).toHaveLength(SKILLS.length);
    expect(screen.queryAllByRole('meter')).toHaveLength(0);
  });

  it('says why the skills failed to load and loads them again on Try again', async () => {
    let failures = 1;
    const fake = renderOverview({
      'GET /api/skills': () => {
        if (failures > 0) {
          failures -= 1;
          throw new ApiError('The server is busy.', 500);
        }
        return { skills: practisedSkills() };
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your skills: The server is busy.');
    act(() => within(alert).getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('meter', { name: 'Find a demand zone' })).toBeTruthy();
    expect(fake.calls.filter((call) => call === 'GET /api/skills')).toHaveLength(2);
  });
});
