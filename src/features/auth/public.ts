// What other features may use of the auth slice: accepting an invitation while signed in (the
// profile screen shows it for /profile?invite=…).
export { InviteAcceptCard } from './screens/InviteAcceptCard';
