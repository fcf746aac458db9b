// The profile form holds its fields to the server's limits, so an edit saved offline is not
// refused later when it is sent.
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ADDRESS_MAX, EMAIL_MAX, EMERGENCY_CONTACT_MAX, PHONE_MAX } from '../../../../core/limits';
import { makeAccount, makeProfile } from '../../../../tests/support/data-helpers';
import type { Member } from '../../../../core/contract/types';

const member: Member = { id: 3, short_id: 'm3', org_id: 1, first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com', phone: null, address: null, birthday: null, emergency_contact: null };

vi.mock('../../../data/hooks/auth', () => ({
  useProfile: () => makeProfile(1),
  useMember: () => member,
  useCurrentAccount: () => makeAccount(1),
}));
const { updateProfile } = vi.hoisted(() => ({ updateProfile: vi.fn() }));
vi.mock('../commands/profile', () => ({ updateProfile }));
vi.mock('../commands/member', () => ({ updateMember: vi.fn() }));
vi.mock('react-router', () => ({ useNavigate: () => vi.fn() }));

const { default: ProfileEditScreen } = await import('./ProfileEditScreen');

describe('ProfileEditScreen', () => {
  it("limits email, phone, address and emergency contact to the server's lengths", () => {
    const { container } = render(<ProfileEditScreen />);
    const maxOf = (id: string) => (container.querySelector(`#profile-${id}`) as HTMLInputElement).maxLength;
    expect(maxOf('email')).toBe(EMAIL_MAX);
    expect(maxOf('phone')).toBe(PHONE_MAX);
    expect(maxOf('address')).toBe(ADDRESS_MAX);
    expect(maxOf('emergency_contact')).toBe(EMERGENCY_CONTACT_MAX);
    expect(screen.getByRole('button', { name: /save/i })).toBeTruthy();
  });

  it('refuses a name with a tab or a line break with a translated message, and saves nothing', async () => {
    const { container } = render(<ProfileEditScreen />);
    const first = container.querySelector('#profile-first_name') as HTMLInputElement;
    // A text field drops typed line breaks but keeps a pasted tab; a line break can still come from script.
    fireEvent.change(first, { target: { value: 'Alex\tRivera' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /save/i }));
    });
    expect(screen.getByText(i18next.t('profile:profile.nameOneLine'))).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(updateProfile).not.toHaveBeenCalled();
  });
});
