// The route table. Every screen is its own chunk (React.lazy), loaded together with its feature's
// strings (withStrings), so the first load carries only the shell and the shell's words; the service
// worker precaches the chunks for offline use. preloadRoute starts the chunk the URL needs while the
// app is still starting (main.tsx), so it is not requested only once React reaches the route.
import { createContext, Suspense, useContext, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchRoutes, Navigate, useLocation, useParams, useRoutes, useSearchParams, type RouteObject } from 'react-router';
import { Spinner } from '../ui/spinner/index';
import { withStrings } from '../i18n/index';
import { classTabs } from '../features/booking/class-tabs';
// Registers the workouts and leaderboard tabs of a class page.
import '../features/training/class-tabs';
import { HOME_PATH } from '../domain/account';
import { destinationAfterSignIn, destinationOnSignOut } from '../domain/destination';
import { useAuth } from '../data/hooks/auth';
// One load per screen, shared by preloadRoute and React.lazy.
import { lazyOnce, once, startLoad } from '../ui/load-once';
import { RouteBoundary } from './RouteBoundary';

const loaders = {
  // The timetable also reads the week it opens on, as soon as its chunk is there.
  Classes: once(withStrings('booking', () => import('../features/booking/screens/ClassesScreen').then((screen) => (void screen.readFirstWeek().catch(() => undefined), screen)))),
  // The account's strings too: a class says what is left of the pass a booking uses as the account does.
  ClassDetail: once(withStrings(['booking', 'account'], () => import('../features/booking/screens/ClassDetailScreen'))),
  Whiteboard: once(withStrings('training', () => import('../features/training/screens/WhiteboardScreen'))),
  Bookings: once(withStrings('booking', withStrings('appointments', () => import('../features/booking/screens/BookingsScreen')))),
  Checkin: once(withStrings('profile', () => import('../features/checkin/screens/CheckinScreen'))),
  Desk: once(withStrings('profile', () => import('../features/checkin/screens/DeskScreen'))),
  Visits: once(withStrings('booking', () => import('../features/booking/screens/VisitsScreen'))),
  VisitDetail: once(withStrings('booking', () => import('../features/booking/screens/VisitDetailScreen'))),
  BookAppointment: once(withStrings('appointments', () => import('../features/appointments/screens/BookAppointmentScreen'))),
  AppointmentDetail: once(withStrings('appointments', () => import('../features/appointments/screens/AppointmentDetailScreen'))),
  Courses: once(withStrings('appointments', () => import('../features/courses/screens/CoursesScreen'))),
  CourseDetail: once(withStrings('appointments', () => import('../features/courses/screens/CourseDetailScreen'))),
  Account: once(withStrings('account', () => import('../features/account/screens/AccountScreen'))),
  AccountEdit: once(withStrings('account', () => import('../features/account/screens/AccountEditScreen'))),
  Invoices: once(withStrings('account', () => import('../features/account/screens/InvoicesScreen'))),
  Passes: once(withStrings('account', () => import('../features/account/screens/PassesScreen'))),
  Cart: once(withStrings('account', () => import('../features/shop/screens/CartScreen'))),
  Payment: once(withStrings('account', () => import('../features/shop/screens/PaymentScreen'))),
  CheckoutComplete: once(withStrings('account', () => import('../features/shop/screens/CheckoutCompleteScreen'))),
  Activity: once(withStrings('feed', () => import('../features/feed/screens/ActivityScreen'))),
  Profile: once(withStrings('profile', () => import('../features/profile/screens/ProfileScreen'))),
  ProfileEdit: once(withStrings('profile', () => import('../features/profile/screens/ProfileEditScreen'))),
  ProfileFacilities: once(withStrings('profile', () => import('../features/profile/screens/ProfileFacilitiesScreen'))),
  Settings: once(withStrings('profile', () => import('./settings/SettingsScreen'))),
  Friends: once(withStrings('profile', () => import('../features/friends/screens/FriendsScreen'))),
  FriendAccept: once(withStrings('profile', () => import('../features/friends/screens/FriendAcceptScreen'))),
  TrainingLog: once(withStrings('training', () => import('../features/training/screens/TrainingLogScreen'))),
  Lifts: once(withStrings('training', () => import('../features/training/screens/LiftsScreen'))),
  LiftDetail: once(withStrings('training', () => import('../features/training/screens/LiftDetailScreen'))),
  NewWorkout: once(withStrings('training', () => import('../features/training/screens/NewWorkoutScreen'))),
  WodForm: once(withStrings('training', () => import('../features/training/screens/WodFormScreen'))),
  WodDetail: once(withStrings('training', () => import('../features/training/screens/WodDetailScreen'))),
  LiftForm: once(withStrings('training', () => import('../features/training/screens/LiftFormScreen'))),
  LiftWorkoutDetail: once(withStrings('training', () => import('../features/training/screens/LiftWorkoutDetailScreen'))),
  TrainingExport: once(withStrings('training', () => import('../features/training/screens/TrainingExportScreen'))),
  TrainingImport: once(withStrings('training', () => import('../features/training/screens/TrainingImportScreen'))),
  Login: once(() => import('../features/auth/screens/LoginScreen')),
  PasswordReset: once(() => import('../features/auth/screens/PasswordResetScreen')),
  Invite: once(withStrings('profile', () => import('../features/auth/screens/InviteScreen'))),
  NotFound: once(() => import('../ui/placeholders/NotFoundScreen')),
};

