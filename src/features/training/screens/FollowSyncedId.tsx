// A screen opened on a workout's temporary id moves to the real id once the create is answered,
// so reloads and shared links keep working.
import { useContext, useEffect } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate } from 'react-router';

/**
 * Replaces the address with `to` only while the member is still on this page. A tap elsewhere
 * has already moved the history on while its screen loads (this one stays mounted meanwhile):
 * replacing then would undo the tap.
 */
export function FollowSyncedId({ to }: { to: string }) {
  const navigate = useNavigate();
  const shown = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  useEffect(() => {
    const latest = (navigator as { location?: { pathname: string; search: string } }).location;
    if (latest && (latest.pathname !== shown.pathname || latest.search !== shown.search)) return;
    navigate(to, { replace: true });
  }, [navigate, navigator, shown.pathname, shown.search, to]);
  return null;
}
