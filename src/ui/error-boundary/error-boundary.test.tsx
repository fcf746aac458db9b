import type { ReactNode } from 'react';
import { fireEvent, render as renderBare, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './index';
import { t } from '../../../tests/support/components-i18n';

// The fallback links to the timetable: it lives inside the app's router.
const render = (ui: ReactNode) => {
  const result = renderBare(<MemoryRouter>{ui}</MemoryRouter>);
  return { ...result, rerender: (next: ReactNode) => result.rerender(<MemoryRouter>{next}</MemoryRouter>) };
};

function Boom({ fail = true }: { fail?: boolean }): ReactNode {
  if (fail) throw new Error('secret stack detail');
  return <p>Recovered</p>;
}

describe('ErrorBoundary', () => {
  // React logs caught render errors to the console; keep the test output readable.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('shows the friendly text, Reload and Go to the timetable, never the error', () => {
    const onError = vi.fn();
    render(
      <ErrorBoundary onError={onError}>
        <Boom />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: t('errors.boundaryTitle') })).toBeTruthy();
    expect(alert.textContent).toContain(t('errors.boundaryBody'));
    expect(alert.textContent).not.toContain('secret stack detail');
    expect(document.body.textContent).not.toContain('secret stack detail');
    expect(screen.getByRole('button', { name: t('errors.reload') })).toBeTruthy();
    expect(screen.getByRole('link', { name: t('errors.toTimetable') }).getAttribute('href')).toBe('/classes');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('reloads the page from the button', () => {
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
    try {
      render(
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>,
      );
      fireEvent.click(screen.getByRole('button', { name: t('errors.reload') }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('retries its children when resetKey changes', () => {
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Boom />
      </ErrorBoundary>,
    );
    rerender(
      <ErrorBoundary resetKey="/b">
        <Boom fail={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Recovered')).toBeTruthy();
  });
});
