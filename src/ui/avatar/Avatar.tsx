import { useState } from 'react';
import { cx } from '../cx';
import { Icon } from '../icon/index';
import './avatar.css';

export interface AvatarProps {
  /** Image URL; falls back to initials (or an icon) when missing or when it fails to load. */
  src?: string | null;
  /** Person's name: used for initials and, unless `alt` is given, as the accessible name. */
  name?: string | null;
  /** Accessible name; pass '' when the name is already written next to the avatar. */
  alt?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

/** Up to two initials: first and last word ("Ana María López" → "AL"). */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (w: string) => Array.from(w)[0]?.toLocaleUpperCase() ?? '';
  return letter(first) + (last ? letter(last) : '');
}

export function Avatar({ src, name, alt, size = 'md', className }: AvatarProps) {
  // Remember which URL failed so a new src gets a fresh attempt.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = alt ?? name ?? '';
  const decorative = label === '';
  const classes = cx('avatar', `avatar--${size}`, className);

  if (src && src !== failedSrc) {
    return <img className={classes} src={src} alt={label} loading="lazy" decoding="async" onError={() => setFailedSrc(src)} />;
  }

  const initials = initialsOf(name);
  return (
    <span
      className={cx(classes, 'avatar--fallback')}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      {initials ? <span aria-hidden="true">{initials}</span> : <Icon name="user" />}
    </span>
  );
}
