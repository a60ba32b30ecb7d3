import { jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  createCourseApi,
  type CourseRules,
  type ExerciseStanding,
  type PracticeChartBody,
  type PracticeNextBody,
  type PracticePlace,
  type PracticeRealBody,
  type PracticeRealDecisionBody,
} from '../api/index.js';
import { chartBody, nextCandles } from '../../test/exercise-fixtures.js';
import { fakeHttp } from '../../test/fake-http.js';
import { withCourse } from '../../test/query-client.js';
import { StubChart } from '../../test/stub-chart.js';

// jsdom draws no canvas; the stub runs the library's model.
jest.unstable_mockModule('../exercise/LazyChart.js', () => ({ LazyChart: StubChart }));
const { PracticePortal } = await import('./PracticePage.js');
const { SkillsOverview } = await import('../hub/SkillsOverview.js');

const RULES: CourseRules = {
  landingDemo: { charts: [30] },
  practice: { round: 10, charts: 100, plans: 50, decisions: 50, free: 1 },
  triesBeforeReveal: { zone: 3, plan: 3, decision: 1, manage: 1 },
};

const NOT_TRIED: ExerciseStanding = { passed: false, tries: 0, triesLeft: 3, revealed: false };
const PASSED: ExerciseStanding = { passed: true, tries: 0, triesLeft: 0, revealed: true };

/** One of the learner's own zone charts as GET api/practice/{index} answers it. */
function practiceChart(index: number, exercise: ExerciseStanding = NOT_TRIED): PracticeChartBody {
  const { chart_number: _number, twin: _twin, ...chart } = chartBody(0);
  return {
    ...chart,
    index,
    round: 10,
    count: 100,
    free: 1,
    exercise,
    hourly: { ...chart, timeframe: '1hr', context_only: true },
  };
}

/** One of the learner's real charts as GET api/practice/real/{index} answers it. */
function realChart(index: number, exercise: ExerciseStanding = NOT_TRIED): PracticeRealBody {
  const { chart_number: _number, twin: _twin, ...chart } = chartBody(0, { type: 'supply' });
  const revealed = exercise.revealed
    ? {
        hiddenpl: 101,
        hiddenpl2: 100.5,
        next: nextCandles(),
        explanation: 'The strongest fresh supply zone the course’s rules find here.',
        session: { symbol: 'AAPL', day: '2014-06-05', name: 'AAPL, 5 June 2014' },
      }
    : {};
  return { ...chart, ...revealed, index, free: 1, pool: 180, exercise };
}

/** One of the learner's real take-or-skip exercises, unanswered. */
function realDecision(index: number): PracticeRealDecisionBody {
  const { chart_number: _number, twin: _twin, ...chart } = chartBody(0);
  return {
    ...chart,
    index,
    free: 1,
    pool: 200,
    exercise: { passed: false, tries: 0, triesLeft: 1, revealed: false },
    hourly: { ...chart, timeframe: '1hr' },
    decisionSetup: {
      zone: { type: 'demand', upper: 99.6, lower: 99.1 },
      opposing: { upper: 101.8, lower: 101.4 },
    },
    decisionReview: null,
  };
}

// Answers of GET api/practice/next with an exercise to offer (an index), so they are also the
// PracticeItem the portal keeps on the server.
const FRESHNESS = {
  kind: 'zone',
  index: 3,
  skill: 'freshness',
  reason: 'You missed freshness twice: here is another.',
} satisfies PracticeNextBody;
const BOUNDS = {
  kind: 'zone',
  index: 7,
  skill: 'zone-bounds',
  reason: 'You are least sure of drawing a zone’s bounds: here is one more.',
} satisfies PracticeNextBody;

const FIRST_VISIT: PracticePlace = {
  mode: 'needs',
  zones: 1,
  decisions: 1,
  plans: 1,
  real: 1,
  realDecisions: 1,
  current: null,
};

/**
 * The server's side of the portal: it keeps the place it is sent and chooses the next exercise
 * from `choices`, one after another.
 */
function portalServer(
  place: PracticePlace,
  choices: PracticeNextBody[] = [],
  standings: Record<number, ExerciseStanding> = {},
) {
  let kept = place;
  const sentPlaces: PracticePlace[] = [];
  const routes: Record<string, (body: unknown) => unknown> = {
    'GET /api/practice/place': () => kept,
    'POST /api/practice/place': (body) => {
      kept = body as PracticePlace;
      sentPlaces.push(kept);
      return kept;
    },
    'GET /api/practice/next': () => {
      const next = choices.shift();
      if (!next) throw new Error('no more choices');
      return next;
    },
    // The exercise on screen while it is unfinished (every one here is), else the next choice.
    'GET /api/practice/current': () => {
      if (kept.current) return kept.current;
      const next = choices.shift();
      if (!next) throw new Error('no more choices');
      return next;
    },
  };
  for (let index = 1; index <= 10; index++) {
    routes[`GET /api/practice/${index}`] = () => practiceChart(index, standings[index]);
    routes[`GET /api/practice/real/${index}`] = () => realChart(index, standings[index]);
    routes[`GET /api/practice/real/decisions/${index}`] = () => realDecision(index);
  }
  return { routes, sentPlaces, kept: () => kept };
}

