import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../cx';
import { Icon, type IconName } from '../icon/index';
import { useDropdown } from './DropdownContext';

export interface DropdownItemProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onSelect' | 'type' | 'role'> {
  /** Runs when chosen (click, Enter or Space). */
  onSelect?: () => void;
  icon?: IconName;
  danger?: boolean;
  /** Close the dropdown after selecting. Default true. */
  closeOnSelect?: boolean;
  /** One of a set of choices (a menuitemradio): whether it is the chosen one, marked with a check. */
  checked?: boolean;
}

/** One entry of a `variant="menu"` dropdown; place items directly inside the Dropdown. */
export function DropdownItem({
  onSelect,
  icon,
  danger = false,
  closeOnSelect = true,
  checked,
  className,
  children,
  onClick,
  ...rest
}: DropdownItemProps) {
  const dropdown = useDropdown();
  return (
    <button
      {...rest}
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      tabIndex={-1}
      className={cx('dropdown__item', danger && 'dropdown__item--danger', className)}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented) return;
        onSelect?.();
        if (closeOnSelect) dropdown?.close({ focusTrigger: true });
      }}
    >
      {icon ? <Icon name={icon} /> : null}
      <span className="dropdown__item-label">{children}</span>
      {checked ? <Icon name="check" /> : null}
    </button>
  );
}
