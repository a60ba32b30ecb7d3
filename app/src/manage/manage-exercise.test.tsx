import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  CourseManagement,
  CourseRules,
  ManageRequest,
  ManageResult,
  ManageSetup,
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
const { ManageLessonExercise } = await import('./ManageLessonExercise.js');

const SETUP: ManageSetup = {
  zone: { type: 'demand', upper: 99.6, lower: 99.1 },
  opposing: { upper: 101.8, lower: 101.4 },
  plan: { entry: 99.6, stop: 98.9, target: 101.3 },
  oneR: 100.3,
  choices: [
    { rule: 'hold', label: 'Hold to the target' },
    { rule: 'breakeven', label: 'Move the stop to breakeven' },
  ],
};

/** The lesson teaches breakeven; both rules played out on the same trade. */
const COURSE: CourseManagement = {
  rule: 'breakeven',
  outcomes: [
    {
      rule: 'hold',
      label: 'Hold: the stop stays',
      resultR: -1,
      exit: 'stop',
      fillTime: null,
      exitTime: null,
      exitPrice: 98.9,
      summary: 'Hold: stopped out at -1.0R.',
    },
    {
      rule: 'breakeven',
      label: 'Breakeven: the stop moves to entry',
      resultR: 0,
      exit: 'stop',
      fillTime: null,
      exitTime: null,
      exitPrice: 99.6,
      summary: 'Breakeven: scratched at 0.0R.',
    },
  ],
  lesson: 'One trade is no evidence for a rule.',
};

const RULES: CourseRules = {
  landingDemo: { charts: [30] },
  practice: { round: 10, charts: 100, plans: 50, decisions: 50, free: 1 },
  triesBeforeReveal: { zone: 3, plan: 3, decision: 1, manage: 1 },
};

/** The server's side: one answer, graded against the lesson's rule and shown at once. */
function manageServer() {
  let answered = false;
  const sent: ManageRequest[] = [];
  const routes = {
    'GET /api/course': () => RULES,
    'GET /chart-data/12?lesson=41': () => chartBody(12, answered ? { next: nextCandles() } : {}),
    'POST /api/manage': (body: unknown): ManageResult => {
      const request = body as ManageRequest;
      sent.push(request);
      answered = true;
      const pass = request.rule === COURSE.rule;
      return {
        pass,
        feedback: [
          pass ? 'Right: this lesson moves the stop to breakeven.' : 'This lesson moves the stop.',
          'At +1R the stop goes to the entry.',
        ],
        tries: pass ? 0 : 1,
        revealed: true,
        answer: { rule: request.rule },
        course: COURSE,
      };
    },
  };
  return { routes, sent };
}

function renderManageLesson() {
  const server = manageServer();
  const lesson = lessonBody({ exerciseKind: 'manage', title: 'Managing the trade' });
  const view = renderLessonExercise(
    <ManageLessonExercise lesson={{ ...lesson, manageSetup: SETUP }} />,
    server.routes,
  );
  return { ...view, sent: server.sent };
}

const panel = () => screen.getByRole('complementary', { name: 'Your management rule' });
const tryButton = () => within(panel()).getByRole('button', { name: 'Try' });
const choice = (name: string) => within(panel()).getByRole('radio', { name });

async function chartReady() {
  await screen.findByRole('figure', { name: 'Trade-management chart for Managing the trade' });
  await waitFor(() => {
    expect(screen.getByRole('button', { name: 'Reset view' }).hasAttribute('disabled')).toBe(false);
  });
}

describe('the trade-management exercise of a lesson', () => {
  it('shows the planned trade, and keeps Try until a rule is chosen', async () => {
    renderManageLesson();
    await chartReady();
    expect(document.querySelector('.exercise__status')?.textContent).toBe(
      'A long trade at the demand zone: entry 99.60, stop 98.90, target 101.30. +1R is 100.30.',
    );
    // No lines to draw here: no drawing tools and no typed prices.
    expect(screen.queryByRole('button', { name: 'Draw Line' })).toBeNull();
    expect(screen.queryByText('Keyboard and typed prices')).toBeNull();
    expect(tryButton().hasAttribute('disabled')).toBe(true);
    await within(panel()).findByText(/^One answer:/);

    fireEvent.click(choice('Hold to the target'));
    expect(choice('Hold to the target').getAttribute('aria-checked')).toBe('true');
    expect(tryButton().hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Skip' }).hasAttribute('disabled')).toBe(true);
  });

  it('sends the rule, and shows the server’s verdict and every rule on the trade', async () => {
    const { sent } = renderManageLesson();
    await chartReady();
    fireEvent.click(choice('Hold to the target'));
    fireEvent.click(tryButton());

    const verdict = await screen.findByTestId('manage-verdict');
    expect([...verdict.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'This lesson moves the stop.',
      'At +1R the stop goes to the entry.',
    ]);
    expect(screen.getByRole('status').className).toContain('notice--info');
    expect(sent).toEqual([{ rule: 'hold', lesson: 41 }]);

    const answer = screen.getByRole('region', { name: 'Every rule on this trade' });
    expect(
      within(answer).getByText('Replay the trade to see what each rule made of it.'),
    ).toBeDefined();
    // The server showed its answer: the choices are closed, Try is gone and Skip opens.
    expect(choice('Hold to the target').hasAttribute('disabled')).toBe(true);
    expect(within(panel()).queryByRole('button', { name: 'Try' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Skip' }).hasAttribute('disabled')).toBe(false);
    await within(answer).findByRole('button', { name: 'Replay: watch the trade and every rule' });
  });

  it('shows the lesson’s rule chosen as a success, and Next', async () => {
    renderManageLesson();
    await chartReady();
    fireEvent.click(choice('Move the stop to breakeven'));
    fireEvent.click(tryButton());

    await screen.findByTestId('manage-verdict');
    expect(screen.getByRole('status').className).toContain('notice--success');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
  });
});
