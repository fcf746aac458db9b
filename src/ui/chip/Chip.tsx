import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from '../cx';
import './chip.css';

/** `pending`: saved on this device, not yet at the studio (WaitingToSync). */
type ChipTone = 'neutral' | 'brand' | 'success' | 'info' | 'warning' | 'danger' | 'pending';

/** A short status ("Booked", "Waitlisted", "Hidden"): text, never a control. */
export function Chip({ tone = 'neutral', className, children, testId }: { tone?: ChipTone; className?: string; children: ReactNode; testId?: string }) {
  return <span className={cx('badge', tone !== 'neutral' && `badge--${tone}`, className)} data-testid={testId}>{children}</span>;
}

type ChoiceChipProps = ButtonHTMLAttributes<HTMLButtonElement> & { selected: boolean };

/** One of a row of choices (a day, a filter): a toggle button that says whether it is chosen. */
export function ChoiceChip({ selected, className, type = 'button', ...rest }: ChoiceChipProps) {
  return <button type={type} aria-pressed={selected} className={cx('choice-chip', selected && 'is-selected', className)} {...rest} />;
}
