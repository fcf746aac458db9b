import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ParseKeys } from 'i18next';
import { Field, type FieldAria } from '../../../ui/field/index';

export { focusFirstInvalid } from '../../../ui/field/index';
export type { FieldAria };

/** The design system's Field, taking the training form rules' error keys (translated here). */
export function FormField({ error, ...props }: {
  id: string;
  label: ReactNode;
  /** A translation key. */
  error?: ParseKeys<'training'>;
  hint?: ReactNode;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const { t } = useTranslation('training');
  return <Field {...props} error={error ? t(error) : undefined} />;
}
