import { useAnalytics } from '../analytics/analytics-context.js';

/** What the course counts about its visitors and learners, said plainly on the landing page. */
export function PrivacyNote() {
  const analytics = useAnalytics();
  return (
    <section className="landing__privacy" aria-labelledby="privacy-title">
      <h2 id="privacy-title">Privacy: what we count</h2>
      <p>
        To find the exercises that are too hard and the pages where learners stop, the course counts
        how it is used. It does this itself: no third-party script, no advertising, nothing sold or
        shared.
      </p>
      <ul>
        <li>
          <strong>What:</strong> the pages you open (the address only, never what follows a “?”),
          your demo and exercise answers (tries, passes, answers shown), replays started, time spent
          on an exercise while the page is visible, practice charts done, and when you register,
          start or complete a subscription, or cancel it.
        </li>
        <li>
          <strong>Who:</strong> a random id kept in this browser’s storage. Once you log in, it is
          linked to your account. Your email address, IP address and browser are not part of these
          records.
        </li>
        <li>
          <strong>How long:</strong> the detailed records are kept for 90 days (unless the course
          sets another period), then only daily totals remain.
        </li>
        <li>
          <strong>Your choice:</strong> with Do Not Track or Global Privacy Control switched on in
          your browser, nothing is counted at all.
        </li>
      </ul>
      {!analytics.enabled && (
        <p className="muted" data-testid="tracking-off">
          Your browser asks not to be tracked, so nothing is counted on this device.
        </p>
      )}
    </section>
  );
}
