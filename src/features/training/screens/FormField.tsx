import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';

export interface FieldAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled input with its hint and inline error, both tied to the input by aria-describedby. */
export function FormField({ id, label, error, hint, className, children }: {
  id: string;
  label: ReactNode;
  /** A translation key. */
  error?: ParseKeys<'training'>;
  hint?: ReactNode;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const { t } = useTranslation('training');
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && <p id={`${id}-hint`} className="field__hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="field__error" data-testid={`${id}-error`}>{t(error)}</p>}
    </div>
  );
}

/** Moves focus to the first field the member has to fix, once the errors are on screen. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
