import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  CourseDecision,
  DecisionRequest,
  DecisionResult,
  DecisionSetup,
  ScorecardResult,
} from '../api/index.js';
import {
  chartBody,
  lessonBody,
  nextCandles,
  renderLessonExercise,
} from '../../test/exercise-fixtures.js';
import { StubChart } from '../../test/stub-chart.js';

// jsdom draws no canvas; the stub runs the library's model.
jest.unstable_mockModule('../exercise/LazyChart.js', () => ({ LazyChart: StubChart }));
const { DecisionLessonExercise } = await import('./DecisionLessonExercise.js');

const SETUP: DecisionSetup = {
  zone: { type: 'demand', upper: 99.6, lower: 99.1 },
  opposing: { upper: 101.8, lower: 101.4 },
};

/** The course takes this trade: every check passes. */
const COURSE: CourseDecision = {
  take: true,
  checks: [
    { check: 'room', ok: true, text: 'Room: a target short of the wall pays 2.6R (at least 2R).' },
    { check: 'fresh', ok: true, text: 'Fresh: price has not come back into the zone.' },
    { check: 'higher-timeframe', ok: true, text: '1-hour chart: the trend is up, with the trade.' },
  ],
  rewardToRisk: 2.6,
  model: { entry: 99.6, stop: 98.9, target: 101.3 },
  outcome: {
    fillIndex: 2,
    fillPrice: 99.6,
    exit: 'target',
    exitIndex: 9,
    exitPrice: 101.3,
    stopAssumedFirst: false,
    gap: null,
    resultR: 2.4,
    resultDollars: 240,
    fillTime: null,
    exitTime: null,
    summary: 'Target reached: +2.4R.',
  },
};

/** The course's score of the zone: a three-candle base, so no time point: a B. */
const COURSE_SCORE: ScorecardResult['course'] = {
  readings: [
    { criterion: 'time', met: false, text: 'Time on the zone: a base of 3 candles.' },
    { criterion: 'base', met: true, text: 'The base: small bodies: 1 point.' },
    { criterion: 'move', met: true, text: 'The move out: 4.1 heights: 1 point.' },
    { criterion: 'round-number', met: true, text: 'Psychological level: 99.50: 1 point.' },
    { criterion: 'fresh', met: true, text: 'Freshness: not come back: 1 point.' },
  ],
  points: 4,
  grade: 'B',
};

/** The server's side: one answer, graded against the course's decision and shown at once. */
function decisionServer() {
  let answered = false;
  const sent: DecisionRequest[] = [];
  const routes = {
    'GET /chart-data/12?lesson=41': () => chartBody(12, answered ? { next: nextCandles() } : {}),
    'POST /api/decisions': (body: unknown): DecisionResult => {
      const request = body as DecisionRequest;
      sent.push(request);
      answered = true;
      const pass = request.take === COURSE.take;
      return {
        pass,
        feedback: [
          pass ? 'Right: every check passes, so the course takes it.' : 'The course takes it.',
          ...COURSE.checks.map((check) => check.text),
        ],
        tries: pass ? 0 : 1,
        revealed: true,
        answer: { take: request.take, reasons: request.reasons },
        course: COURSE,
        ...(request.criteria && {
          scorecard: {
            pass: false,
            points: request.criteria.length,
            grade: 'C',
            misread: ['move', 'round-number', 'fresh'],
            course: COURSE_SCORE,
            feedback: ['You scored it 2 of 5; the course scores it 4 of 5, a B.'],
          },
        }),
      };
    },
  };
  return { routes, sent };
}

function renderDecisionLesson() {
  const server = decisionServer();
  const lesson = lessonBody({
    exerciseKind: 'decision',
    title: 'Take it or skip it',
    decisionSetup: SETUP,
  });
  const view = renderLessonExercise(
    <DecisionLessonExercise lesson={{ ...lesson, decisionSetup: SETUP }} />,
    server.routes,
  );
  return { ...view, sent: server.sent };
}

const panel = () => screen.getByRole('complementary', { name: 'Your decision' });
const decide = () => within(panel()).getByRole('button', { name: 'Decide' });
const choice = (name: 'Take' | 'Skip') => within(panel()).getByRole('radio', { name });

