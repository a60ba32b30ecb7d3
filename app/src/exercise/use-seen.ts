import { useCallback, useEffect, useState } from 'react';

/**
 * Whether the element given to the returned ref has been seen: true once any of it is in the
 * window or the reader scrolls (at once where the browser has no IntersectionObserver, or when
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
    if (node && isInWindow(node)) setSeen(true);
  }, []);
  useEffect(() => {
    if (seen || !element) return;
    const load = () => setSeen(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load();
    });
    observer.observe(element);
    window.addEventListener('scroll', load, { once: true, passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', load);
    };
  }, [element, seen]);
  return [seen, ref];
}

/** Some of the element is inside the window's viewport (a chart in the first screen). */
function isInWindow(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.height > 0 && box.top < window.innerHeight && box.bottom > 0;
}
