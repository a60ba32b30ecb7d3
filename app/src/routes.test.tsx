import { render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { createTestRouter } from './routes.js';

function renderAt(path: string) {
  render(<RouterProvider router={createTestRouter(path)} />);
}

describe('routes', () => {
  it('shows the landing headline and a Login link at /', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Practice S&D Trading Interactively',
    );
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('shows the 404 page for an unknown path', () => {
    renderAt('/no-such-page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 Page Not Found');
    expect(screen.getByRole('link', { name: 'Back to the start page' }).getAttribute('href')).toBe(
      '/',
    );
  });
});
