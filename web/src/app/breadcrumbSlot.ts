import { createContext } from 'react';

/** Where the frame wants breadcrumbs: above the section tabs, though the leaf screen knows the trail. */
export const BreadcrumbSlot = createContext<HTMLElement | null>(null);
