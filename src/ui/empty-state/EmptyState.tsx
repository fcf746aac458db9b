import type { ReactNode } from 'react';
import { cx } from '../cx';
import { Icon, iconPaths, type IconName } from '../icon/index';
import './empty-state.css';

export interface EmptyStateProps {
  /** An icon name or your own decorative element. */
  icon?: IconName | ReactNode;
  title: ReactNode;
  body?: ReactNode;
  /** Usually a button or link. */
  action?: ReactNode;
  /** Heading level of the title, to fit the page outline (1 when it is the page's only heading). Default 2. */
  headingLevel?: 1 | 2 | 3 | 4;
  /** The heading's id, for the page's aria-labelledby. */
  headingId?: string;
  className?: string;
}

function isIconName(value: unknown): value is IconName {
  return typeof value === 'string' && Object.hasOwn(iconPaths, value);
}

export function EmptyState({ icon, title, body, action, headingLevel = 2, headingId, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx('empty-state', className)}>
      {icon ? (
        <div className="empty-state__icon" aria-hidden="true">
          {isIconName(icon) ? <Icon name={icon} size={28} /> : icon}
        </div>
      ) : null}
      <Heading id={headingId} className="empty-state__title">{title}</Heading>
      {body ? <div className="empty-state__body">{body}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
