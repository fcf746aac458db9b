// The live countdown on an offered place (see docs/rules.md#waitlist), pure. Apart from waitlist.ts
// so the app's first load, which needs only the offer rules, does not carry it.

/**
 * Time left to confirm an offer, as shown by a live countdown: whole hours and minutes from an
 * hour up, minutes (rounded up, so "1 min" lasts until the last minute starts) from a minute up,
 * seconds in the last minute, then expired. Rounded up so the countdown never says 0 while time remains.
 */
export type OfferCountdown =
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'seconds'; seconds: number }
  | { unit: 'expired' };

export function offerCountdown(expiresAt: string, now: Date): OfferCountdown {
  const left = Date.parse(expiresAt) - now.getTime();
  if (!(left > 0)) return { unit: 'expired' };
  if (left <= 60_000) return { unit: 'seconds', seconds: Math.ceil(left / 1000) };
  const minutes = Math.ceil(left / 60_000);
  if (minutes < 60) return { unit: 'minutes', minutes };
  return { unit: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** How often a countdown must repaint to stay right: every second in the last minute, else every 15 s. */
export function countdownTick(countdown: OfferCountdown): number | null {
  if (countdown.unit === 'expired') return null;
  return countdown.unit === 'seconds' ? 1000 : 15_000;
}
