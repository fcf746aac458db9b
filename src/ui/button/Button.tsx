import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '../cx';
import { Icon, type IconName } from '../icon/index';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface Look {
  /** primary: the one main action of a screen; secondary (default): others; ghost: quiet; danger: destroys. */
  variant?: ButtonVariant;
  /** sm is smaller text and padding; every size keeps the 44 px touch target. */
  size?: 'sm' | 'md' | 'lg';
  /** Full width (a phone form's submit). */
  block?: boolean;
  icon?: IconName;
  /** Icon only: the label goes to aria-label, the button is square. */
  iconOnly?: boolean;
  children?: ReactNode;
}

/** The classes of a button look, for the rare element that is not a Button or ButtonLink. */
export function buttonClass({ variant = 'secondary', size = 'md', block, iconOnly }: Look, className?: string): string {
  return cx('btn', `btn--${variant}`, size !== 'md' && `btn--${size}`, block && 'btn--block', iconOnly && 'btn--icon', className);
}

function Content({ icon, iconOnly, children }: Look) {
  return (
    <>
      {icon && <Icon name={icon} />}
      {iconOnly ? null : children}
    </>
  );
}

type ButtonProps = Look & ButtonHTMLAttributes<HTMLButtonElement>;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, block, icon, iconOnly, className, children, type = 'button', ...rest }, ref) {
  return (
    <button ref={ref} type={type} className={buttonClass({ variant, size, block, iconOnly }, className)} {...rest}>
      <Content icon={icon} iconOnly={iconOnly}>{children}</Content>
    </button>
  );
});

type ButtonLinkProps = Look & LinkProps;

/** A link that looks like a button: navigation ("Book an appointment"), not an action. */
export function ButtonLink({ variant, size, block, icon, iconOnly, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClass({ variant, size, block, iconOnly }, className)} {...rest}>
      <Content icon={icon} iconOnly={iconOnly}>{children}</Content>
    </Link>
  );
}

/** A plain anchor that looks like a button (mailto:, tel:, outside links). */
export function ButtonAnchor({ variant, size, block, icon, iconOnly, className, children, ...rest }: Look & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a className={buttonClass({ variant, size, block, iconOnly }, className)} {...rest}>
      <Content icon={icon} iconOnly={iconOnly}>{children}</Content>
    </a>
  );
}
