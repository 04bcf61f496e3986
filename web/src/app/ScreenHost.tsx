import { Suspense, useContext, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useParams } from 'react-router';
import { substituteParams, type ModuleView, type ResolvedRoute } from '@platform/schemas';
import { deferred } from './deferred.tsx';
import { screenFor } from './registry.ts';
import { breadcrumbTrail } from '../navigation/breadcrumbTrail.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { DeniedModuleNotice } from './DeniedModuleNotice.tsx';
import { BreadcrumbSlot } from './breadcrumbSlot.ts';
import { ScreenReport } from './screenReports/ScreenReport.tsx';
import { ScreenShown } from './screenReports/ScreenShown.tsx';

// Only modules whose release names a bundle need its loader: a chunk of its own, off the login page.
const BundleHost = deferred('BundleHost', () => import('./bundles/BundleHost.tsx').then((m) => m.BundleHost));

/** Fetches the bundle loader's code before a module with a bundle is first opened. */
export const preloadBundleHost = () => BundleHost.preload();

/** Renders the screen a route names, with its breadcrumbs and the document title. */
export function ScreenHost({ route, module }: { route: ResolvedRoute; module: ModuleView }) {
  const params = useParams();
  const { pathname } = useLocation();
  const title = substituteParams(route.title ?? '', params);
  useEffect(() => {
    document.title = module.key === 'shell' || module.key === 'dash' ? title : `${title} · ${module.name}`;
  }, [title, module]);
  const slot = useContext(BreadcrumbSlot);
  const Screen = screenFor(route.screen);
  const crumbs = module.breadcrumbs ? <Breadcrumbs trail={breadcrumbTrail(module, route, params)} /> : null;
  return (
    <>
      {crumbs && (slot ? createPortal(crumbs, slot) : crumbs)}
      <DeniedModuleNotice />
      {/* No heading while a screen's code is on its way: the screen brings the page's one h1.
          Each route gets a boundary of its own: the router navigates in a transition, in which a
          boundary already on screen keeps the previous screen up, still taking input, until the new
          screen's code is here, and then throws away what was typed into it. A new boundary shows
          its fallback at once (decision 0027). Keyed by the address, not only the route: a screen
          opened for another record (another job, or a default child opened at its own address)
          starts afresh instead of keeping what was typed for the previous one. */}
      <ScreenReport key={pathname} module={module}>
        <Suspense
          key={pathname}
          fallback={
            <p aria-busy="true" className="muted">
              Loading…
            </p>
          }
        >
          {module.bundle ? (
            <BundleHost route={route} module={module} title={title} params={params} compiled={Screen} />
          ) : (
            <Screen route={route} module={module} title={title} params={params} />
          )}
          {/* A bundle's host marks it where the bundle's screen renders, past its own loading state. */}
          {!module.bundle && <ScreenShown />}
        </Suspense>
      </ScreenReport>
    </>
  );
}
