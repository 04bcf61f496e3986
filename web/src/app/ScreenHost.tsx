import { Suspense, useContext, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useParams } from 'react-router-dom';
import { substituteParams, type ModuleView, type ResolvedRoute } from '@platform/schemas';
import { screenFor } from '../screens/registry.ts';
import { breadcrumbTrail } from './breadcrumbTrail.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { BreadcrumbSlot } from './breadcrumbSlot.ts';

/** Renders the screen a route names, with its breadcrumbs and the document title. */
export function ScreenHost({ route, module }: { route: ResolvedRoute; module: ModuleView }) {
  const params = useParams();
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
      {/* No heading while a screen's code is on its way: the screen brings the page's one h1. */}
      <Suspense fallback={<p aria-busy="true" className="muted">Loading…</p>}>
        <Screen route={route} module={module} title={title} params={params} />
      </Suspense>
    </>
  );
}
