import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SiteHeader } from './SiteHeader.js';

interface AuthLayoutProps {
  title: string;
  children: ReactNode;
}

/** The frame of the login, register and password pages: one centred card. */
export function AuthLayout({ title, children }: AuthLayoutProps) {
  return (
    <>
      <SiteHeader>
        <Link to="/login" className="button button--ghost">
          Login
        </Link>
        <Link to="/register" className="button button--primary">
          Register
        </Link>
      </SiteHeader>
      <main className="auth">
        <section className="auth__card">
          <h1 className="auth__title">{title}</h1>
          {children}
        </section>
      </main>
    </>
  );
}
