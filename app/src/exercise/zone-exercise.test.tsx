import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AttemptRequest, AttemptResult } from '../api/index.js';
import { ApiError } from '../api/index.js';
import {
  chartBody,
  lessonBody,
  nextCandles,
  renderLessonExercise,
} from '../../test/exercise-fixtures.js';
import { StubChart } from '../../test/stub-chart.js';

// jsdom draws no canvas; the stub runs the library's model and lists the lines.
jest.unstable_mockModule('./LazyChart.js', () => ({ LazyChart: StubChart }));
const { ChartLessonExercise } = await import('../lesson/ChartLessonExercise.js');

const ZONE = { type: 'demand' as const, upper: 99.6, lower: 99.1 };
const EXPLANATION = 'Price left this base in two long candles: the zone is the base.';

/**
 * The server's side of a zone lesson: it counts the tries, says when the zone may be shown, and
 * then sends the zone and what came next with the chart. `grade` decides each try.
 */
function zoneServer(grade: (lines: number[]) => boolean) {
  let tries = 0;
  let revealed = false;
  const sent: AttemptRequest[] = [];
  const routes = {
    'GET /chart-data/12?lesson=41': () =>
      chartBody(
        12,
        revealed
          ? {
              hiddenpl: ZONE.upper,
              hiddenpl2: ZONE.lower,
              explanation: EXPLANATION,
              next: nextCandles(),
            }
          : {},
      ),
    'POST /api/attempts': (body: unknown): AttemptResult => {
      const request = body as AttemptRequest;
      sent.push(request);
      if (request.lines.length < 2) {
        throw new ApiError('Draw two lines: one at each edge of the zone.', 400);
      }
      const pass = grade(request.lines);
      if (!pass) tries += 1;
      revealed = pass || tries >= 3;
      return {
        pass,
        reason: pass ? 'pass' : 'too-high',
        feedback: pass
          ? 'Well done! Both lines are in the zone.'
          : 'Too high: move both lines down.',
        tries,
        triesLeft: revealed ? 0 : 3 - tries,
        revealed,
        ...(revealed ? { zone: ZONE, explanation: EXPLANATION } : {}),
      };
    },
  };
  return { routes, sent };
}

/** The same market an hour a candle: the lesson's 1-hour twin, read for context only. */
function hourlyBody() {
  const fiveMinute = chartBody(13);
  const hours = Array.from({ length: 5 }, (_, hour) => {
    const candles = fiveMinute.data.slice(hour * 12, hour * 12 + 12);
    return {
      time: candles[0]?.time ?? 0,
      open: candles[0]?.open ?? 0,
      high: Math.max(...candles.map((candle) => candle.high)),
      low: Math.min(...candles.map((candle) => candle.low)),
      close: candles.at(-1)?.close ?? 0,
    };
  });
  return {
    ...fiveMinute,
    timeframe: '1hr' as const,
    data: hours,
    view: { from: hours[0]?.time ?? 0, to: hours.at(-1)?.time ?? 0 },
    context_only: true,
  };
}

function renderZoneLesson(grade: (lines: number[]) => boolean, withHourly = false) {
  const server = zoneServer(grade);
  const lesson = lessonBody({
    exerciseKind: 'zone',
    title: 'Finding demand',
    ...(withHourly ? { twoseries: true, hourly_c_num: 13 } : {}),
  });
  const view = renderLessonExercise(<ChartLessonExercise lesson={lesson} />, {
    ...server.routes,
    'GET /chart-data/13?lesson=41': hourlyBody,
  });
  return { ...view, sent: server.sent };
}

/** Places a line at a typed price, as the keyboard help offers. */
function placeLine(price: number) {
  fireEvent.change(screen.getByLabelText('Line at price'), { target: { value: String(price) } });
  fireEvent.click(screen.getByRole('button', { name: 'Place line' }));
}

const tryButton = () => screen.getByRole('button', { name: 'Try' });
const grade = () => screen.getByRole('status');

async function chartReady() {
  await screen.findByRole('figure', { name: 'Exercise chart for Finding demand' });
  await waitFor(() => {
    expect(tryButton().hasAttribute('disabled')).toBe(false);
  });
}

