// The tabs of a class page. Booking owns the page and its own tabs; other slices (training's
// workouts and leaderboard) register theirs here from their own module, so the class page never
// imports another slice's screens. The app's route table reads the list.
import type { ComponentType } from 'react';
import { useOutletContext } from 'react-router';
import type { Session } from '../../../core/contract/types';

/** What every tab gets from the class page. */
export interface ClassContext {
  session: Session;
  timeZone: string;
}

export function useClassContext(): ClassContext {
  return useOutletContext<ClassContext>();
}

type ClassTabLabel = 'tabs.overview' | 'tabs.workouts' | 'tabs.leaderboard' | 'tabs.online';

interface ClassTab {
  /** Below /classes/:id; '' is the index tab. */
  path: string;
  label: ClassTabLabel;
  /** Place among the tabs, lowest first. */
  order: number;
  /** The tab's screen, its own chunk. */
  load: () => Promise<{ default: ComponentType }>;
}

const tabs: ClassTab[] = [
  { path: '', label: 'tabs.overview', order: 0, load: () => import('./screens/ClassOverviewTab') },
  { path: 'online', label: 'tabs.online', order: 100, load: () => import('./screens/ClassOnlineTab') },
];

export function registerClassTab(tab: ClassTab): void {
  if (tabs.some((known) => known.path === tab.path)) return;
  tabs.push(tab);
  tabs.sort((a, b) => a.order - b.order);
}

export function classTabs(): readonly ClassTab[] {
  return tabs;
}
