import { useTranslation } from '../../i18n/use-translation';
import { cx } from '../cx';
import './spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced text; defaults to app.loading. */
  label?: string;
  /** Purely visual (inside something that already announces itself). */
  decorative?: boolean;
  /** Centre it in a padded block, e.g. while a screen loads. */
  block?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label, decorative = false, block = false, className }: SpinnerProps) {
  const { t } = useTranslation();
  const ring = <span className={cx('spinner', `spinner--${size}`, decorative && className)} aria-hidden="true" />;
  if (decorative) return ring;
  return (
    <span role="status" className={cx('spinner-wrap', block && 'spinner-wrap--block', className)}>
      {ring}
      <span className="visually-hidden">{label ?? t('app.loading')}</span>
    </span>
  );
}
