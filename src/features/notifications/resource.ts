// The pull bookkeeping key of the notification list, shared by the pull and the bell's hooks
// without loading the pull code with the first paint.
export const NOTIFICATIONS_RESOURCE = 'notifications';
