import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface SiteHeaderProps {
  /** Links shown on the right; the brand on the left always leads home. */
  children?: ReactNode;
}

export function SiteHeader({ children }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <Link to="/" className="site-header__brand" aria-label="S&D Trading Course, home">
        <span className="site-header__logo" aria-hidden="true" />
        S&amp;D Trading
      </Link>
      <nav className="site-header__nav" aria-label="Main">
        {children}
      </nav>
    </header>
  );
}