type ScreenName = keyof typeof loaders;
const screens = Object.fromEntries(Object.entries(loaders).map(([name, load]) => [name, lazyOnce<ComponentType>(load)])) as Record<ScreenName, LazyExoticComponent<ComponentType>>;

/** A route's element and the load preloadRoute starts for it. */
function screen(name: ScreenName): Pick<RouteObject, 'element' | 'handle'> {
  const Screen = screens[name];
  return { element: page(<Screen />), handle: { preload: loaders[name] } };
}

function page(node: ReactNode): ReactNode {
  return (
    <RouteBoundary>
      <Suspense fallback={<Spinner />}>{node}</Suspense>
    </RouteBoundary>
  );
}

const redirect = (to: string) => <Navigate to={to} replace />;

/**
 * The sign-in just landed (the auth row flipped while /login shows): where the member was heading,
 * else the timetable. The login screen then navigates to the same place, so its late navigation
 * (after the facility arrives) changes nothing on screen, not even a menu opened meanwhile.
 */
function SignedInOnLogin() {
  const state: unknown = useLocation().state;
  return redirect(destinationAfterSignIn(state, useAuth()?.profileId ?? null));
}

/** /signup?invite=… and /invite/:token open the profile with the invitation, to accept it. */
function SignupRedirect() {
  const [params] = useSearchParams();
  const invite = useParams().token ?? params.get('invite');
  return redirect(invite ? `/profile?invite=${encodeURIComponent(invite)}` : '/profile');
}

export const signedInRoutes: RouteObject[] = [
  { path: '/', element: redirect(HOME_PATH), handle: { preload: loaders.Classes } },
  { path: '/dashboard', element: redirect(HOME_PATH), handle: { preload: loaders.Classes } },
  { path: '/login', element: <SignedInOnLogin /> },
  { path: '/signup', element: <SignupRedirect /> },
  // Pasting an invitation link works signed in too: its /invite/:token opens the profile to accept it.
  { path: '/invite', ...screen('Invite') },
  { path: '/invite/:token', element: <SignupRedirect /> },
  { path: '/password_reset', element: redirect('/profile?password_reset=1') },
  // A reset link opened on a device already signed in still sets the password.
  { path: '/password_reset/:id', ...screen('PasswordReset') },
  { path: '/classes', ...screen('Classes') },
  {
    path: '/classes/:id',
    ...screen('ClassDetail'),
    children: classTabs().map((tab) => {
      const load = once(tab.load);
      const Tab = lazyOnce(load);
      const route = { element: page(<Tab />), handle: { preload: load } };
      return tab.path ? { path: tab.path, ...route } : { index: true, ...route };
    }),
  },
  { path: '/whiteboard', ...screen('Whiteboard') },
  { path: '/bookings', ...screen('Bookings') },
  { path: '/checkin', ...screen('Checkin') },
  { path: '/visits', ...screen('Visits') },
  { path: '/visits/:visitId', ...screen('VisitDetail') },
  { path: '/appointments/book/:step?', ...screen('BookAppointment') },
  { path: '/appointments/:id', ...screen('AppointmentDetail') },
  { path: '/courses', ...screen('Courses') },
  { path: '/courses/:id', ...screen('CourseDetail') },
  { path: '/account', ...screen('Account') },
  { path: '/account/edit', ...screen('AccountEdit') },
  { path: '/account/invoices', ...screen('Invoices') },
  { path: '/account/passes', ...screen('Passes') },
  { path: '/checkout', ...screen('Cart') },
  { path: '/checkout/payment', ...screen('Payment') },
  { path: '/checkout/complete', ...screen('CheckoutComplete') },
  { path: '/activity', ...screen('Activity') },
  { path: '/profile', ...screen('Profile') },
  { path: '/profile/edit', ...screen('ProfileEdit') },
  { path: '/profile/facilities', ...screen('ProfileFacilities') },
  { path: '/settings', ...screen('Settings') },
  { path: '/friends', ...screen('Friends') },
  // An invitation link: signed out, ToLogin remembers it and sign-in comes back here.
  { path: '/friends/accept/:token', ...screen('FriendAccept') },
  { path: '/training', ...screen('TrainingLog') },
  { path: '/training/lifts', ...screen('Lifts') },
  { path: '/training/export', ...screen('TrainingExport') },
  { path: '/training/import', ...screen('TrainingImport') },
  { path: '/training/lifts/:liftId', ...screen('LiftDetail') },
  { path: '/training/workouts/new', ...screen('NewWorkout') },
  { path: '/training/workouts/new/wod', ...screen('WodForm') },
  { path: '/training/workouts/wod/:id', ...screen('WodDetail') },
  { path: '/training/workouts/wod/:id/edit', ...screen('WodForm') },
  { path: '/training/workouts/new/lift', ...screen('LiftForm') },
  { path: '/training/workouts/lift/:id', ...screen('LiftWorkoutDetail') },
  { path: '/training/workouts/lift/:id/edit', ...screen('LiftForm') },
  { path: '*', ...screen('NotFound') },
];

