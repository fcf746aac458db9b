// The member's preferences other slices follow (GET/PUT /profile): the units of new entries and
// records, and whether their results are hidden from other members' class leaderboards.
import { useMemo } from 'react';
import { useProfile } from '../../data/hooks/auth';
import { measurementUnitsOf, type MeasurementUnits } from '../../../core/rules/training/lift';

/** The member's units; kilograms and centimetres until the profile is on the device. */
export function useMeasurementUnits(): MeasurementUnits {
  const profile = useProfile();
  const weight = profile?.weight_units;
  const length = profile?.length_units;
  return useMemo(() => measurementUnitsOf({ weight_units: weight, length_units: length }), [weight, length]);
}

/** Whether the member hides their results from other members' class leaderboards. */
export function useHiddenFromLeaderboards(): boolean {
  return useProfile()?.hide_from_leaderboards === true;
}
