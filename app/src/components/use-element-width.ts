import { useEffect, useState } from 'react';

/** The element's content width in CSS pixels, followed as it resizes, at most `max`. */
export function useElementWidth(element: HTMLElement | null, max: number): number {
  const [width, setWidth] = useState(max);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.min(max, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [element, max]);
  return width;
}
