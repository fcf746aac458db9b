// The profile form holds its fields to the server's limits, so an edit saved offline is not
// refused later when it is sent; changing the sign-in email asks for the current password and a
// connection (online only, never queued).
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next, { type ParseKeys } from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_MAX, EMAIL_MAX, EMERGENCY_CONTACT_MAX, PHONE_MAX } from '../../../../core/limits';
import { makeAccount, makeProfile } from '../../../../tests/support/data-helpers';
import type { Member } from '../../../../core/contract/types';
import { ApiError } from '../../../data/api/errors';

const member: Member = { id: 3, short_id: 'm3', org_id: 1, first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com', phone: null, address: null, birthday: null, emergency_contact: null };
const { updateProfile, changeSignInEmail, navigate, connection } = vi.hoisted(() => ({
  updateProfile: vi.fn(),
  changeSignInEmail: vi.fn(),
  navigate: vi.fn(),
  connection: { online: true },
}));

vi.mock('../../../data/hooks/auth', () => ({
  useProfile: () => makeProfile(1),
  useMember: () => member,
  useCurrentAccount: () => makeAccount(1),
}));
vi.mock('../commands/profile', () => ({ updateProfile }));
vi.mock('../commands/email', () => ({ changeSignInEmail }));
vi.mock('../commands/member', () => ({ updateMember: vi.fn() }));
vi.mock('../../../ui/use-online', () => ({ useOnline: () => connection.online }));
vi.mock('react-router', () => ({ useNavigate: () => navigate }));

const { default: ProfileEditScreen } = await import('./ProfileEditScreen');

const text = (key: ParseKeys<'profile'>): string => i18next.t(key, { ns: 'profile' });
const input = (container: HTMLElement, id: string) => container.querySelector(`#profile-${id}`) as HTMLInputElement;
const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
  });

describe('ProfileEditScreen', () => {
  beforeEach(() => {
    updateProfile.mockReset();
    changeSignInEmail.mockReset();
    navigate.mockReset();
    connection.online = true;
  });

  it("limits email, phone, address and emergency contact to the server's lengths", () => {
    const { container } = render(<ProfileEditScreen />);
    const maxOf = (id: string) => input(container, id).maxLength;
    expect(maxOf('email')).toBe(EMAIL_MAX);
    expect(maxOf('phone')).toBe(PHONE_MAX);
    expect(maxOf('address')).toBe(ADDRESS_MAX);
    expect(maxOf('emergency_contact')).toBe(EMERGENCY_CONTACT_MAX);
    expect(screen.getByRole('button', { name: /save/i })).toBeTruthy();
  });

  it('refuses a name with a tab or a line break with a translated message, and saves nothing', async () => {
    const { container } = render(<ProfileEditScreen />);
    const first = input(container, 'first_name');
    // A text field drops typed line breaks but keeps a pasted tab; a line break can still come from script.
    fireEvent.change(first, { target: { value: 'Alex\tRivera' } });
    await save();
    expect(screen.getByText(text('profile.nameOneLine'))).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('with the email unchanged asks no password and queues the edit without the email (works offline)', async () => {
    connection.online = false;
    const { container } = render(<ProfileEditScreen />);
    expect(input(container, 'current_password')).toBeNull();
    fireEvent.change(input(container, 'first_name'), { target: { value: 'Alexa' } });
    // The same address in other letters is no change.
    fireEvent.change(input(container, 'email'), { target: { value: ' MEMBER1@example.com ' } });
    await save();
    expect(changeSignInEmail).not.toHaveBeenCalled();
    expect(updateProfile).toHaveBeenCalledTimes(1);
    expect(updateProfile.mock.calls[0]![0]).toMatchObject({ first_name: 'Alexa', full_name: 'Alexa Example' });
    expect(updateProfile.mock.calls[0]![0]).not.toHaveProperty('email');
    expect(navigate).toHaveBeenCalledWith('/profile');
  });

  it('asks for the current password when the email changes, and refuses to save without it', async () => {
    const { container } = render(<ProfileEditScreen />);
    fireEvent.change(input(container, 'email'), { target: { value: 'alex.new@example.com' } });
    const password = input(container, 'current_password');
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    expect(screen.getByText(text('profile.currentPasswordHint'))).toBeTruthy();
    await save();
    expect(screen.getByText(text('profile.currentPasswordRequired'))).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(changeSignInEmail).not.toHaveBeenCalled();
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('changes the email online with the password first, then queues the other fields', async () => {
    const order: string[] = [];
    changeSignInEmail.mockImplementation(async () => void order.push('email'));
    updateProfile.mockImplementation(async () => void order.push('profile'));
    const { container } = render(<ProfileEditScreen />);
    fireEvent.change(input(container, 'email'), { target: { value: ' alex.new@example.com ' } });
    fireEvent.change(input(container, 'current_password'), { target: { value: 'my password' } });
    fireEvent.change(input(container, 'last_name'), { target: { value: 'Rivera' } });
    await save();
    expect(changeSignInEmail).toHaveBeenCalledWith('alex.new@example.com', 'my password');
    expect(order).toEqual(['email', 'profile']);
    expect(updateProfile.mock.calls[0]![0]).not.toHaveProperty('email');
    expect(updateProfile.mock.calls[0]![0]).toMatchObject({ last_name: 'Rivera' });
    expect(navigate).toHaveBeenCalledWith('/profile');
  });

  it('shows the server’s refusal of a wrong password at the password, and saves nothing else', async () => {
    changeSignInEmail.mockRejectedValue(new ApiError(403, { code: 'current_password_wrong', message: 'Your current password is not correct.' }));
    const { container } = render(<ProfileEditScreen />);
    fireEvent.change(input(container, 'email'), { target: { value: 'alex.new@example.com' } });
    fireEvent.change(input(container, 'current_password'), { target: { value: 'a guess' } });
    await save();
    expect(screen.getByTestId('profile-current_password-error').textContent).toBe(i18next.t('errors.codes.current_password_wrong'));
    expect(updateProfile).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('offline, says an email change needs a connection and saves nothing', async () => {
    connection.online = false;
    const { container } = render(<ProfileEditScreen />);
    fireEvent.change(input(container, 'email'), { target: { value: 'alex.new@example.com' } });
    fireEvent.change(input(container, 'current_password'), { target: { value: 'my password' } });
    await save();
    expect(screen.getByTestId('profile-email-error').textContent).toBe(text('profile.emailNeedsConnection'));
    expect(changeSignInEmail).not.toHaveBeenCalled();
    expect(updateProfile).not.toHaveBeenCalled();
  });
});
