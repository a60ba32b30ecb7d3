import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlanOutcome, PlanRequest, PlanResult, PlanReview, PlanSetup } from '../api/index.js';
import {
  chartBody,
  lessonBody,
  nextCandles,
  renderLessonExercise,
} from '../../test/exercise-fixtures.js';
import { StubChart } from '../../test/stub-chart.js';

// jsdom draws no canvas; the stub runs the library's model and lists the lines.
jest.unstable_mockModule('../exercise/LazyChart.js', () => ({ LazyChart: StubChart }));
const { PlanLessonExercise } = await import('./PlanLessonExercise.js');

const SETUP: PlanSetup = {
  zone: { type: 'demand', upper: 99.6, lower: 99.1 },
  opposing: { upper: 101.8, lower: 101.4 },
  instrument: 'shares',
  pointValue: 1,
  unit: 'shares',
  step: 1,
  account: 10_000,
  riskPercent: 1,
  minRewardToRisk: 2,
  buyingPower: null,
};

const MISSED = 'Your stop is inside the zone: put it beyond the distal line.';
const PASSED = 'Well done! Your plan follows every rule.';

function outcome(summary: string): PlanOutcome {
  return {
    fillIndex: 2,
    fillPrice: 99.6,
    exit: 'target',
    exitIndex: 9,
    exitPrice: 101.2,
    stopAssumedFirst: false,
    gap: null,
    resultR: 2.7,
    resultDollars: 265.6,
    fillTime: null,
    exitTime: null,
    summary,
  };
}

/**
 * The server's side of a plan lesson: it grades each plan with `pass`, counts the tries, and
 * once the course's plan may be shown sends it and the chart's continuation.
 */
function planServer(pass: (plan: PlanRequest) => boolean) {
  let tries = 0;
  let revealed = false;
  const sent: PlanRequest[] = [];
  const routes = {
    'GET /chart-data/12?lesson=41': () =>
      chartBody(12, revealed ? { hiddenpl: 99.6, hiddenpl2: 99.1, next: nextCandles() } : {}),
    'POST /api/plans': (body: unknown): PlanResult => {
      const plan = body as PlanRequest;
      sent.push(plan);
      const passed = pass(plan);
      if (!passed) tries += 1;
      revealed = passed || tries >= 3;
      return {
        pass: passed,
        failed: passed ? [] : ['stop'],
        feedback: passed ? [PASSED] : [MISSED, 'The reward-to-risk is under 2:1.'],
        rewardToRisk: 2.7,
        riskDollars: 99.6,
        correctSize: 166,
        tries,
        triesLeft: revealed ? 0 : 3 - tries,
        revealed,
        ...(revealed
          ? {
              model: {
                entry: 99.6,
                stop: 98.9,
                target: 101.3,
                size: 153,
                rewardToRisk: 2.6,
                outcome: outcome('Target reached: +2.6R.'),
              },
              outcome: outcome('Target reached: +2.7R.'),
            }
          : {}),
      };
    },
  };
  return { routes, sent };
}

function renderPlanLesson(pass: (plan: PlanRequest) => boolean, review: PlanReview | null = null) {
  const server = planServer(pass);
  const lesson = lessonBody({
    exerciseKind: 'plan',
    title: 'Planning the trade',
    planSetup: SETUP,
    planReview: review,
  });
  const view = renderLessonExercise(
    <PlanLessonExercise lesson={{ ...lesson, planSetup: SETUP }} />,
    server.routes,
  );
  return { ...view, sent: server.sent };
}

function placeLine(price: number) {
  fireEvent.change(screen.getByLabelText('Line at price'), { target: { value: String(price) } });
  fireEvent.click(screen.getByRole('button', { name: 'Place line' }));
}

/** Entry at the zone's top, stop below it, target short of the supply zone: 166 shares. */
function placePlan(stop = 99.0) {
  placeLine(99.6);
  placeLine(stop);
  placeLine(101.2);
}

const tryButton = () => screen.getByRole('button', { name: 'Try' });
const status = () => document.querySelector('.exercise__status');

async function chartReady() {
  await screen.findByRole('figure', { name: 'Trade-plan chart for Planning the trade' });
  await waitFor(() => {
    expect(screen.getByRole('button', { name: 'Draw Line' }).hasAttribute('disabled')).toBe(false);
  });
}

