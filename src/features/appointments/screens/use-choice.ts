// The booking flow's state lives in the URL: each step reads it and moves on with navigate(), so
// Back and Forward keep the choices and a reload or a shared link resumes the step.
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { choiceSearch, readChoice, type BookingChoice } from '../../../domain/appointments';

export const BOOK_BASE = '/appointments/book';

export type Step = '' | 'staff' | 'time' | 'concession' | 'confirm';

export function stepPath(step: Step, choice: Partial<BookingChoice>): string {
  return `${BOOK_BASE}${step ? `/${step}` : ''}${choiceSearch(choice)}`;
}

export function useChoice(): { choice: BookingChoice; go: (step: Step, changes?: Partial<BookingChoice>, replace?: boolean) => void } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const choice = useMemo(() => readChoice(params), [params]);
  const go = useCallback(
    (step: Step, changes: Partial<BookingChoice> = {}, replace = false) => navigate(stepPath(step, { ...choice, ...changes }), { replace }),
    [choice, navigate],
  );
  return { choice, go };
}
