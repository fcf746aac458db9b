// The top bar's offline chip says how old the screen's data is when the screen says (ui/data-age.ts):
// the time today, the weekday too before today, nothing when the screen does not know.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataAgeLabel, useShowsDataFrom } from '../../ui/data-age';
import { createFormatter } from '../../i18n/format';
import { OfflineBanner } from './OfflineBanner';

const format = createFormatter('en-US', 'Pacific/Auckland');
const NOW = Date.parse('2026-11-28T01:00:00Z'); // Sat 14:00 in Auckland

function Screen({ at }: { at?: number }) {
  useShowsDataFrom(at === undefined ? undefined : dataAgeLabel(format, at, NOW));
  return <OfflineBanner />;
}

describe('OfflineBanner', () => {
  afterEach(() => vi.restoreAllMocks());
  const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

  it('offline, says when the data on screen was fetched: the time today, with the weekday before', () => {
    offline();
    const { rerender } = render(<Screen at={Date.parse('2026-11-27T18:44:00Z')} />);
    expect(screen.getByTestId('data-age').textContent).toBe('updated 7:44 AM');
    expect(screen.getByTestId('offline-banner').textContent).toContain('Showing data saved 7:44 AM: you are offline');
    rerender(<Screen at={Date.parse('2026-11-26T18:44:00Z')} />);
    expect(screen.getByTestId('data-age').textContent).toBe('updated Fri 7:44 AM');
  });

  it('says nothing of the age when the screen does not know it, and nothing at all online', () => {
    const spy = offline();
    const { rerender } = render(<Screen />);
    expect(screen.queryByTestId('data-age')).toBeNull();
    expect(screen.getByTestId('offline-banner').textContent).toContain('Showing saved data: you are offline');
    spy.mockReturnValue(true);
    rerender(<Screen at={NOW} />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
