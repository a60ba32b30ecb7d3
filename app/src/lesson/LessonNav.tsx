import type { ReactNode } from 'react';

interface LessonNavProps {
  pageLabel: string;
  onBack: () => void;
  /** The forward button (Next, Skip or a disabled Skip). */
  forward: ReactNode;
  extra?: ReactNode;
}

/** "Page 3 of 9" for the n/m labels, the label itself otherwise (e.g. "Practice"). */
export function pageText(label: string): string {
  const match = /^(\d+)\/(\d+)$/.exec(label);
  return match ? `Page ${match[1]} of ${match[2]}` : label;
}

export function LessonNav({ pageLabel, onBack, forward, extra }: LessonNavProps) {
  return (
    <nav className="lesson-nav" aria-label="Lesson pages">
      <button type="button" className="button button--ghost" onClick={onBack}>
        Back
      </button>
      <span className="lesson-nav__page">{pageText(pageLabel)}</span>
      <span className="lesson-nav__forward">
        {extra}
        {forward}
      </span>
    </nav>
  );
}
