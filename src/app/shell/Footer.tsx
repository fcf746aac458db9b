// Copyright of the organisation and a help link. Help goes to the studio itself (its email
// when known), since the studio is who can help a member with bookings and billing.
import { useTranslation } from '../../i18n/use-translation';
import { useCurrentAccount, useFacility } from '../../data/hooks/auth';

export function Footer({ inert }: { inert?: boolean }) {
  const { t } = useTranslation();
  const account = useCurrentAccount();
  const facility = useFacility();
  const helpHref = facility?.email ? `mailto:${facility.email}` : '/settings';
  return (
    <footer className="footer" inert={inert}>
      <span>{t('app.copyright', { year: new Date().getFullYear(), org: account?.org.name ?? t('app.name') })}</span>
      <a href={helpHref} className="footer__help">{t('app.help')}</a>
    </footer>
  );
}
