import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { cx } from '../cx';

type Gap = 'xs' | 'sm' | 'md' | 'lg';

interface StackProps extends HTMLAttributes<HTMLElement> {
  /** Space between children: xs 4, sm 8, md 16 (default), lg 32 px. */
  gap?: Gap;
  as?: ElementType;
  children?: ReactNode;
}

/** Children one under the other with even space between: the default flow of a screen. */
export function Stack({ gap = 'md', as: Tag = 'div', className, ...rest }: StackProps) {
  return <Tag className={cx('stack', gap !== 'md' && `stack--${gap}`, className)} {...rest} />;
}

interface ClusterProps extends HTMLAttributes<HTMLElement> {
  gap?: Gap;
  /** space-between puts the first child at the start and the rest at the end (a title and its action). */
  justify?: 'start' | 'end' | 'space-between';
  align?: 'start' | 'center' | 'baseline';
  as?: ElementType;
  children?: ReactNode;
}

/** Children side by side that wrap onto the next line when the screen is narrow (buttons, chips, badges). */
export function Cluster({ gap = 'sm', justify = 'start', align = 'center', as: Tag = 'div', className, ...rest }: ClusterProps) {
  return (
    <Tag
      className={cx('cluster', gap !== 'sm' && `cluster--${gap}`, justify !== 'start' && `cluster--${justify}`, align !== 'center' && `cluster--align-${align}`, className)}
      {...rest}
    />
  );
}
