// The new-password rules, ticked off as the member types (password reset and sign-up).
import { useTranslation } from '../../../i18n/use-translation';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../core/limits';
import { passwordProblems } from '../../../../core/rules/password';

export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  const problems = passwordProblems(password);
  const rules = [
    { key: 'length', ok: !problems.includes('too_short') && !problems.includes('too_long'), text: t('auth.passwordRuleLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }) },
    { key: 'blank', ok: !problems.includes('blank'), text: t('auth.passwordRuleBlank') },
  ];
  return (
    <ul className="password-rules" aria-live="polite" data-testid="password-rules">
      {rules.map((rule) => (
        <li key={rule.key} className={rule.ok ? 'password-rules__ok' : undefined}>
          <span aria-hidden="true">{rule.ok ? '✓' : '•'}</span> {rule.text}
          <span className="visually-hidden">{rule.ok ? ` (${t('auth.ruleMet')})` : ''}</span>
        </li>
      ))}
    </ul>
  );
}
