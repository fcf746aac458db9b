import type { FreeTime } from '../../../domain/appointments';
import type { Formatter } from '../../../i18n/format';
import { Button } from '../../../ui/button/index';

/** Free times as buttons; each labelled with its day when the list spans several. */
export function SlotButtons({ times, label, format, disabled, onPick, testId }: { times: FreeTime[]; label: string; format: Formatter; disabled: boolean; onPick: (time: FreeTime) => void; testId?: string }) {
  const days = new Set(times.map((time) => format.dayKey(time.start_at)));
  return (
    <ul className="appt-slots" data-testid={testId} aria-label={label}>
      {times.map((time) => (
        <li key={time.start_at}>
          <Button block disabled={disabled} onClick={() => onPick(time)}>
            {days.size > 1 ? `${format.weekdayShort(time.start_at)} ${format.time(time.start_at)}` : format.time(time.start_at)}
          </Button>
        </li>
      ))}
    </ul>
  );
}