/** The front desk's page (features/checkin): staff, not a member, so outside both member areas. */
export const deskRoutes: RouteObject[] = [{ path: '/desk', ...screen('Desk') }];

export function isDeskPath(pathname: string): boolean {
  return matchRoutes(deskRoutes, pathname) !== null;
}

export const signedOutRoutes: RouteObject[] = [
  { path: '/login', ...screen('Login') },
  { path: '/password_reset', ...screen('PasswordReset') },
  { path: '/password_reset/:id', ...screen('PasswordReset') },
  { path: '/invite', ...screen('Invite') },
  { path: '/invite/:token', ...screen('Invite') },
  { path: '/signup', ...screen('Invite') },
  { path: '*', element: <ToLogin /> },
];

/**
 * The member this page showed before it fell signed out (null: none since it loaded). The signed-out
 * routes read it to tell a member's own page, left behind by a sign-out, from a visitor's link.
 */
export const SignedOutFromContext = createContext<number | null>(null);

/** Any other signed-out path goes to /login, remembering where the member was heading (docs/rules.md#auth). */
function ToLogin() {
  const location = useLocation();
  const member = useContext(SignedOutFromContext);
  const reason = useAuth()?.reason;
  const destination = destinationOnSignOut(location.pathname + location.search, { reason, member });
  return <Navigate to="/login" replace state={destination ?? undefined} />;
}

/**
 * Starts loading the screen (and its strings) that this URL shows, signed in or out, before React
 * renders: the app's start and the route's chunk then overlap instead of following each other.
 */
export function preloadRoute(pathname: string): void {
  for (const table of [deskRoutes, signedInRoutes, signedOutRoutes]) {
    for (const match of matchRoutes(table, pathname) ?? []) {
      const preload = (match.route.handle as { preload?: () => PromiseLike<unknown> } | undefined)?.preload;
      // A failed load is tried again when React renders the route, which shows its error.
      if (preload) startLoad(preload);
    }
  }
}

/**
 * The screen a path shows: its top-level route (a class's tabs are one screen), signed in or out.
 * Screens that differ start at the top (ScrollToTop).
 */
export function screenOf(pathname: string): string {
  for (const table of [deskRoutes, signedInRoutes, signedOutRoutes]) {
    const route = matchRoutes(table, pathname)?.[0]?.route;
    if (route?.path && route.path !== '*') return route.path;
  }
  return pathname;
}

/**
 * The route pattern a path matched (/classes/:id/workouts), signed in or out: what an error report
 * and a speed sample name instead of the path, which may carry ids and tokens. Unknown paths are *.
 */
export function routeTemplate(pathname: string): string {
  for (const table of [deskRoutes, signedInRoutes, signedOutRoutes]) {
    const matches = matchRoutes(table, pathname);
    const template = matches?.map((match) => match.route.path ?? '').filter(Boolean).join('/');
    if (template && template !== '*') return template;
  }
  return '*';
}

export function DeskRoutes() {
  return useRoutes(deskRoutes);
}

export function SignedInRoutes() {
  return useRoutes(signedInRoutes);
}

export function SignedOutRoutes() {
  return useRoutes(signedOutRoutes);
}