function renderPortal(server: ReturnType<typeof portalServer>, path = '/practice') {
  const { http, calls } = fakeHttp(server.routes);
  render(
    withCourse(
      createCourseApi(http),
      <MemoryRouter initialEntries={[path]}>
        <PracticePortal rules={RULES} />
      </MemoryRouter>,
    ),
  );
  return { calls };
}

const modeButton = (name: string) => screen.getByRole('button', { name });
const isPressed = (name: string) => modeButton(name).getAttribute('aria-pressed') === 'true';

describe('the Practice Portal', () => {
  it('opens on Practise what I need with the exercise the server chose and why', async () => {
    const server = portalServer(FIRST_VISIT, [FRESHNESS]);
    renderPortal(server);
    expect(await screen.findByText('You missed freshness twice: here is another.')).toBeTruthy();
    expect(isPressed('Practise what I need')).toBe(true);
    expect(isPressed('Find zones')).toBe(false);
    expect(screen.getByText('Practice chart 3')).toBeTruthy();
    // The choice is kept on the server, so that reopening the portal resumes with it.
    await waitFor(() => expect(server.kept().current).toEqual(FRESHNESS));
  });

  it('resumes the exercise kept on the server instead of choosing a new one', async () => {
    const current = { ...FRESHNESS, index: 5 };
    const server = portalServer({ ...FIRST_VISIT, current }, [BOUNDS]);
    const { calls } = renderPortal(server);
    await screen.findByText('Practice chart 5');
    expect(screen.getByText(FRESHNESS.reason)).toBeTruthy();
    expect(calls).not.toContain('GET /api/practice/next');
    expect(calls).toContain('GET /api/practice/5');
  });

  it('shows the exercise the hub’s Practise next shows, from the same call', async () => {
    // On screen from an earlier visit and not done; the chooser's next would be another.
    const server = portalServer({ ...FIRST_VISIT, mode: 'zones', current: FRESHNESS }, [BOUNDS]);
    const hub = fakeHttp(server.routes);
    render(
      withCourse(
        createCourseApi(hub.http),
        <MemoryRouter>
          <SkillsOverview />
        </MemoryRouter>,
      ),
    );
    const card = await screen.findByRole('region', { name: 'Practise next' });
    expect(await within(card).findByText(FRESHNESS.reason)).toBeTruthy();
    const link = within(card).getByRole('link', { name: 'Practise: Zone chart 3 →' });
    cleanup();

    const { calls } = renderPortal(server, link.getAttribute('href')!);
    expect(await screen.findByText(FRESHNESS.reason)).toBeTruthy();
    expect(screen.getByText('Practice chart 3')).toBeTruthy();
    expect(isPressed('Practise what I need')).toBe(true);
    expect(hub.calls).toContain('GET /api/practice/current');
    expect(calls).toContain('GET /api/practice/current');
    expect([...hub.calls, ...calls]).not.toContain('GET /api/practice/next');
  });

  it('asks the server again on Skip and shows its next choice with the new reason', async () => {
    const server = portalServer({ ...FIRST_VISIT, current: FRESHNESS }, [BOUNDS]);
    const { calls } = renderPortal(server);
    await screen.findByText('Practice chart 3');
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByText(BOUNDS.reason)).toBeTruthy();
    expect(screen.getByText('Practice chart 7')).toBeTruthy();
    expect(screen.queryByText(FRESHNESS.reason)).toBeNull();
    expect(calls.filter((call) => call === 'GET /api/practice/next')).toHaveLength(1);
    await waitFor(() => expect(server.kept().current).toEqual(BOUNDS));
  });

  it('switches to the fixed rounds and back, keeping the place of each on the server', async () => {
    const server = portalServer({ ...FIRST_VISIT, current: FRESHNESS, zones: 4 });
    renderPortal(server);
    await screen.findByText('Practice chart 3');
    fireEvent.click(modeButton('Find zones'));
    await waitFor(() => expect(isPressed('Find zones')).toBe(true));
    expect(isPressed('Practise what I need')).toBe(false);
    expect(await screen.findByLabelText('Practice chart')).toBeTruthy();
    expect(screen.getByLabelText('Practice chart').textContent).toBe('4/10');
    expect(screen.queryByText(FRESHNESS.reason)).toBeNull();
    await waitFor(() => expect(server.kept()).toMatchObject({ mode: 'zones', zones: 4 }));

    fireEvent.click(modeButton('Practise what I need'));
    expect(await screen.findByText(FRESHNESS.reason)).toBeTruthy();
    await waitFor(() => expect(server.kept().mode).toBe('needs'));
  });

  it('reads Skip after Back until the chart is passed, as the server counts it', async () => {
    // Chart 2 was skipped without a pass; chart 1 was passed.
    const server = portalServer({ ...FIRST_VISIT, mode: 'zones', zones: 3 }, [], { 1: PASSED });
    renderPortal(server);
    const counter = () => screen.getByLabelText('Practice chart').textContent;
    await screen.findByLabelText('Practice chart');
    expect(counter()).toBe('3/10');
    fireEvent.click(modeButton('Back'));
    await waitFor(() => expect(counter()).toBe('2/10'));
    // The chart's standing has loaded: still Skip, since nothing was passed there.
    await screen.findByRole('figure');
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(modeButton('Back'));
    await waitFor(() => expect(counter()).toBe('1/10'));
    expect(await screen.findByRole('button', { name: 'Next' })).toBeTruthy();
    // Forward again: the unpassed chart reads Skip once more.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(counter()).toBe('2/10'));
    fireEvent.click(await screen.findByRole('dialog'));
    expect(await screen.findByRole('button', { name: 'Skip' })).toBeTruthy();
    await waitFor(() => expect(server.kept().zones).toBe(2));
  });

  it('shows real charts, and the session only once the answer is shown', async () => {
    const server = portalServer({ ...FIRST_VISIT, mode: 'real', real: 1 }, [], { 2: PASSED });
    const { calls } = renderPortal(server);
    expect(await screen.findByText('Find a supply zone on this real chart.')).toBeTruthy();
    expect(isPressed('Real charts')).toBe(true);
    expect(isPressed('Find zones')).toBe(false);
    expect(screen.getByLabelText('Real chart').textContent).toBe('Chart 1');
    expect(screen.queryByTestId('real-session')).toBeNull();
    expect(calls).toContain('GET /api/practice/real/1');

    // Skip: the next real chart, kept as the learner's place on the server.
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.getByLabelText('Real chart').textContent).toBe('Chart 2'));
    expect((await screen.findByTestId('real-session')).textContent).toBe(
      'This was AAPL, 5 June 2014.',
    );
    expect(await screen.findByRole('button', { name: 'Next' })).toBeTruthy();
    await waitFor(() => expect(server.kept()).toMatchObject({ mode: 'real', real: 2 }));
  });

  it('switches the real charts between zones to find and trades to take or skip', async () => {
    const server = portalServer({ ...FIRST_VISIT, mode: 'real', real: 3, realDecisions: 2 });
    const { calls } = renderPortal(server);
    await screen.findByText('Find a supply zone on this real chart.');
    expect(isPressed('Find the zone')).toBe(true);
    fireEvent.click(modeButton('Take or skip the trade'));
    expect(
      await screen.findByText(
        'Price is coming back to this demand zone on a real chart: take or skip a long trade?',
      ),
    ).toBeTruthy();
    // Real charts stays pressed for both of its tracks.
    expect(isPressed('Real charts')).toBe(true);
    expect(isPressed('Take or skip')).toBe(false);
    expect(screen.getByLabelText('Real decision').textContent).toBe('Trade 2');
    expect(calls).toContain('GET /api/practice/real/decisions/2');
    expect(screen.queryByTestId('real-session')).toBeNull();
    await waitFor(() =>
      expect(server.kept()).toMatchObject({ mode: 'real-decisions', real: 3, realDecisions: 2 }),
    );
  });

  it('keeps a real chart chosen on Skip as real, and shows it', async () => {
    const realBounds = { ...BOUNDS, index: 2, real: true } satisfies PracticeNextBody;
    const server = portalServer({ ...FIRST_VISIT, current: FRESHNESS }, [realBounds]);
    const { calls } = renderPortal(server);
    await screen.findByText('Practice chart 3');
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Real chart 2')).toBeTruthy();
    expect(calls).toContain('GET /api/practice/real/2');
    expect(calls).not.toContain('GET /api/practice/2');
    await waitFor(() => expect(server.kept().current).toEqual(realBounds));
  });

  it('shows a real chart when Practise what I need chose one', async () => {
    const current = {
      ...FRESHNESS,
      index: 2,
      reason: 'Find zones. This one is a real chart.',
      real: true,
    };
    const server = portalServer({ ...FIRST_VISIT, current });
    const { calls } = renderPortal(server);
    expect(await screen.findByText('Find a supply zone on this real chart.')).toBeTruthy();
    expect(screen.getByText('Real chart 2')).toBeTruthy();
    expect(screen.getByText(current.reason)).toBeTruthy();
    expect(calls).toContain('GET /api/practice/real/2');
    expect(calls).not.toContain('GET /api/practice/2');
  });
});
