import type { ReactNode } from 'react';
import { cx } from '../cx';

export interface FieldAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  /** The message, already translated; shown under the input and tied to it. */
  error?: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** Renders the input with the id and aria attributes that tie it to its label, hint and error. */
  children: (aria: FieldAria) => ReactNode;
}

/** A labelled input with its hint and inline error, both tied to the input by aria-describedby. */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('field', error ? 'field--invalid' : undefined, className)}>
      <label className="field__label" htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && <p id={`${id}-hint`} className="field__hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="field__error" data-testid={`${id}-error`}>{error}</p>}
    </div>
  );
}

/** Moves focus to the first field the member has to fix, once the errors are on screen. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
