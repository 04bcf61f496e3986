import { expect, test } from '@playwright/test';

test('the API description is browsable at /api/docs and lists the versioned routes', async ({ page, request }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('/api/v1/manifest', { exact: true })).toBeVisible();
  await expect(page.getByText('/api/v1/admin/preview', { exact: true })).toBeVisible();
  await expect(page.getByText('/idp', { exact: true })).toHaveCount(0);

  const document = await request.get('/api/docs/json');
  expect(document.headers()['content-type']).toContain('application/json');
  const body = (await document.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(body.openapi).toMatch(/^3\.1\./);
  expect(Object.keys(body.paths).sort()).toEqual([
    '/api/v1/admin/messaging/endpoints',
    '/api/v1/admin/modules',
    '/api/v1/admin/modules/{key}/bundles',
    '/api/v1/admin/modules/{key}/bundles/{version}',
    '/api/v1/admin/modules/{key}/health',
    '/api/v1/admin/notices',
    '/api/v1/admin/preview',
    '/api/v1/admin/publishers',
    '/api/v1/admin/publishers/{id}',
    '/api/v1/admin/releases',
    '/api/v1/admin/releases/active',
    '/api/v1/admin/releases/audit',
    '/api/v1/admin/releases/pilot',
    '/api/v1/admin/releases/pilot/health',
    '/api/v1/admin/releases/pilot/promote',
    '/api/v1/admin/releases/{id}',
    '/api/v1/admin/releases/{id}/diff',
    '/api/v1/config',
    '/api/v1/customers',
    '/api/v1/customers/{customerId}',
    '/api/v1/customers/{customerId}/audit',
    '/api/v1/customers/{customerId}/modules/{moduleKey}',
    '/api/v1/events',
    '/api/v1/manifest',
    '/api/v1/messaging/endpoints',
    '/api/v1/notifications/read',
    '/api/v1/publish-tokens',
    '/api/v1/telemetry/screens',
    '/api/v1/unadded-customers',
  ]);
});
