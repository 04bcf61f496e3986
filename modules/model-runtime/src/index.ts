// What the shell imports (decision 0058): each screen id of route-manifests/mr.json this bundle draws.
// mr.domain is the shell's section layout (tabs over its children).
import { createElement, type ComponentType } from 'react';
import type { BundleExports, ScreenProps } from '@platform/module-sdk';
import { ArtifactsScreen } from './screens/ArtifactsScreen.tsx';
import { DomainsScreen } from './screens/DomainsScreen.tsx';
import { JobScreen } from './screens/JobScreen.tsx';
import { JobsScreen } from './screens/JobsScreen.tsx';
import { LogsScreen } from './screens/LogsScreen.tsx';
import { NewRunScreen } from './screens/NewRunScreen.tsx';

/** One screen drawing several routes, told which by `kind`. */
function ofKind<K extends string>(Screen: ComponentType<ScreenProps & { kind: K }>, kind: K): ComponentType<ScreenProps> {
  const Bound = (props: ScreenProps) => createElement(Screen, { ...props, kind });
  Bound.displayName = `${Screen.name}(${kind})`;
  return Bound;
}

export const screens: BundleExports['screens'] = {
  'mr.home': DomainsScreen,
  'mr.jobs': ofKind(JobsScreen, 'job'),
  'mr.jobNew': ofKind(NewRunScreen, 'job'),
  'mr.job': ofKind(JobScreen, 'job'),
  'mr.jobLogs': ofKind(LogsScreen, 'job'),
  'mr.workflows': ofKind(JobsScreen, 'workflow'),
  'mr.workflowNew': ofKind(NewRunScreen, 'workflow'),
  'mr.workflow': ofKind(JobScreen, 'workflow'),
  'mr.workflowLogs': ofKind(LogsScreen, 'workflow'),
  'mr.models': ofKind(ArtifactsScreen, 'model'),
  'mr.scripts': ofKind(ArtifactsScreen, 'script'),
  'mr.fmus': ofKind(ArtifactsScreen, 'fmu'),
};
