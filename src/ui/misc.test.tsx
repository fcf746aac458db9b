import type { ParseKeys } from 'i18next';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar/index';
import { EmptyState } from './empty-state/index';
import { Icon, BellIcon, iconPaths } from './icon/index';
import { PageHeader } from './page-header/index';
import { Spinner } from './spinner/index';
import { TabNav } from './tabs/index';
import { t } from '../../tests/support/components-i18n';

describe('Icon', () => {
  it('is hidden from assistive tech by default', () => {
    const { container } = render(<BellIcon />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('focusable')).toBe('false');
  });

  it('becomes an image with a name when titled', () => {
    render(<Icon name="cloud-off" title="Offline" />);
    expect(screen.getByRole('img', { name: 'Offline' })).toBeTruthy();
  });

  it('has every icon the shell needs', () => {
    for (const name of ['bell', 'menu', 'close', 'user', 'calendar', 'check', 'chevron-left', 'chevron-right', 'cloud-off', 'refresh', 'settings', 'dumbbell', 'list', 'home', 'logout', 'globe']) {
      expect(Object.hasOwn(iconPaths, name)).toBe(true);
    }
  });
});

describe('Avatar', () => {
  it('shows the image with the name as alt text', () => {
    render(<Avatar src="/a.png" name="Ana López" />);
    expect(screen.getByRole('img', { name: 'Ana López' }).tagName).toBe('IMG');
  });

  it('falls back to initials when the image fails', () => {
    render(<Avatar src="/broken.png" name="Ana María López" />);
    fireEvent.error(screen.getByRole('img'));
    const fallback = screen.getByRole('img', { name: 'Ana María López' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.textContent).toBe('AL');
  });

  it('shows an icon without a name, and is decorative with alt=""', () => {
    const { container } = render(<Avatar alt="" />);
    expect(container.querySelector('[aria-hidden="true"] svg')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('computes initials', () => {
    expect(initialsOf('maría')).toBe('M');
    expect(initialsOf('  Tūī  Ngata ')).toBe('TN');
    expect(initialsOf('')).toBe('');
    expect(initialsOf(null)).toBe('');
  });
});

describe('EmptyState', () => {
  it('renders icon, title, body and action', () => {
    render(
      <EmptyState icon="calendar" title="No bookings" body="Book a class to see it here." action={<button type="button">Browse classes</button>} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No bookings' })).toBeTruthy();
    expect(screen.getByText('Book a class to see it here.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Browse classes' })).toBeTruthy();
  });
});

describe('Spinner', () => {
  it('announces loading by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe(t('app.loading'));
  });

  it('is silent when decorative', () => {
    render(<Spinner decorative />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('PageHeader', () => {
  it('renders the h1, subtitle and actions', () => {
    render(<PageHeader title="My bookings" subtitle="Next 2 weeks" actions={<button type="button">Refresh</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'My bookings' })).toBeTruthy();
    expect(screen.getByText('Next 2 weeks')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });
});

describe('TabNav', () => {
  it('marks the current route with aria-current', () => {
    render(
      <MemoryRouter initialEntries={['/classes/7/workouts']}>
        <TabNav
          label="Class"
          items={[
            { to: '/classes/7', label: 'Overview', end: true },
            { to: '/classes/7/workouts', label: 'Workouts' },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('navigation', { name: 'Class' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Workouts' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('translation keys used by the components', () => {
  it('all exist in en-US', () => {
    const keys: ParseKeys<'shell'>[] = ['common.close', 'common.cancel', 'common.ok', 'common.dismiss', 'app.loading', 'errors.unexpected', 'errors.network', 'errors.boundaryTitle', 'errors.boundaryBody', 'errors.reload'];
    for (const key of keys) expect(t(key), key).not.toBe(key);
  });
});
