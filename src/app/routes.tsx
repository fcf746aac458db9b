// The route table. Every screen is its own chunk (React.lazy), loaded together with its feature's
// strings (withStrings), so the first load carries only the shell and the shell's words; the service worker precaches the chunks for offline use.
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, useSearchParams, type RouteObject } from 'react-router';
import { Spinner } from '../ui/spinner/index';
import { withStrings } from '../i18n/index';
import { classTabs } from '../features/booking/class-tabs';
// Registers the workouts and leaderboard tabs of a class page.
import '../features/training/class-tabs';

const screens = {
  Classes: lazy(withStrings('booking', () => import('../features/booking/screens/ClassesScreen'))),
  ClassDetail: lazy(withStrings('booking', () => import('../features/booking/screens/ClassDetailScreen'))),
  Whiteboard: lazy(withStrings('training', () => import('../features/training/screens/WhiteboardScreen'))),
  Bookings: lazy(withStrings('booking', () => import('../features/booking/screens/BookingsScreen'))),
  Visits: lazy(withStrings('booking', () => import('../features/booking/screens/VisitsScreen'))),
  VisitDetail: lazy(withStrings('booking', () => import('../features/booking/screens/VisitDetailScreen'))),
  BookAppointment: lazy(() => import('../features/appointments/screens/BookAppointmentScreen')),
  AppointmentDetail: lazy(() => import('../features/appointments/screens/AppointmentDetailScreen')),
  Courses: lazy(() => import('../features/courses/screens/CoursesScreen')),
  CourseDetail: lazy(() => import('../features/courses/screens/CourseDetailScreen')),
  Account: lazy(() => import('../features/account/screens/AccountScreen')),
  AccountEdit: lazy(() => import('../features/account/screens/AccountEditScreen')),
  Invoices: lazy(() => import('../features/account/screens/InvoicesScreen')),
  Passes: lazy(() => import('../features/account/screens/PassesScreen')),
  Cart: lazy(() => import('../features/shop/screens/CartScreen')),
  Payment: lazy(() => import('../features/shop/screens/PaymentScreen')),
  CheckoutComplete: lazy(() => import('../features/shop/screens/CheckoutCompleteScreen')),
  Activity: lazy(() => import('../features/feed/screens/ActivityScreen')),
  Profile: lazy(withStrings('profile', () => import('../features/profile/screens/ProfileScreen'))),
  ProfileEdit: lazy(withStrings('profile', () => import('../features/profile/screens/ProfileEditScreen'))),
  ProfileFacilities: lazy(withStrings('profile', () => import('../features/profile/screens/ProfileFacilitiesScreen'))),
  Settings: lazy(() => import('./settings/SettingsScreen')),
  TrainingLog: lazy(withStrings('training', () => import('../features/training/screens/TrainingLogScreen'))),
  Lifts: lazy(withStrings('training', () => import('../features/training/screens/LiftsScreen'))),
  LiftDetail: lazy(withStrings('training', () => import('../features/training/screens/LiftDetailScreen'))),
  NewWorkout: lazy(withStrings('training', () => import('../features/training/screens/NewWorkoutScreen'))),
  WodForm: lazy(withStrings('training', () => import('../features/training/screens/WodFormScreen'))),
  WodDetail: lazy(withStrings('training', () => import('../features/training/screens/WodDetailScreen'))),
  LiftForm: lazy(withStrings('training', () => import('../features/training/screens/LiftFormScreen'))),
  LiftWorkoutDetail: lazy(withStrings('training', () => import('../features/training/screens/LiftWorkoutDetailScreen'))),
  Login: lazy(() => import('../features/auth/screens/LoginScreen')),
  PasswordReset: lazy(() => import('../features/auth/screens/PasswordResetScreen')),
  Invite: lazy(() => import('../features/auth/screens/InviteScreen')),
  NotFound: lazy(() => import('../ui/placeholders/NotFoundScreen')),
};

const tabs = {
  Placeholder: lazy(() => import('../ui/placeholders/TabPlaceholderRoute')),
};

function page(node: ReactNode): ReactNode {
  return <Suspense fallback={<Spinner />}>{node}</Suspense>;
}

const redirect = (to: string) => <Navigate to={to} replace />;

/** /signup?invite=… opens the profile with the invitation. */
function SignupRedirect() {
  const [params] = useSearchParams();
  const invite = params.get('invite');
  return redirect(invite ? `/profile?invite=${encodeURIComponent(invite)}` : '/profile');
}

