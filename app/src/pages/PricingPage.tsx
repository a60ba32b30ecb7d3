import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { BillingPlan } from '../api/index.js';
import { courseQueries, loadErrorOf } from '../api/queries.js';
import { AppHeader } from '../components/AppHeader.js';
import { LoadingState } from '../components/LoadingState.js';
import { Modal } from '../components/Modal.js';
import { Notice } from '../components/Notice.js';
import { useAsyncAction } from '../components/use-async-action.js';
import { useCourseRules } from '../course/course-rules.js';
import { practiceChartsOffer } from '../course/practice-offer.js';
import { useSubscription } from '../session/RouteGate.js';
import { useApi } from '../session/session-context.js';

export const CANCELED_NOTICE = 'successfully canceled ProPlan subscription';
export const TEST_MODE_NOTICE = 'Test mode — no card is charged';
export const RESUMED_NOTICE = 'Your Pro Plan is active again and renews every month.';

/** "31 January 2026" for the server's YYYY-MM-DD (a UTC day, shown as that day everywhere). */
export function formatPlanEnd(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function formatPlanPrice(plan: Pick<BillingPlan, 'amount' | 'currency'>): string {
  return `${(plan.amount / 100).toFixed(2)} ${plan.currency.toUpperCase()}`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function PricingPage() {
  const api = useApi();
  const location = useLocation();
  const { subscribed, endsOn, recheck } = useSubscription();
  const { rules } = useCourseRules();
  const planQuery = useQuery(courseQueries.billingPlan(api));
  const plan = planQuery.data;
  const [notice, setNotice] = useState<string>();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const action = useAsyncAction();
  const { busy, run } = action;
  // One notice for what went wrong: the last action's failure, or else the plan's.
  const error = action.error ?? loadErrorOf(planQuery);
  const checkoutCancelled = new URLSearchParams(location.search).get('checkout') === 'cancelled';

  function subscribe() {
    if (!plan) return;
    void run(
      async () => {
        const { url } = await api.startCheckout(plan.priceId);
        window.location.assign(url);
      },
      { keepBusyOnSuccess: true },
    );
  }

  function cancel() {
    setConfirmingCancel(false);
    setNotice(undefined);
    void run(async () => {
      const answer = await api.cancelPlan();
      if (answer.message) setNotice(CANCELED_NOTICE);
      recheck();
    });
  }

  function resume() {
    setNotice(undefined);
    void run(async () => {
      await api.resumePlan();
      setNotice(RESUMED_NOTICE);
      recheck();
    });
  }

  return (
    <>
      <AppHeader />
      <main className="pricing">
        <h1>Pricing</h1>
        <div className="page-notices">
          {checkoutCancelled && (
            <Notice tone="info">Checkout was cancelled: nothing was charged.</Notice>
          )}
          {notice && <Notice tone="success">{notice}</Notice>}
          {error && <Notice tone="error">{error}</Notice>}
        </div>
        {!plan && !error && <LoadingState label="Loading the plan" />}
        {plan && (
          <article className="plan-card" aria-labelledby="plan-name">
            {plan.testMode && <p className="plan-card__test-mode">{TEST_MODE_NOTICE}</p>}
            <h2 id="plan-name">{plan.name}</h2>
            <p className="plan-card__price">
              <span className="plan-card__amount">{formatPlanPrice(plan)}</span> a {plan.interval}
            </p>
            <ul className="plan-card__features">
              <li>Every lesson of the six modules</li>
              <li>Graded chart exercises with explanations and replays</li>
              <li>{capitalized(practiceChartsOffer(rules))}</li>
            </ul>
            {subscribed && endsOn ? (
              <>
                <p className="plan-card__status" data-testid="plan-ends">
                  Your {plan.name} is canceled. It ends on {formatPlanEnd(endsOn)}; until then every
                  lesson stays open.
                </p>
                <button
                  type="button"
                  className="button button--primary button--block"
                  onClick={resume}
                  disabled={busy}
                >
                  Resume plan
                </button>
              </>
            ) : subscribed ? (
              <>
                <p className="plan-card__status">You have the {plan.name}.</p>
                <button
                  type="button"
                  className="link-button plan-card__cancel"
                  onClick={() => setConfirmingCancel(true)}
                  disabled={busy}
                >
                  cancel plan
                </button>
                <Modal
                  open={confirmingCancel}
                  title={`Cancel your ${plan.name}?`}
                  onClose={() => setConfirmingCancel(false)}
                >
                  <p>
                    It stays active until the end of the month you paid for, and you can resume it
                    until then. After that only the free lessons stay open.
                  </p>
                  <div className="modal__actions">
                    {/* First, so the dialog opens on the choice that changes nothing. */}
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => setConfirmingCancel(false)}
                    >
                      Keep my plan
                    </button>
                    <button type="button" className="button button--ghost" onClick={cancel}>
                      Yes, cancel it
                    </button>
                  </div>
                </Modal>
              </>
            ) : (
              <button
                type="button"
                className="button button--primary button--block"
                onClick={subscribe}
                disabled={busy}
              >
                Subscribe
              </button>
            )}
          </article>
        )}
      </main>
    </>
  );
}
