import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createCourseApi } from '../api/index.js';
import { RouteGate } from '../session/RouteGate.js';
import { fakeHttp } from '../../test/fake-http.js';
import { withCourse } from '../../test/query-client.js';
import { CANCELED_NOTICE, PricingPage } from './PricingPage.js';

function renderPricing() {
  let endsOn: string | null = null;
  const fake = fakeHttp({
    'POST /api/auth/': () => ({ email: 'learner@example.com' }),
    'GET /api/stripe/isSub': () => ({ subscription: true, endsOn }),
    'GET /api/billing/plan': () => ({
      name: 'Pro Plan',
      amount: 1499,
      currency: 'usd',
      interval: 'month',
      priceId: 'price_pro',
      testMode: true,
    }),
    'POST /stripe/cancel': () => {
      endsOn = '2026-12-31';
      return { message: 'Your Pro Plan is canceled.' };
    },
  });
  render(
    withCourse(
      createCourseApi(fake.http),
      <MemoryRouter initialEntries={['/pricing']}>
        <Routes>
          <Route element={<RouteGate />}>
            <Route path="/pricing" element={<PricingPage />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    ),
  );
  return fake;
}

describe('PricingPage', () => {
  beforeEach(() => {
    document.cookie = 'signed_in=1; path=/';
  });
  afterEach(() => {
    document.cookie = 'signed_in=; Max-Age=0; path=/';
  });

  it('asks before it cancels the plan, and keeps it when the learner says so', async () => {
    const { calls } = renderPricing();
    const cancelLink = await screen.findByRole('button', { name: 'cancel plan' });
    act(() => cancelLink.click());
    const dialog = screen.getByRole('dialog', { name: 'Cancel your Pro Plan?' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.textContent).toBe('Keep my plan');
    act(() => screen.getByRole('button', { name: 'Keep my plan' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).not.toContain('POST /stripe/cancel');

    act(() => screen.getByRole('button', { name: 'cancel plan' }).click());
    act(() => screen.getByRole('button', { name: 'Yes, cancel it' }).click());
    expect(await screen.findByText(CANCELED_NOTICE)).toBeDefined();
    expect(calls.filter((call) => call === 'POST /stripe/cancel')).toHaveLength(1);
    expect(await screen.findByTestId('plan-ends')).toBeDefined();
  });
});
