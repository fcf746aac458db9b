import type { ReactNode } from 'react';
import { cx } from '../cx';
import './page-header.css';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons or links shown at the end (wrap below the title on phones). */
  actions?: ReactNode;
  /** Shown before the title, e.g. a back link. */
  back?: ReactNode;
  className?: string;
  /** id of the h1, for the page's aria-labelledby (screens use "page-title"). */
  titleId?: string;
}

/** The screen's h1 and its actions: the title wraps (never cut with an ellipsis) and the actions go under it on a phone. */
export function PageHeader({ title, subtitle, actions, back, className, titleId }: PageHeaderProps) {
  return (
    <div className={cx('page-header', className)}>
      {back ? <div className="page-header__back">{back}</div> : null}
      <div className="page-header__main">
        <div className="page-header__titles">
          <h1 id={titleId} className="page-header__title">{title}</h1>
          {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
        </div>
        {actions ? <div className="page-header__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
