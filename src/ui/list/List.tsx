import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../cx';
import './list.css';

/** Rows in one surface, divided by hairlines. */
export function List({ className, ...rest }: HTMLAttributes<HTMLUListElement>) {
  return <ul className={cx('list', className)} {...rest} />;
}

interface ListRowProps extends Omit<HTMLAttributes<HTMLLIElement>, 'title'> {
  title: ReactNode;
  /** Where tapping the row goes: the whole text block (title, meta, chips) is one link, easy to hit. */
  to?: string;
  /** One or more lines under the title (dates, places). */
  meta?: ReactNode;
  /** Status chips under the meta. */
  chips?: ReactNode;
  /** Buttons that act on the row; beside the text when there is room, under it when not. */
  actions?: ReactNode;
  /** Leading element: an avatar, a time. */
  start?: ReactNode;
  /** Trailing text, e.g. a score. */
  end?: ReactNode;
  /** Accessible name of the link when the title alone is ambiguous. */
  linkLabel?: string;
}

/** One row of a list: text that may be a link, with chips and actions that wrap on a phone. */
export function ListRow({ title, to, meta, chips, actions, start, end, linkLabel, className, ...rest }: ListRowProps) {
  const body = (
    <>
      {start && <span className="list-row__start">{start}</span>}
      <span className="list-row__text">
        <span className="list-row__title">{title}</span>
        {meta && <span className="list-row__meta">{meta}</span>}
        {chips && <span className="list-row__chips">{chips}</span>}
      </span>
      {end && <span className="list-row__end">{end}</span>}
    </>
  );
  return (
    <li className={cx('list-row', className)} {...rest}>
      {to ? <Link to={to} className="list-row__main list-row__main--link" aria-label={linkLabel}>{body}</Link> : <div className="list-row__main">{body}</div>}
      {actions && <div className="list-row__actions">{actions}</div>}
    </li>
  );
}