async function chartReady() {
  await screen.findByRole('figure', { name: 'Take-or-skip chart for Take it or skip it' });
  await waitFor(() => {
    expect(screen.getByRole('button', { name: 'Reset view' }).hasAttribute('disabled')).toBe(false);
  });
}

describe('the take-or-skip exercise of a lesson', () => {
  it('shows the zone and the wall, and keeps Decide for a complete answer', async () => {
    renderDecisionLesson();
    await chartReady();
    const status = document.querySelector('.exercise__status');
    expect(status?.textContent).toBe(
      'The blue box is the demand zone price is coming back to; the dashed lines are the next ' +
        'supply zone. Scroll or pinch to zoom, drag the chart to move it.',
    );
    // No lines to draw here: no drawing tools and no typed prices.
    expect(screen.queryByRole('button', { name: 'Draw Line' })).toBeNull();
    expect(screen.queryByText('Keyboard and typed prices')).toBeNull();
    expect(decide().hasAttribute('disabled')).toBe(true);

    fireEvent.click(choice('Skip'));
    expect(choice('Skip').getAttribute('aria-checked')).toBe('true');
    expect(decide().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText(/^Room:/));
    expect(decide().hasAttribute('disabled')).toBe(false);

    fireEvent.click(choice('Take'));
    expect(screen.queryByRole('group', { name: /Skip because/ })).toBeNull();
    expect(decide().hasAttribute('disabled')).toBe(false);
    const skip = screen.getByRole('button', { name: 'Skip' });
    expect(skip.hasAttribute('disabled')).toBe(true);
  });

  it('sends a skip with its reasons, and shows the server’s verdict and the course’s checks', async () => {
    const { sent } = renderDecisionLesson();
    await chartReady();
    // The zone is scored first: the score counts the ticks in the lesson's words.
    expect(screen.getByTestId('decision-score').textContent).toBe(
      'Your score: 0 of 5, a C, which the course passes over.',
    );
    fireEvent.click(screen.getByLabelText(/^Time on the zone:/));
    fireEvent.click(screen.getByLabelText(/^The base:/));
    expect(screen.getByTestId('decision-score').textContent).toBe(
      'Your score: 2 of 5, a C, which the course passes over.',
    );
    fireEvent.click(choice('Skip'));
    fireEvent.click(screen.getByLabelText(/^Not fresh:/));
    fireEvent.click(decide());

    const verdict = await screen.findByTestId('decision-verdict');
    expect(verdict.textContent).toBe('You chose to skip the trade. The course takes it.');
    expect(screen.getByTestId('decision-score-verdict').textContent).toBe(
      'You scored it 2 of 5; the course scores it 4 of 5, a B.',
    );
    expect(screen.getByRole('status').className).toContain('notice--info');
    expect(sent).toEqual([
      { take: false, reasons: ['fresh'], criteria: ['time', 'base'], lesson: 41 },
    ]);

    const answer = screen.getByRole('region', { name: "The course's decision" });
    expect(
      within(answer)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['The course scores the zone 4 of 5: a B', 'The course takes this trade']);
    const score = within(within(answer).getByTestId('decision-scorecard')).getAllByRole('listitem');
    expect(score.map((reading) => reading.textContent)).toEqual(
      COURSE_SCORE.readings.map((reading) => `${reading.met ? '✓' : '✗'} ${reading.text}`),
    );
    const checks = within(within(answer).getByTestId('decision-checks')).getAllByRole('listitem');
    expect(checks.map((check) => check.textContent)).toEqual(
      COURSE.checks.map((check) => `✓ ${check.text}`),
    );
    // One answer: the choices are closed and Decide is gone; the server's reveal opens Skip.
    expect(choice('Take').hasAttribute('disabled')).toBe(true);
    expect(within(panel()).queryByRole('button', { name: 'Decide' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Skip' }).hasAttribute('disabled')).toBe(false);
    await within(answer).findByRole('button', { name: 'Replay: watch the course’s trade' });
  });

  it('shows a right answer as a success, and Next', async () => {
    renderDecisionLesson();
    await chartReady();
    fireEvent.click(choice('Take'));
    fireEvent.click(decide());

    const verdict = await screen.findByTestId('decision-verdict');
    expect(verdict.textContent).toBe(
      'You chose to take the trade. Right: every check passes, so the course takes it.',
    );
    expect(screen.getByRole('status').className).toContain('notice--success');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
  });
});
