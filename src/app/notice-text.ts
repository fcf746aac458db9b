// The sentence of a refused write's notice, in the member's language at display time:
// "Book — CrossFit, Sat 9:00: This class has been cancelled."
import type { TFunction } from 'i18next';
import type { SyncNotice } from '../data/db';
import { describeCode } from '../ui/describe-error';

export function noticeText(notice: SyncNotice, t: TFunction, language: string): string {
  // A code this app knows reads in the member's language; an unknown one keeps the server's sentence.
  const reason = (notice.code && describeCode(notice.code, t, notice.params)) || notice.message || t('errors.unexpected');
  const refused = notice.refused;
  if (!refused) return reason;
  const action = t(refused.action, { defaultValue: '' });
  if (!action) return reason;
  if (!refused.subject) return t('errors.noticeAction', { action, reason });
  const { name, startsAt } = refused.subject;
  const subject = startsAt ? `${name}, ${formatStart(startsAt, language)}` : name;
  return t('errors.notice', { action, subject, reason });
}

function formatStart(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', hour: 'numeric', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat(language, options).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}
