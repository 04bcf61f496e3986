import type { FlexcmAccess, NotificationList, SiteGroupList, UploadList } from '@platform/schemas';
import { json, onePagePdf, plainText, readingsCsv } from './demoFiles.ts';

// The main backend's demo data for `npm start`: enough to make every platform screen real.

const DEMO_FLEXCM_ACCESS: Record<string, { hasAccess: boolean; since: string | null }> = {
  acme: { hasAccess: true, since: '2024-03-01T00:00:00.000Z' },
  globex: { hasAccess: false, since: null },
};

export function flexcmAccessOf(customerId: string): FlexcmAccess['data'] {
  return { customerId, ...(DEMO_FLEXCM_ACCESS[customerId] ?? { hasAccess: false, since: null }) };
}

export const DEMO_SITE_GROUPS: Record<string, SiteGroupList['siteGroups']> = {
  acme: [
    {
      id: 'north-sea',
      name: 'North Sea',
      sites: [
        { id: 'brent-alpha', name: 'Brent Alpha' },
        { id: 'forties-bravo', name: 'Forties Bravo' },
      ],
    },
    {
      id: 'gulf-coast',
      name: 'Gulf Coast',
      sites: [
        { id: 'galveston-yard', name: 'Galveston Yard' },
        { id: 'corpus-christi', name: 'Corpus Christi' },
      ],
    },
  ],
  globex: [
    { id: 'alpine', name: 'Alpine', sites: [{ id: 'innsbruck-hydro', name: 'Innsbruck Hydro' }] },
    {
      id: 'nordic',
      name: 'Nordic',
      sites: [
        { id: 'bergen-wind', name: 'Bergen Wind' },
        { id: 'lulea-mill', name: 'Luleå Mill' },
      ],
    },
  ],
};

type Upload = UploadList['uploads'][number];
export interface DemoUpload extends Omit<Upload, 'sizeBytes'> {
  content: () => Buffer;
}

export const DEMO_UPLOADS: Record<string, DemoUpload[]> = {
  acme: [
    {
      id: 'up-acme-1',
      fileName: 'scada-export-2026-10.csv',
      contentType: 'text/csv',
      uploadedAt: '2026-10-31T17:42:00.000Z',
      uploadedBy: 'analyst@acme.example',
      status: 'processed',
      siteGroupId: 'north-sea',
      content: () => readingsCsv(4000, 1),
    },
    {
      id: 'up-acme-2',
      fileName: 'vibration-survey.pdf',
      contentType: 'application/pdf',
      uploadedAt: '2026-10-12T09:05:00.000Z',
      uploadedBy: 'engineer@acme.example',
      status: 'processed',
      siteGroupId: 'north-sea',
      content: () => onePagePdf('Vibration survey, Brent Alpha'),
    },
    {
      id: 'up-acme-3',
      fileName: 'galveston-tags.csv',
      contentType: 'text/csv',
      uploadedAt: '2026-11-18T13:20:00.000Z',
      uploadedBy: 'analyst@acme.example',
      status: 'processing',
      siteGroupId: 'gulf-coast',
      content: () => readingsCsv(600, 2),
    },
    {
      id: 'up-acme-4',
      fileName: 'asset-register.json',
      contentType: 'application/json',
      uploadedAt: '2026-09-03T08:00:00.000Z',
      uploadedBy: 'engineer@acme.example',
      status: 'failed',
      siteGroupId: 'gulf-coast',
      content: () => json({ assets: [{ id: 'GT-1', site: 'galveston-yard' }] }),
    },
    {
      id: 'up-acme-5',
      fileName: 'forties-maintenance-log.txt',
      contentType: 'text/plain',
      uploadedAt: '2026-08-21T15:30:00.000Z',
      uploadedBy: 'engineer@acme.example',
      status: 'processed',
      siteGroupId: 'north-sea',
      content: () => plainText('2026-08-20 Replaced seal on pump P-101\n2026-08-21 Vibration back to normal\n'),
    },
  ],
  globex: [
    {
      id: 'up-globex-1',
      fileName: 'turbine-output-2026-q3.csv',
      contentType: 'text/csv',
      uploadedAt: '2026-10-02T10:00:00.000Z',
      uploadedBy: 'viewer@globex.example',
      status: 'processed',
      siteGroupId: 'nordic',
      content: () => readingsCsv(2500, 3),
    },
    {
      id: 'up-globex-2',
      fileName: 'dam-inspection.pdf',
      contentType: 'application/pdf',
      uploadedAt: '2026-07-14T12:00:00.000Z',
      uploadedBy: 'viewer@globex.example',
      status: 'processed',
      siteGroupId: 'alpine',
      content: () => onePagePdf('Dam inspection, Innsbruck Hydro'),
    },
    {
      id: 'up-globex-3',
      fileName: 'mill-sensors.csv',
      contentType: 'text/csv',
      uploadedAt: '2026-11-20T06:45:00.000Z',
      uploadedBy: 'viewer@globex.example',
      status: 'failed',
      siteGroupId: 'nordic',
      content: () => readingsCsv(40, 4),
    },
  ],
};

export const DEMO_NOTIFICATIONS: Record<string, NotificationList['notifications']> = {
  acme: [
    {
      id: 'n-acme-1',
      at: '2026-11-21T04:12:00.000Z',
      severity: 'critical',
      title: 'Gearbox temperature above threshold',
      body: 'Compressor C-2 at Brent Alpha has run above 95 °C for 40 minutes.',
      siteGroupId: 'north-sea',
    },
    {
      id: 'n-acme-2',
      at: '2026-11-19T16:00:00.000Z',
      severity: 'warning',
      title: 'Upload still processing',
      body: 'galveston-tags.csv has been processing for more than a day.',
      siteGroupId: 'gulf-coast',
    },
    {
      id: 'n-acme-3',
      at: '2026-11-02T09:30:00.000Z',
      severity: 'info',
      title: 'October SCADA export processed',
      body: 'Readings from 412 tags are available for analysis.',
      siteGroupId: 'north-sea',
    },
    {
      id: 'n-acme-4',
      at: '2026-09-04T07:15:00.000Z',
      severity: 'warning',
      title: 'Asset register rejected',
      body: 'asset-register.json names a site that does not exist.',
      siteGroupId: 'gulf-coast',
    },
  ],
  globex: [
    {
      id: 'n-globex-1',
      at: '2026-11-20T07:00:00.000Z',
      severity: 'warning',
      title: 'Sensor file rejected',
      body: 'mill-sensors.csv has readings without timestamps.',
      siteGroupId: 'nordic',
    },
    {
      id: 'n-globex-2',
      at: '2026-10-03T11:00:00.000Z',
      severity: 'info',
      title: 'Q3 turbine output processed',
      body: 'Bergen Wind output for July to September is ready.',
      siteGroupId: 'nordic',
    },
    {
      id: 'n-globex-3',
      at: '2026-07-15T08:20:00.000Z',
      severity: 'critical',
      title: 'Spillway gate fault',
      body: 'Gate 3 at Innsbruck Hydro did not close on command.',
      siteGroupId: 'alpine',
    },
  ],
};

/** The uploads as the API lists them, with their real sizes, newest first. */
export function uploadsOf(customerId: string): Upload[] {
  return (DEMO_UPLOADS[customerId] ?? [])
    .map(({ content, ...upload }) => ({ ...upload, sizeBytes: content().length }))
    .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
}
