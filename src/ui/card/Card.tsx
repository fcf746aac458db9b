import { useId, type ElementType, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../cx';

interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** A heading at the top, which also names the card's region; with actions it shares a line with them and wraps on phones. */
  title?: ReactNode;
  headingLevel?: 2 | 3;
  actions?: ReactNode;
  /** No padding: for a list whose rows run to the card's edges. */
  flush?: boolean;
  as?: ElementType;
}

/** A surface that groups one thing's content. */
export function Card({ title, headingLevel = 2, actions, flush, as: Tag = 'section', className, children, ...rest }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const titleId = useId();
  return (
    <Tag className={cx('card', flush && 'card--flush', className)} aria-labelledby={title ? titleId : undefined} {...rest}>
      {(title || actions) && (
        <div className="card__header">
          {title && <Heading id={titleId} className="card__title">{title}</Heading>}
          {actions && <div className="card__actions">{actions}</div>}
        </div>
      )}
      {children}
    </Tag>
  );
}
