// What the page's import map names `react`: the shell's own React, so a bundle's hooks run on the one
// instance rendering them (two Reacts on a page make every hook throw). Every export of React's
// production build, by name, since an ES module cannot re-export a CommonJS module's names with
// `export *`; sharedReact.test.ts keeps the list complete (decision 0058).
import React from 'react';

export default React;
export {
  Activity,
  Children,
  Component,
  Fragment,
  Profiler,
  PureComponent,
  StrictMode,
  Suspense,
  ViewTransition,
  addTransitionType,
  cache,
  cacheSignal,
  cloneElement,
  createContext,
  createElement,
  createRef,
  forwardRef,
  isValidElement,
  lazy,
  memo,
  startTransition,
  use,
  useActionState,
  useCallback,
  useContext,
  useDebugValue,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useOptimistic,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
  version,
} from 'react';

// Not in React's types; libraries compiled into a bundle may still use them.
const untyped = React as unknown as Record<string, unknown>;
export const __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE = untyped.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
export const __COMPILER_RUNTIME = untyped.__COMPILER_RUNTIME;
export const unstable_useCacheRefresh = untyped.unstable_useCacheRefresh;
