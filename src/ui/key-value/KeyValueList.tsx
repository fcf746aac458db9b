import type { ReactNode } from 'react';
import { cx } from '../cx';
import './key-value.css';

interface KeyValueItem {
  /** Stable key; defaults to the label when it is a string. */
  id?: string;
  label: ReactNode;
  value: ReactNode;
}

/**
 * Facts about one thing ("When", "Where", "Places"): label and value side by side where the list
 * is wide enough, label over value where it is not (a container query, so it follows the card's
 * width, not the window's). Values never get squeezed into a narrow column.
 */
export function KeyValueList({ items, className, testId }: { items: readonly (KeyValueItem | false | null | undefined)[]; className?: string; testId?: string }) {
  return (
    <div className={cx('kv', className)} data-testid={testId}>
      <dl className="kv__list">
        {items.filter((item): item is KeyValueItem => Boolean(item)).map((item, index) => (
          <div className="kv__row" key={item.id ?? (typeof item.label === 'string' ? item.label : index)}>
            <dt className="kv__label">{item.label}</dt>
            <dd className="kv__value">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
