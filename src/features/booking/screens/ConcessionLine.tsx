// What pays for a place in a class, with what is left (docs/rules.md#visits). Before booking: what
// booking would use, by the shared rule over the memberships and passes on the device, fetched
// here and kept fresh; while the device does not know them yet it says nothing rather than guess
// "nothing covers this". Once booked: what the server counted it against, with what is left of it
// now (the passes are fetched again when a booking syncs). A booking still waiting to sync shows
// what it will use.
import type { ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import type { Session } from '../../../../core/contract/types';
import { chooseChargeTarget, type ChargeTarget } from '../../../../core/rules/concessions';
import type { Formatter } from '../../../i18n/format';
import { concessionLeft, useConcessions, useRefreshConcessions } from '../../account/public';
import { useVisit } from '../hooks/visits';
import { orgIdOf } from '../pull';

export function ConcessionLine({ session, canBook, format }: { session: Session; canBook: boolean; format: Formatter }) {
  const { t } = useTranslation('booking');
  const { t: accountT } = useTranslation('account');
  const orgId = useLiveQuery(() => orgIdOf(session.facility_guid), [session.facility_guid]);
  const concessions = useConcessions(orgId);
  useRefreshConcessions(session.facility_guid, orgId);
  const visit = useVisit(session.visit?.id);
  if (!concessions || visit === undefined) return null;
  const state = session.visit?.state;
  const charge = visit?.charge ?? null;

  if (state === 'cancelled') {
    // Only a late cancel nothing covered leaves something to say: the fee.
    if (charge?.kind === 'late_cancel' && charge.against === 'casual') return <Line testId="concession">{t('concession.lateFee')} <Link to="/account/invoices">{t('concession.invoices')}</Link></Line>;
    return null;
  }
  if (state !== 'booked' && !canBook) return null;
  // A place from a course enrolment is paid with the course (its invoice), not a membership or pass.
  if (state === 'booked' && charge === null && session.course?.enrolled) return <Line testId="concession">{t('concession.course', { name: session.course.name })}</Line>;

  const passesAsFacts = concessions.passes.map((p) => ({ ...p, visits_used: p.visits_total === null || p.visits_left === null ? 0 : p.visits_total - p.visits_left }));
  const counted = state === 'booked' && charge !== null;
  // Unknown is not "nothing": say nothing until the member's memberships and passes are here.
  if (!counted && !concessions.known) return null;
  const target: ChargeTarget = counted
    ? charge.against === 'casual' || charge.id === null ? { kind: 'casual' } : { kind: charge.against, id: charge.id }
    : chooseChargeTarget(concessions.memberships, passesAsFacts, new Date(session.start_date));
  const prefix = counted ? 'paid' : 'uses';

  // What is left reads as on the account ("9 of 10 visits left, until 3 March").
  const now = new Date();
  if (target.kind === 'membership') {
    const membership = concessions.memberships.find((m) => m.id === target.id);
    if (!membership) return <Line testId="concession">{t('concession.membership', { name: charge?.name ?? '' })}</Line>;
    return <Line testId="concession">{t('concession.membershipLeft', { name: membership.name, left: concessionLeft(accountT, format, membership, now) })}</Line>;
  }
  if (target.kind === 'pass') {
    const pass = concessions.passes.find((p) => p.id === target.id);
    if (!pass) return <Line testId="concession">{t(`concession.${prefix}PassUnlimited`, { name: charge?.name ?? '' })}</Line>;
    return <Line testId="concession">{t(`concession.${prefix}Pass`, { name: pass.name, left: concessionLeft(accountT, format, pass, now) })}</Line>;
  }
  return (
    <Line testId="concession">
      {t(`concession.${prefix}Casual`)} <Link to="/checkout">{t('concession.buy')}</Link>
    </Line>
  );
}

function Line({ testId, children }: { testId: string; children: ReactNode }) {
  return <p className="class-detail__concession" data-testid={testId}>{children}</p>;
}
