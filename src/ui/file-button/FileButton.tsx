import type { ChangeEvent, ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from '../button/index';
import { Icon, type IconName } from '../icon/index';
import './file-button.css';

interface FileButtonProps {
  id: string;
  /** What the button says ("Choose a CSV file"); it is the input's label. */
  label: ReactNode;
  /** The chosen file's name, or what to say while none is chosen. */
  status: ReactNode;
  accept?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Ids of a hint or an error about the file. */
  describedBy?: string;
  invalid?: boolean;
  variant?: ButtonVariant;
  icon?: IconName;
  testId?: string;
}

/**
 * Choosing a file with the app's own button: a real <input type="file"> (the keyboard focuses it,
 * a screen reader names it by its label, Playwright and assistive tools can set it) kept out of
 * sight, and its label drawn as a button that shows the input's focus. The chosen file's name
 * stays beside it, read out when it changes.
 */
export function FileButton({ id, label, status, accept, onChange, describedBy, invalid, variant = 'secondary', icon, testId }: FileButtonProps) {
  return (
    <div className="file-button">
      <input id={id} className="file-button__input" type="file" accept={accept} onChange={onChange}
        aria-describedby={[`${id}-status`, describedBy].filter(Boolean).join(' ')} aria-invalid={invalid || undefined} data-testid={testId} />
      <label htmlFor={id} className={buttonClass({ variant }, 'file-button__label')}>
        {icon && <Icon name={icon} />}
        {label}
      </label>
      <span id={`${id}-status`} className="file-button__status" aria-live="polite">{status}</span>
    </div>
  );
}