describe('the zone exercise of a lesson', () => {
  it('says how to mark the zone, and counts the lines drawn', async () => {
    renderZoneLesson(() => false);
    expect(tryButton().hasAttribute('disabled')).toBe(true);
    await chartReady();
    const status = document.querySelector('.exercise__status');
    expect(status?.getAttribute('aria-live')).toBe('polite');
    expect(status?.textContent).toMatch(/^Press Draw Line, then drag across the zone/);

    placeLine(100.5);
    expect(status?.textContent).toBe('1 of 2 lines: 100.50');
    placeLine(99.5);
    expect(status?.textContent).toBe('2 of 2 lines: 100.50 and 99.50');
    const lines = screen.getByRole('list', { name: 'Lines on the chart' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['100.50', '99.50']);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(status?.textContent).toMatch(/^Press Draw Line/);
  });

  it('has no timeframe switch and no context note without a 1-hour twin', async () => {
    renderZoneLesson(() => false);
    await chartReady();
    expect(screen.queryByRole('group', { name: 'Timeframe' })).toBeNull();
    expect(screen.queryByTestId('hourly-context-only')).toBeNull();
  });

  it('switches to the 1-hour twin, whose note says to mark the zone at 5 minutes', async () => {
    renderZoneLesson(() => false, true);
    await chartReady();
    const timeframes = screen.getByRole('group', { name: 'Timeframe' });
    const [fiveMinutes, hour] = within(timeframes).getAllByRole('button');
    expect(fiveMinutes?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(hour!);
    await waitFor(() => {
      expect(hour?.getAttribute('aria-pressed')).toBe('true');
    });
    expect(screen.getByTestId('hourly-context-only').textContent).toMatch(
      /use the 1hr view for context .* and mark the zone on the 5min chart\.$/,
    );
  });

  it('shows the refusal the server gives for a single line, as an alert', async () => {
    const { sent } = renderZoneLesson(() => false);
    await chartReady();
    placeLine(100.5);
    fireEvent.click(tryButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Draw two lines: one at each edge of the zone.',
    );
    expect(sent).toEqual([{ lesson: 41, lines: [100.5] }]);
  });

  it('shows the server’s grade and tries, and opens Skip once it shows the zone', async () => {
    const { sent } = renderZoneLesson(() => false);
    await chartReady();
    placeLine(100.5);
    placeLine(99.5);
    const skip = screen.getByRole('button', { name: 'Skip' });
    expect(skip.hasAttribute('disabled')).toBe(true);
    expect(skip.getAttribute('title')).toBe('Pass the exercise (or use up your tries) first');

    fireEvent.click(tryButton());
    await waitFor(() => {
      expect(grade().textContent).toBe(
        'Too high: move both lines down. 1 failed try · the zone shows after 2 more',
      );
    });
    expect(screen.getByTestId('exercise-feedback').textContent).toBe(
      'Too high: move both lines down.',
    );
    expect(screen.queryByRole('region', { name: 'The correct zone' })).toBeNull();

    fireEvent.click(tryButton());
    await screen.findByText('2 failed tries · the zone shows after 1 more');
    expect(skip.hasAttribute('disabled')).toBe(true);

    fireEvent.click(tryButton());
    const answer = await screen.findByRole('region', { name: 'The correct zone' });
    expect(grade().textContent).toBe('Too high: move both lines down. 3 failed tries');
    expect(within(answer).getByRole('heading').textContent).toBe('Demand zone: 99.10 – 99.60');
    expect(within(answer).getByText(EXPLANATION)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Skip' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    // The chart is loaded again with what came next: the replay is offered.
    await within(answer).findByRole('button', { name: 'Replay what price did next' });
    expect(sent.map((attempt) => attempt.lines)).toEqual([
      [100.5, 99.5],
      [100.5, 99.5],
      [100.5, 99.5],
    ]);
  });

  it('shows a pass without a try counter, the zone, and Next to the next lesson', async () => {
    const { calls } = renderZoneLesson((lines) => lines.every((price) => price < 99.7));
    await chartReady();
    placeLine(99.55);
    placeLine(99.15);
    fireEvent.click(tryButton());

    await screen.findByRole('region', { name: 'The correct zone' });
    expect(grade().textContent).toBe('Well done! Both lines are in the zone.');
    expect(grade().className).toContain('notice--success');
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(false);

    fireEvent.click(next);
    await screen.findByRole('heading', { name: 'The next lesson' });
    expect(calls).toContain('POST /users/update/');
  });
});

describe('lines pulled from an earlier lesson', () => {
  const pulledList = () => screen.getByRole('list', { name: 'Lines from an earlier chart' });
  const pulledPrices = () =>
    within(pulledList())
      .queryAllByRole('listitem')
      .map((item) => item.textContent);

  function renderPullingLesson(pulled: () => unknown) {
    const server = zoneServer(() => false);
    const lesson = lessonBody({
      exerciseKind: 'zone',
      title: 'Finding demand',
      path: '/validating-clean',
      pullLine: true,
      prev_chart: 18,
    });
    return renderLessonExercise(<ChartLessonExercise lesson={lesson} />, {
      ...server.routes,
      'GET /api/lessons/validating-clean/pulled-lines': pulled,
    });
  }

  it('draws the learner’s lines as the server keeps them, and says whose they are', async () => {
    const { calls } = renderPullingLesson(() => ({
      chart: 18,
      lines: [101.25, 100.75],
      source: 'answer',
    }));
    await chartReady();
    await waitFor(() => {
      expect(pulledPrices()).toEqual(['101.25', '100.75']);
    });
    expect(screen.getByTestId('pulled-lines-note').textContent).toBe(
      'The dashed lines are the zone you marked on the previous lesson’s chart.',
    );
    // The learner's own lines on this chart are a separate thing: none yet.
    expect(
      within(screen.getByRole('list', { name: 'Lines on the chart' })).queryAllByRole('listitem'),
    ).toEqual([]);
    expect(calls).toContain('GET /api/lessons/validating-clean/pulled-lines');
  });

  it('names the correct zone when that is what the server kept', async () => {
    renderPullingLesson(() => ({ chart: 18, lines: [99.6, 99.1], source: 'zone' }));
    await chartReady();
    expect((await screen.findByTestId('pulled-lines-note')).textContent).toMatch(
      /correct zone from the previous lesson’s chart, as it was shown to you/,
    );
    expect(pulledPrices()).toEqual(['99.60', '99.10']);
  });

  it('shows no lines and no note while nothing is kept, and keeps nothing in the browser', async () => {
    const { calls } = renderPullingLesson(() => ({ chart: 18, lines: [], source: null }));
    await chartReady();
    await waitFor(() => {
      expect(calls).toContain('GET /api/lessons/validating-clean/pulled-lines');
    });
    expect(pulledPrices()).toEqual([]);
    expect(screen.queryByTestId('pulled-lines-note')).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('offers the lines again when they fail to load, and the exercise works meanwhile', async () => {
    let failing = true;
    renderPullingLesson(() => {
      if (failing) throw new ApiError('Something went wrong on the server.', 500);
      return { chart: 18, lines: [101.25, 100.75], source: 'answer' };
    });
    await chartReady();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /^Could not load your lines from the previous lesson: Something went wrong on the server\./,
    );
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(pulledPrices()).toEqual(['101.25', '100.75']);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks nothing for a lesson that pulls no lines, nor saves any for the next one', async () => {
    const server = zoneServer((lines) => lines.every((price) => price < 99.7));
    const lesson = lessonBody({ exerciseKind: 'zone', title: 'Finding demand', pushLine: true });
    const { calls } = renderLessonExercise(<ChartLessonExercise lesson={lesson} />, server.routes);
    await chartReady();
    placeLine(99.55);
    placeLine(99.15);
    fireEvent.click(tryButton());
    await screen.findByRole('region', { name: 'The correct zone' });
    // The server keeps a pushing lesson's lines with the graded answer; the app sends only that.
    expect(calls.filter((call) => call.includes('pulled-lines'))).toEqual([]);
    expect(server.sent).toEqual([{ lesson: 41, lines: [99.55, 99.15] }]);
    expect(window.localStorage.getItem('userlines')).toBeNull();
  });
});
