// A screen that throws while rendering shows the error screen (never a blank page) and is reported;
// Go to the timetable leaves it, and the timetable shows.
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from './RouteBoundary';
import { handOver, resetEarlyCapture, type Caught } from '../features/reports/early';
import { t } from '../../tests/support/components-i18n';

function Broken(): never {
  // As a screen whose stored row lost a field would.
  throw new TypeError("Cannot read properties of undefined (reading 'name')");
}

describe('the error screen of a route', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => {
    vi.restoreAllMocks();
    resetEarlyCapture();
  });

  it('shows Something went wrong with Reload and Go to the timetable, reports the render error, and leaves for the timetable', () => {
    const taken: Caught[] = [];
    handOver((caught) => taken.push(caught));
    render(
      <MemoryRouter initialEntries={['/classes/12']}>
        <Routes>
          <Route path="/classes/:id" element={<RouteBoundary><Broken /></RouteBoundary>} />
          <Route path="/classes" element={<RouteBoundary><h1>Timetable</h1></RouteBoundary>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: t('errors.boundaryTitle') })).toBeTruthy();
    expect(screen.getByRole('button', { name: t('errors.reload') })).toBeTruthy();
    expect(document.body.textContent).not.toContain('reading');
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ kind: 'render', path: '/', componentStack: expect.stringContaining('Broken') });
    expect((taken[0]!.error as Error).message).toContain("reading 'name'");

    fireEvent.click(screen.getByRole('link', { name: t('errors.toTimetable') }));
    expect(screen.getByRole('heading', { name: 'Timetable' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('errors.reload') })).toBeNull();
  });
});
