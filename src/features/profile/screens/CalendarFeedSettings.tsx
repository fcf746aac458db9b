// Settings: the calendar feed. Turned on, it shows the secret address with Copy and a webcal:
// Subscribe link, and how to remove it; turning it off (after asking) revokes the address (a new
// one is made the next time). The address shows offline; turning on or off needs a connection.
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useProfile } from '../../../data/hooks/auth';
import { Button, ButtonAnchor } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { Field } from '../../../ui/field/index';
import { Cluster, Stack } from '../../../ui/layout/index';
import { useCommand } from '../../../ui/use-command';
import { useOnline } from '../../../ui/use-online';
import { calendarUrls, turnCalendarOff, turnCalendarOn } from '../calendar';
import './profile.css';

export function CalendarFeedSettings() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const online = useOnline();
  const run = useCommand();
  const [copied, setCopied] = useState(false);
  if (!profile) return null;
  // Revoking breaks every calendar that subscribed: asked first, saying so.
  const turnOffQuestion = { title: t('calendar.turnOffTitle'), body: t('calendar.turnOffBody'), confirmLabel: t('calendar.turnOffConfirm'), cancelLabel: t('calendar.turnOffKeep'), danger: true };
  const urls = profile.calendar_token ? calendarUrls(window.location.origin, profile.calendar_token) : null;

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission: the address is selected for the member to copy.
      document.getElementById('calendar-url')?.focus();
    }
  }

  return (
    <Card title={t('calendar.title')}>
      <Stack gap="sm">
        <p>{t(urls ? 'calendar.onHint' : 'calendar.offHint')}</p>
        {urls && (
          <>
            <Field id="calendar-url" label={t('calendar.url')}>
              {(aria) => <input {...aria} className="input" readOnly value={urls.url} onFocus={(e) => e.currentTarget.select()} data-testid="calendar-url" />}
            </Field>
            <Cluster>
              <Button onClick={() => void copy(urls.url)}>{copied ? t('calendar.copied') : t('calendar.copy')}</Button>
              <ButtonAnchor href={urls.webcal}>{t('calendar.subscribe')}</ButtonAnchor>
            </Cluster>
            <p className="muted">{t('calendar.removeHint')}</p>
          </>
        )}
        {!online && <p className="notice notice--warning" role="status">{t('calendar.offline')}</p>}
        <div>
          <Button className="calendar-feed__switch" variant={urls ? 'danger' : 'primary'} disabled={!online} onClick={() => void run(() => (urls ? turnCalendarOff() : turnCalendarOn()).then(() => setCopied(false)), urls ? { confirm: turnOffQuestion } : undefined)}>
            {urls ? t('calendar.turnOff') : t('calendar.turnOn')}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