describe('the trade-plan exercise of a lesson', () => {
  it('asks for entry, stop and target in turn, and keeps Try for a full plan', async () => {
    renderPlanLesson(() => false);
    await chartReady();
    expect(status()?.getAttribute('aria-live')).toBe('polite');
    expect(status()?.textContent).toBe(
      'Press Draw Line and click to place the entry. The blue box is the demand zone; ' +
        'the dashed lines are the next supply zone.',
    );
    expect(tryButton().hasAttribute('disabled')).toBe(true);

    placeLine(99.6);
    expect(status()?.textContent).toMatch(/^Press Draw Line and click to place the stop\./);
    placeLine(99.0);
    expect(status()?.textContent).toMatch(/^Press Draw Line and click to place the target\./);
    expect(tryButton().hasAttribute('disabled')).toBe(true);
    placeLine(101.2);

    expect(status()?.textContent).toBe(
      'All three lines are placed. Drag a line to adjust it, then press Try.',
    );
    expect(tryButton().hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Draw Line' }).hasAttribute('disabled')).toBe(true);
    const lines = screen.getByRole('list', { name: 'Lines on the chart' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Entry 99.60', 'Stop 99.00', 'Target 101.20']);
    const panel = screen.getByRole('complementary', { name: 'Your plan' });
    expect(within(panel).getByTestId('plan-size').textContent).toBe('166 shares');
    expect(within(panel).getByTestId('plan-ratio').textContent).toBe('2.7\u00a0:\u00a01');
  });

  it('sends the plan and shows every sentence of the server’s grade with the tries', async () => {
    const { sent } = renderPlanLesson(() => false);
    await chartReady();
    placePlan();
    fireEvent.click(tryButton());

    const feedback = await screen.findByTestId('plan-feedback');
    expect(
      within(feedback)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([MISSED, 'The reward-to-risk is under 2:1.']);
    expect(screen.getByText("1 failed try · the course's plan shows after 2 more")).toBeDefined();
    expect(sent).toEqual([
      {
        entry: 99.6,
        stop: 99.0,
        target: 101.2,
        account: 10_000,
        riskPercent: 1,
        size: 166,
        lesson: 41,
      },
    ]);
    expect(screen.queryByRole('region', { name: "The course's plan" })).toBeNull();
    expect(screen.getByRole('button', { name: 'Skip' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the course’s plan and opens Skip after the third miss the server counts', async () => {
    renderPlanLesson(() => false);
    await chartReady();
    placePlan();
    fireEvent.click(tryButton());
    await screen.findByText("1 failed try · the course's plan shows after 2 more");
    fireEvent.click(tryButton());
    await screen.findByText("2 failed tries · the course's plan shows after 1 more");
    fireEvent.click(tryButton());

    const answer = await screen.findByRole('region', { name: "The course's plan" });
    expect(screen.getByText('3 failed tries')).toBeDefined();
    expect(within(answer).getByText(/^Entry 99\.60 at the zone's proximal line/).textContent).toBe(
      "Entry 99.60 at the zone's proximal line, stop 98.90 a quarter of an average candle " +
        'beyond its distal line, target 101.30 just short of the next supply zone: ' +
        '2.6\u00a0:\u00a01, 153 shares risking 107.10 dollars.',
    );
    expect(screen.getByRole('button', { name: 'Skip' }).hasAttribute('disabled')).toBe(false);
    await within(answer).findByRole('button', { name: 'Replay: watch the plans play out' });
  });

  it('shows a pass and Next, with no try counter', async () => {
    renderPlanLesson((plan) => plan.stop < 99.1);
    await chartReady();
    placePlan(98.95);
    fireEvent.click(tryButton());

    const feedback = await screen.findByTestId('plan-feedback');
    expect(feedback.textContent).toBe(PASSED);
    expect(screen.getByRole('status').className).toContain('notice--success');
    expect(screen.queryByText(/failed tr/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
    await screen.findByRole('region', { name: "The course's plan" });
  });

  it('places the plan of an earlier visit again, with its grade', async () => {
    const review: PlanReview = {
      pass: false,
      failed: ['stop'],
      feedback: [MISSED],
      rewardToRisk: 2.7,
      riskDollars: 99.6,
      correctSize: 166,
      tries: 1,
      triesLeft: 2,
      revealed: false,
      plan: { entry: 99.6, stop: 99.2, target: 101.2, account: 5_000, riskPercent: 2, size: 250 },
      gradedAt: '2024-01-02T20:00:00.000Z',
    };
    renderPlanLesson(() => false, review);
    await chartReady();
    const lines = screen.getByRole('list', { name: 'Lines on the chart' });
    await waitFor(() => {
      expect(
        within(lines)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Entry 99.60', 'Stop 99.20', 'Target 101.20']);
    });
    expect(screen.getByLabelText('Account (dollars)')).toHaveProperty('value', '5000');
    expect(screen.getByLabelText('Risk per trade (%)')).toHaveProperty('value', '2');
    expect(screen.getByTestId('plan-feedback').textContent).toBe(MISSED);
    expect(screen.getByText("1 failed try · the course's plan shows after 2 more")).toBeDefined();
  });
});