export const signedInRoutes: RouteObject[] = [
  { path: '/', element: redirect('/classes') },
  { path: '/dashboard', element: redirect('/classes') },
  { path: '/login', element: redirect('/') },
  { path: '/signup', element: <SignupRedirect /> },
  { path: '/password_reset', element: redirect('/profile?password_reset=1') },
  { path: '/classes', element: page(<screens.Classes />) },
  {
    path: '/classes/:id',
    element: page(<screens.ClassDetail />),
    children: classTabs().map((tab) => {
      const Tab = lazy(tab.load);
      return tab.path ? { path: tab.path, element: page(<Tab />) } : { index: true, element: page(<Tab />) };
    }),
  },
  { path: '/whiteboard', element: page(<screens.Whiteboard />) },
  { path: '/bookings', element: page(<screens.Bookings />) },
  { path: '/visits', element: page(<screens.Visits />) },
  { path: '/visits/:visitId', element: page(<screens.VisitDetail />) },
  {
    path: '/appointments/book',
    element: page(<screens.BookAppointment />),
    children: ['', 'staff', 'time', 'concession', 'confirm'].map((step) =>
      step ? { path: step, element: page(<tabs.Placeholder emptyKey="empty.appointments" />) } : { index: true, element: page(<tabs.Placeholder emptyKey="empty.appointments" />) },
    ),
  },
  { path: '/appointments/:id', element: page(<screens.AppointmentDetail />) },
  { path: '/courses', element: page(<screens.Courses />) },
  { path: '/courses/:id', element: page(<screens.CourseDetail />) },
  { path: '/account', element: page(<screens.Account />) },
  { path: '/account/edit', element: page(<screens.AccountEdit />) },
  { path: '/account/invoices', element: page(<screens.Invoices />) },
  { path: '/account/passes', element: page(<screens.Passes />) },
  { path: '/checkout', element: page(<screens.Cart />) },
  { path: '/checkout/payment', element: page(<screens.Payment />) },
  { path: '/checkout/complete', element: page(<screens.CheckoutComplete />) },
  { path: '/activity', element: page(<screens.Activity />) },
  { path: '/profile', element: page(<screens.Profile />) },
  { path: '/profile/edit', element: page(<screens.ProfileEdit />) },
  { path: '/profile/facilities', element: page(<screens.ProfileFacilities />) },
  { path: '/settings', element: page(<screens.Settings />) },
  { path: '/training', element: page(<screens.TrainingLog />) },
  { path: '/training/lifts', element: page(<screens.Lifts />) },
  { path: '/training/lifts/:liftId', element: page(<screens.LiftDetail />) },
  { path: '/training/workouts/new', element: page(<screens.NewWorkout />) },
  { path: '/training/workouts/new/wod', element: page(<screens.WodForm />) },
  { path: '/training/workouts/wod/:id', element: page(<screens.WodDetail />) },
  { path: '/training/workouts/wod/:id/edit', element: page(<screens.WodForm />) },
  { path: '/training/workouts/new/lift', element: page(<screens.LiftForm />) },
  { path: '/training/workouts/lift/:id', element: page(<screens.LiftWorkoutDetail />) },
  { path: '/training/workouts/lift/:id/edit', element: page(<screens.LiftForm />) },
  { path: '*', element: page(<screens.NotFound />) },
];

export const signedOutRoutes: RouteObject[] = [
  { path: '/login', element: page(<screens.Login />) },
  { path: '/password_reset', element: page(<screens.PasswordReset />) },
  { path: '/password_reset/:id', element: page(<screens.PasswordReset />) },
  { path: '/invite', element: page(<screens.Invite />) },
  { path: '/invite/:token', element: page(<screens.Invite />) },
  { path: '/signup', element: page(<screens.Invite />) },
  { path: '*', element: <ToLogin /> },
];

/** Any other signed-out path goes to /login, remembering where the member was heading. */
function ToLogin() {
  const location = useLocation();
  const from = location.pathname + location.search;
  return <Navigate to="/login" replace state={from !== '/' ? { from } : undefined} />;
}

export function SignedInRoutes() {
  return useRoutes(signedInRoutes);
}

export function SignedOutRoutes() {
  return useRoutes(signedOutRoutes);
}
