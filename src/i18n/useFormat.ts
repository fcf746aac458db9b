import { useMemo } from 'react';
import { useTranslation } from './use-translation';
import { createFormatter, type Formatter } from './format';

/**
 * The formatting helpers bound to the current i18n language and a time zone (the facility's;
 * the device's zone when none is given). Re-computed when the language or zone changes.
 *
 *   const fmt = useFormat(facility?.time_zone);
 *   fmt.time(session.start_date); fmt.dayHeader(session.start_date); fmt.currency(total, 'NZD');
 */
export function useFormat(timeZone?: string | null): Formatter {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => createFormatter(language, timeZone), [language, timeZone]);
}
