// Where the member stands on a class (see docs/rules.md#waitlist): "3rd on the waitlist" while
// waiting, and a live countdown while a place is offered ("12 min left to confirm").
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { VisitSummary } from '../../../../core/contract/types';
import { countdownTick, offerCountdown } from '../../../../core/rules/offer-countdown';

const ORDINAL_KEYS = ['one', 'two', 'few', 'other'] as const;
type OrdinalKey = (typeof ORDINAL_KEYS)[number];

/** "3rd on the waitlist": the ordinal form by the language's ordinal rules (en: 1st, 2nd, 3rd, 4th, 11th, 22nd). */
export function WaitlistPosition({ position, className }: { position: number; className?: string }) {
  const { t, i18n } = useTranslation('booking');
  const category = new Intl.PluralRules(i18n.resolvedLanguage ?? i18n.language, { type: 'ordinal' }).select(position);
  const key: OrdinalKey = (ORDINAL_KEYS as readonly string[]).includes(category) ? (category as OrdinalKey) : 'other';
  return <span className={className} data-testid="waitlist-position">{t(`offer.position.${key}`, { n: position })}</span>;
}

/** Repaints itself: every 15 s, every second in the last minute, then stops at "time is up". */
export function OfferCountdown({ expiresAt, className }: { expiresAt: string; className?: string }) {
  const { t } = useTranslation('booking');
  const [now, setNow] = useState(() => new Date());
  const left = offerCountdown(expiresAt, now);
  const tick = countdownTick(left);
  useEffect(() => {
    if (tick === null) return;
    const timer = window.setTimeout(() => setNow(new Date()), tick);
    return () => window.clearTimeout(timer);
  }, [tick, now]);
  const text = left.unit === 'hours'
    ? t('offer.leftHours', { hours: left.hours, minutes: left.minutes })
    : left.unit === 'minutes'
      ? t('offer.leftMinutes', { count: left.minutes })
      : left.unit === 'seconds'
        ? t('offer.leftSeconds', { count: left.seconds })
        : t('offer.timeUp');
  return <span role="timer" className={className} data-testid="offer-countdown">{text}</span>;
}

/** The position or the countdown for the member's visit; nothing for other states. */
export function WaitlistStanding({ visit, className }: { visit: VisitSummary | null; className?: string }) {
  if (visit?.state === 'waitlisted' && visit.waitlist_position) return <WaitlistPosition position={visit.waitlist_position} className={className} />;
  if (visit?.state === 'pending' && visit.offer_expires_at) return <OfferCountdown expiresAt={visit.offer_expires_at} className={className} />;
  return null;
}
