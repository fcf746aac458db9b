// Training's tabs on a class page: the workouts programmed for it and its leaderboard.
import { registerClassTab } from '../booking/public-tabs';
import { withStrings } from '../../i18n/index';

registerClassTab({ path: 'workouts', label: 'tabs.workouts', order: 10, load: withStrings('training', () => import('./screens/ClassWorkoutsTab')) });
registerClassTab({ path: 'leaderboard', label: 'tabs.leaderboard', order: 20, load: withStrings('training', () => import('./screens/ClassLeaderboardTab')) });
