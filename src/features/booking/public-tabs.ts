// The class page's tab registry, for slices that add tabs. Apart from public.ts because the route
// table loads it with the first paint, and public.ts brings booking's hooks and commands.
export { registerClassTab, useClassContext } from './class-tabs';
