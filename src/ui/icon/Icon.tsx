import type { SVGProps } from 'react';
import { iconPaths, type IconName } from './paths';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  name: IconName;
  /** Pixel size of the square icon. */
  size?: number;
  /** Gives the icon an accessible name; without it the icon is decorative and hidden from AT. */
  title?: string;
}

export function Icon({ name, size = 20, title, className, ...rest }: IconProps) {
  const labelled = title !== undefined && title !== '';
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={className ? `icon ${className}` : 'icon'}
      {...(labelled ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...rest}
    >
      {labelled ? <title>{title}</title> : null}
      {iconPaths[name]}
    </svg>
  );
}

type NamedIconProps = Omit<IconProps, 'name'>;

// Named components for call sites that read better without a string name.
export const BellIcon = (p: NamedIconProps) => <Icon name="bell" {...p} />;
