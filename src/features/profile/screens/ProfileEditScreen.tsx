// Edits go through the outbox like every write: saved on the device at once, sent when online.
// Except the sign-in email: changing it needs the current password and a connection, and is sent
// at once, before the other fields are queued (docs/decisions.md#changing-the-sign-in-email).
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { useCurrentAccount, useMember, useProfile } from '../../../data/hooks/auth';
import { updateProfile } from '../commands/profile';
import { updateMember } from '../commands/member';
import { changeSignInEmail } from '../commands/email';
import { validateProfile, type ProfileErrors } from '../../../domain/forms';
import type { Member, Profile } from '../../../../core/contract/types';
import { useCommand } from '../../../ui/use-command';
import { useOnline } from '../../../ui/use-online';
import { describeError } from '../../../ui/describe-error';
import { ApiError } from '../../../data/api/errors';
import { ADDRESS_MAX, EMAIL_MAX, EMERGENCY_CONTACT_MAX, PHONE_MAX } from '../../../../core/limits';
import type { ParseKeys } from 'i18next';
import { Button } from '../../../ui/button/index';
import { Field } from '../../../ui/field/index';

// The server's limits: an edit saved offline must not be refused when it is sent. Names are
// checked with a message instead (validateProfile).
const MAX_LENGTH: Partial<Record<string, number>> = { email: EMAIL_MAX, phone: PHONE_MAX, address: ADDRESS_MAX, emergency_contact: EMERGENCY_CONTACT_MAX };

export default function ProfileEditScreen() {
  const title = usePageTitle('titles.profileEdit');
  const profile = useProfile();
  const member = useMember();
  const account = useCurrentAccount();
  if (!profile) return null;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <ProfileForm key={`${profile.id}-${member?.id ?? 'none'}`} profile={profile} member={member} orgName={account?.org.name} />
    </section>
  );
}

/** The server compares addresses trimmed and in lower case. */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function ProfileForm({ profile, member, orgName }: { profile: Profile; member?: Member; orgName?: string }) {
  const { t } = useTranslation('profile');
  const { t: shellT } = useTranslation();
  const navigate = useNavigate();
  const run = useCommand();
  const online = useOnline();
  const [password, setPassword] = useState('');
  // The server's refusals of the email change, in words, at the field they are about.
  const [refused, setRefused] = useState<{ email?: string; current_password?: string }>({});
  const [values, setValues] = useState({
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    track_training: profile.track_training,
    phone: member?.phone ?? '',
    address: member?.address ?? '',
    emergency_contact: member?.emergency_contact ?? '',
  });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const set = (field: keyof typeof values) => (value: string | boolean) => setValues((v) => ({ ...v, [field]: value }));

  const emailChanged = !sameEmail(values.email, profile.email);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateProfile(values);
    if (emailChanged && !problems.email) {
      if (!online) problems.email = 'profile.emailNeedsConnection';
      else if (!password) problems.current_password = 'profile.currentPasswordRequired';
    }
    setErrors(problems);
    setRefused({});
    if (Object.keys(problems).length > 0) return;
    const result = await run(async () => {
      // The email first: refused, nothing else is saved and the form says why.
      if (emailChanged) await changeSignInEmail(values.email.trim(), password);
      await updateProfile({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        full_name: `${values.first_name.trim()} ${values.last_name.trim()}`,
        track_training: values.track_training,
      });
      if (member) {
        await updateMember({
          phone: values.phone.trim() || null,
          address: values.address.trim() || null,
          emergency_contact: values.emergency_contact.trim() || null,
        });
      }
    }, {
      loading: t('common.saving'),
      success: t('profile.updated'),
      // errors.codes.email_taken speaks of accepting an invitation; here it is the profile's email.
      describe: (error) => (error instanceof ApiError && error.code === 'email_taken' ? t('profile.emailTaken') : undefined),
    });
    if (result.ok) navigate('/profile');
    else if (!result.cancelled && result.error instanceof ApiError) {
      const code = result.error.code;
      if (code === 'current_password_wrong' || code === 'current_password_required') setRefused({ current_password: describeError(result.error, shellT) });
      else if (code === 'email_taken') setRefused({ email: t('profile.emailTaken') });
    }
  }

  const field = (name: 'first_name' | 'last_name' | 'email' | 'phone' | 'address' | 'emergency_contact', labelKey: ParseKeys<'profile'>, type = 'text', autoComplete?: string) => {
    const error = errors[name as keyof ProfileErrors];
    return (
      <Field key={name} id={`profile-${name}`} label={t(labelKey)} error={error ? t(error) : refused[name as keyof typeof refused]}>
        {(aria) => (
          <input {...aria} className="input" type={type} autoComplete={autoComplete} maxLength={MAX_LENGTH[name]}
            value={values[name]} onChange={(e) => set(name)(e.target.value)} />
        )}
      </Field>
    );
  };

  return (
    <form className="form card" onSubmit={submit} noValidate>
      {field('first_name', 'profile.firstName', 'text', 'given-name')}
      {field('last_name', 'profile.lastName', 'text', 'family-name')}
      {field('email', 'profile.email', 'email', 'email')}
      {emailChanged && (
        <Field id="profile-current_password" label={t('profile.currentPassword')} hint={t('profile.currentPasswordHint')}
          error={errors.current_password ? t(errors.current_password) : refused.current_password}>
          {(aria) => <input {...aria} className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
      )}
      <div className="field field--check">
        <input id="profile-track" type="checkbox" checked={values.track_training} onChange={(e) => set('track_training')(e.target.checked)} aria-describedby="profile-track-hint" />
        <label htmlFor="profile-track">{t('profile.trackTraining')}</label>
        <p id="profile-track-hint" className="field__hint">{t('profile.trackTrainingHint')}</p>
      </div>
      {member && orgName && (
        <fieldset className="fieldset">
          <legend>{t('profile.membership', { org: orgName })}</legend>
          {field('phone', 'profile.phone', 'tel', 'tel')}
          {field('address', 'profile.address', 'text', 'street-address')}
          {field('emergency_contact', 'profile.emergencyContact')}
        </fieldset>
      )}
      <div className="btn-row">
        <Button variant="primary" type="submit">{t('common.save')}</Button>
        <Button variant="ghost" onClick={() => navigate('/profile')}>{t('common.cancel')}</Button>
      </div>
    </form>
  );
}
