// The root: chooses the signed-in or signed-out route tree from the auth row in Dexie, and
// mounts the global layers (toasts, progress box, confirm dialogs, update banner).
import { useEffect, useRef } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { useAuth } from '../data/hooks/auth';
import { RouteBoundary } from './RouteBoundary';
import { ToastHost } from '../ui/toasts/index';
import { ProgressToastHost } from '../ui/progress/index';
import { ConfirmHost } from '../ui/modal/ConfirmHost';
import { PageTitleProvider } from '../ui/page-title';
import { DeskRoutes, isDeskPath, SignedInRoutes, SignedOutFromContext, SignedOutRoutes } from './routes';
import { Shell } from './shell/Shell';
import { SignedOutLayout } from './shell/SignedOutLayout';
import { UpdateBanner } from './pwa/UpdateBanner';
import { LocaleFollower } from './LocaleFollower';
import { ScrollToTop } from './ScrollToTop';
import { SyncNoticeToasts } from './SyncNoticeToasts';
import { afterFirstContent } from '../ui/first-content';
import { followLastScreenTaps, hideSplash, splashShowsLastScreen } from './splash';
import { screenOwner, screenPath } from './snapshot/format';

/** How long the last known screen may cover a live screen that never marks its data as shown. */
const LAST_SCREEN_WAIT_MS = 2_000;

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <ScrollToTop />
        <PageTitleProvider>
          <RouteBoundary>
            <AuthSwitch />
          </RouteBoundary>
          <UpdateBanner />
          <ToastHost />
          <ProgressToastHost />
          <ConfirmHost />
        </PageTitleProvider>
      </BrowserRouter>
    </I18nextProvider>
  );
}

/** The signed-in area needs authentication and a selected facility. */
function AuthSwitch() {
  const auth = useAuth();
  const desk = isDeskPath(useLocation().pathname);
  const ready = auth !== undefined;
  const signedIn = auth?.status === 'authenticated' && Boolean(auth.facilityGuid);
  // Who this page last showed the app to: a sign-out then forgets that member's page (ToLogin).
  const shownMember = useRef<number | null>(null);
  useEffect(() => {
    if (signedIn) shownMember.current = auth.profileId;
  }, [signedIn, auth?.profileId]);
  useEffect(() => {
    if (!ready && !desk) return;
    // The last known screen stays until the live one has its rows, so the member never sees a spinner between.
    if (signedIn && !desk && splashShowsLastScreen()) void afterFirstContent(LAST_SCREEN_WAIT_MS).then(hideSplash);
    else hideSplash();
  }, [ready, signedIn, desk]);
  // The front desk is the studio's page, whoever is signed in as a member on this device.
  if (desk) return <DeskRoutes />;
  if (!auth) return null; // the splash stays up while IndexedDB opens
  if (!signedIn) {
    // A session that ended before this page showed its member (a reload answered 401 first) still
    // leaves that member's page: the auth row says whose session it was.
    return (
      <SignedOutLayout>
        <SignedOutFromContext.Provider value={shownMember.current ?? auth.endedFor ?? null}>
          <SignedOutRoutes />
        </SignedOutFromContext.Provider>
      </SignedOutLayout>
    );
  }
  return (
    <Shell>
      <LocaleFollower />
      <SyncNoticeToasts />
      <LastScreenTaps who={screenOwner(auth)} />
      <SignedInRoutes />
    </Shell>
  );
}

/** A link tapped on the last known screen before this screen was live opens, as the live one would have. */
function LastScreenTaps({ who }: { who: string | null }) {
  const navigate = useNavigate();
  // '/' and '/dashboard' are on their way to the timetable (a redirect): the tap follows once there.
  const { pathname } = useLocation();
  const settled = screenPath(pathname, '') === pathname;
  useEffect(() => {
    if (!settled) return;
    return followLastScreenTaps(who, (path) => {
      hideSplash();
      void navigate(path);
    });
  }, [settled, who, navigate]);
  return null;
}
