// Holding a free time from any step: tries each person free then ("anyone available"), keeps one
// idempotency key per choice (a retry after a lost answer gets the same hold back), and when the
// time was taken meanwhile refreshes the week so the nearest free times are right.
import { useCallback, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Appointment } from '../../../../core/contract/types';
import type { FreeTime } from '../../../domain/appointments';
import { ApiError } from '../../../data/api/errors';
import { newEntryId } from '../../../data/sync/outbox';
import { useCommand } from '../../../ui/use-command';
import { holdChoice } from '../holding';
import { pullSlotWeeks } from '../pull';

export type HoldOutcome = { ok: true; appointment: Appointment } | { ok: false; taken: boolean };

export function useHoldTime(guid: string, serviceId: number, week: string): (time: FreeTime, liveHold?: number) => Promise<HoldOutcome> {
  const { t } = useTranslation('appointments');
  const run = useCommand();
  const keys = useRef(new Map<string, string>());
  return useCallback(
    async (time, liveHold) => {
      for (const staffId of time.staffIds) {
        const id = `${staffId}|${time.start_at}|${liveHold ?? ''}`;
        const key = keys.current.get(id) ?? newEntryId();
        keys.current.set(id, key);
        const result = await run(() => holdChoice({ guid, serviceId, staffId, startAt: time.start_at }, key, liveHold), {
          loading: t('toast.holding'),
          describe: (error) => (error instanceof ApiError && error.code === 'slot_unavailable' ? t('time.taken') : undefined),
        });
        if (result.ok) return { ok: true, appointment: result.value };
        if (result.cancelled || !(result.error instanceof ApiError && result.error.code === 'slot_unavailable')) return { ok: false, taken: false };
      }
      await pullSlotWeeks(guid, time.staffIds, serviceId, week, { force: true });
      return { ok: false, taken: true };
    },
    [guid, serviceId, week, run, t],
  );
}
