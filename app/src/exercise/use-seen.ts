import { useCallback, useEffect, useState } from 'react';

/** The share of the chart's box that must be on screen before it loads without a scroll. */
const VISIBLE_SHARE = 0.1;

/**
 * Whether the element given to the returned ref has been seen: true once a tenth of it is on
 * screen or the reader scrolls (at once where the browser has no IntersectionObserver, or when
 * `enabled` is false). A visitor who reads the landing page's headline and goes to register never
 * downloads or starts its demo chart; one who scrolls starts loading it with the first scroll,
 * before it is in view.
 */
export function useSeen(enabled: boolean): [boolean, (element: HTMLElement | null) => void] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [seen, setSeen] = useState(() => !enabled || typeof IntersectionObserver === 'undefined');
  // An element already in the first screen counts as seen when it is attached, before the first
  // paint: the observer answers only at a later frame, which put the landing demo's chart code
  // behind its data.
  const ref = useCallback((node: HTMLElement | null) => {
    setElement(node);
    if (node && visibleShare(node) >= VISIBLE_SHARE) setSeen(true);
  }, []);
  useEffect(() => {
    if (seen || !element) return;
    const load = () => setSeen(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio >= VISIBLE_SHARE)) load();
      },
      { threshold: VISIBLE_SHARE },
    );
    observer.observe(element);
    window.addEventListener('scroll', load, { once: true, passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', load);
    };
  }, [element, seen]);
  return [seen, ref];
}

/** The share of the element's height inside the window's viewport, 0 to 1. */
function visibleShare(element: HTMLElement): number {
  const box = element.getBoundingClientRect();
  if (box.height <= 0) return 0;
  const shown = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  return Math.max(0, shown) / box.height;
}
