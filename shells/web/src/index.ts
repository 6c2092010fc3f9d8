// The entry only starts the app, once the browser has painted the prerendered page: React,
// the router and the pages come in chunks of their own, fetched in parallel and each
// evaluated in its own task, so that neither the first paint waits for them nor a single
// task blocks the page for long (Lighthouse's LCP and Total Blocking Time). A tab
// opened in the background paints nothing yet, and starts at once. On the prerendered pages a
// loader in the page runs this entry only once the page has painted (scripts/prerender.tsx).
import { connectEarly } from './federation/early-connections';

connectEarly();
const start = () => import(/* webpackChunkName: "bootstrap" */ './bootstrap');
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
