// The route table of SPEC §2. Every screen is its own chunk (React.lazy), so the first load
// carries only the shell; the service worker precaches the chunks for offline use.
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, useSearchParams, type RouteObject } from 'react-router';
import { Spinner } from '../components/spinner';

const screens = {
  Classes: lazy(() => import('../screens/classes/ClassesScreen')),
  ClassDetail: lazy(() => import('../screens/classes/ClassDetailScreen')),
  Whiteboard: lazy(() => import('../screens/classes/WhiteboardScreen')),
  Bookings: lazy(() => import('../screens/bookings/BookingsScreen')),
  Visits: lazy(() => import('../screens/visits/VisitsScreen')),
  VisitDetail: lazy(() => import('../screens/visits/VisitDetailScreen')),
  BookAppointment: lazy(() => import('../screens/appointments/BookAppointmentScreen')),
  AppointmentDetail: lazy(() => import('../screens/appointments/AppointmentDetailScreen')),
  Courses: lazy(() => import('../screens/courses/CoursesScreen')),
  CourseDetail: lazy(() => import('../screens/courses/CourseDetailScreen')),
  Account: lazy(() => import('../screens/account/AccountScreen')),
  AccountEdit: lazy(() => import('../screens/account/AccountEditScreen')),
  Invoices: lazy(() => import('../screens/account/InvoicesScreen')),
  Passes: lazy(() => import('../screens/account/PassesScreen')),
  Cart: lazy(() => import('../screens/checkout/CartScreen')),
  Payment: lazy(() => import('../screens/checkout/PaymentScreen')),
  CheckoutComplete: lazy(() => import('../screens/checkout/CheckoutCompleteScreen')),
  Activity: lazy(() => import('../screens/activity/ActivityScreen')),
  Profile: lazy(() => import('../screens/profile/ProfileScreen')),
  ProfileEdit: lazy(() => import('../screens/profile/ProfileEditScreen')),
  ProfileFacilities: lazy(() => import('../screens/profile/ProfileFacilitiesScreen')),
  Settings: lazy(() => import('../screens/settings/SettingsScreen')),
  TrainingLog: lazy(() => import('../screens/training/TrainingLogScreen')),
  Lifts: lazy(() => import('../screens/training/LiftsScreen')),
  LiftDetail: lazy(() => import('../screens/training/LiftDetailScreen')),
  NewWorkout: lazy(() => import('../screens/training/NewWorkoutScreen')),
  WodForm: lazy(() => import('../screens/training/WodFormScreen')),
  WodDetail: lazy(() => import('../screens/training/WodDetailScreen')),
  LiftForm: lazy(() => import('../screens/training/LiftFormScreen')),
  LiftWorkoutDetail: lazy(() => import('../screens/training/LiftWorkoutDetailScreen')),
  Login: lazy(() => import('../screens/auth/LoginScreen')),
  PasswordReset: lazy(() => import('../screens/auth/PasswordResetScreen')),
  Invite: lazy(() => import('../screens/auth/InviteScreen')),
  NotFound: lazy(() => import('../screens/common/NotFoundScreen')),
};

const tabs = {
  Placeholder: lazy(() => import('../screens/common/TabPlaceholderRoute')),
  ClassOverview: lazy(() => import('../screens/classes/ClassOverviewTab')),
  ClassOnline: lazy(() => import('../screens/classes/ClassOnlineTab')),
  ClassWorkouts: lazy(() => import('../screens/classes/ClassWorkoutsTab')),
  ClassLeaderboard: lazy(() => import('../screens/classes/ClassLeaderboardTab')),
};

function page(node: ReactNode): ReactNode {
  return <Suspense fallback={<Spinner />}>{node}</Suspense>;
}

const redirect = (to: string) => <Navigate to={to} replace />;

/** /signup?invite=… opens the profile with the invitation (SPEC §2). */
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
    children: [
      { index: true, element: page(<tabs.ClassOverview />) },
      { path: 'workouts', element: page(<tabs.ClassWorkouts />) },
      { path: 'leaderboard', element: page(<tabs.ClassLeaderboard />) },
      { path: 'online', element: page(<tabs.ClassOnline />) },
    ],
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
