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
export const MenuIcon = (p: NamedIconProps) => <Icon name="menu" {...p} />;
export const CloseIcon = (p: NamedIconProps) => <Icon name="close" {...p} />;
export const UserIcon = (p: NamedIconProps) => <Icon name="user" {...p} />;
export const CalendarIcon = (p: NamedIconProps) => <Icon name="calendar" {...p} />;
export const CheckIcon = (p: NamedIconProps) => <Icon name="check" {...p} />;
export const ChevronLeftIcon = (p: NamedIconProps) => <Icon name="chevron-left" {...p} />;
export const ChevronRightIcon = (p: NamedIconProps) => <Icon name="chevron-right" {...p} />;
export const ChevronDownIcon = (p: NamedIconProps) => <Icon name="chevron-down" {...p} />;
export const CloudOffIcon = (p: NamedIconProps) => <Icon name="cloud-off" {...p} />;
export const RefreshIcon = (p: NamedIconProps) => <Icon name="refresh" {...p} />;
export const SettingsIcon = (p: NamedIconProps) => <Icon name="settings" {...p} />;
export const DumbbellIcon = (p: NamedIconProps) => <Icon name="dumbbell" {...p} />;
export const ListIcon = (p: NamedIconProps) => <Icon name="list" {...p} />;
export const HomeIcon = (p: NamedIconProps) => <Icon name="home" {...p} />;
export const LogoutIcon = (p: NamedIconProps) => <Icon name="logout" {...p} />;
export const GlobeIcon = (p: NamedIconProps) => <Icon name="globe" {...p} />;
export const PlusIcon = (p: NamedIconProps) => <Icon name="plus" {...p} />;
export const InfoIcon = (p: NamedIconProps) => <Icon name="info" {...p} />;
export const AlertCircleIcon = (p: NamedIconProps) => <Icon name="alert-circle" {...p} />;
export const AlertTriangleIcon = (p: NamedIconProps) => <Icon name="alert-triangle" {...p} />;
export const CheckCircleIcon = (p: NamedIconProps) => <Icon name="check-circle" {...p} />;
