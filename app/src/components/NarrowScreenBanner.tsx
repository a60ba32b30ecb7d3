import { useEffect, useState } from 'react';
import { Notice } from './Notice.js';

export const NARROW_SCREEN_MESSAGE =
  'Darn, so close! For optimal experience please visit this page on a laptop or desktop device.';
const NARROW_QUERY = '(max-width: 760px)';

function matchesNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
}

/** The spec's narrow-screen notice, as a banner the learner can dismiss (the app still works). */
export function NarrowScreenBanner() {
  const [narrow, setNarrow] = useState(matchesNarrow);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(NARROW_QUERY);
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  if (!narrow || dismissed) return null;
  return (
    // A landmark of its own, so no content of the page sits outside one (screen readers list it).
    <aside className="narrow-banner" aria-label="Screen size">
      <Notice tone="info" onDismiss={() => setDismissed(true)}>
        {NARROW_SCREEN_MESSAGE}
      </Notice>
    </aside>
  );
}
