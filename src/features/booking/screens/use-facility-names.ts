import { useCurrentAccount, useFacility } from '../../../data/hooks/auth';

/** Name of a class's facility when it differs from the selected one (an organisation may have several). */
export function useOtherFacilityName(): (facilityGuid: string) => string | undefined {
  const account = useCurrentAccount();
  const facility = useFacility();
  return (guid) => (guid === facility?.guid ? undefined : account?.facilities.find((f) => f.guid === guid)?.name);
}
