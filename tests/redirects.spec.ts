import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ACCOUNTS, ENGINEER_STATE } from './support/accounts.ts';
import { redirectCorpus, SAME_ORIGIN_CONTROLS, type RedirectPayload } from './support/redirectCorpus.ts';
import { signInWithForm } from './support/signIn.ts';

// Wherever the intended route comes from, sign-in only ever leads to a path on our own origin. The unit
// test of web/src/app/safeRedirect.ts judges every payload of the corpus; here each channel takes, through
// a signed-in session, a representative of each class of trick and every payload that keeps a path (what
// the browser's own parsing decides: support/redirectCorpus.ts, `inBrowser`), and three of them through
// the real sign-in form, which ends in the same guard.

const REDIRECT_COOKIE = 'platform_redirect';
const account = ACCOUNTS.engineer;

/** The payloads the browser walks, for a platform served from `origin`. */
const walked = (origin: string) => [...redirectCorpus(origin), ...SAME_ORIGIN_CONTROLS].filter((p) => p.inBrowser || p.keeps !== undefined);

/** What a browser left that it must not have: requests to other hosts, pages elsewhere, dialogs. */
interface Trespasses {
  requests: string[];
  pages: string[];
  dialogs: string[];
}

/**
 * Records every request off our origin, and any script dialog, for the whole context. Such a request
 * fails at once: the browser resolves no host but localhost (support/chromium.ts). Not context.route:
 * routing turns the browser's cache off, and every page load of the walk would fetch the app anew.
 */
function watchOrigin(context: BrowserContext, page: Page, origin: string): Trespasses {
  const seen: Trespasses = { requests: [], pages: [], dialogs: [] };
  context.on('request', (request) => {
    // data: and blob: addresses are the page's own bytes, not requests to anywhere.
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== origin) seen.requests.push(request.url());
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).origin !== origin) seen.pages.push(frame.url());
  });
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** One way the intended route reaches the sign-in page. */
interface Channel {
  name: string;
  /** Puts the payload in and opens the page it leads to; the visitor may be signed in or not. */
  open(page: Page, payload: RedirectPayload, origin: string): Promise<void>;
  /** Whether the channel has a definite destination for a payload, or only "somewhere of ours". */
  exact: boolean;
}

const CHANNELS: Channel[] = [
  {
    name: 'the redirect query of /login',
    exact: true,
    open: async (page, payload) => {
      await page.goto(`/login?redirect=${encodeURIComponent(payload.value)}`);
    },
  },
  {
    name: 'the redirect cookie',
    exact: true,
    open: async (page, payload, origin) => {
      // Written the way the app's forced login writes it.
      await page.context().addCookies([{ name: REDIRECT_COOKIE, value: encodeURIComponent(payload.value), url: origin }]);
      await page.goto('/login');
    },
  },
  {
    // The address is whatever the browser makes of it (it folds '\' and dot segments, drops tabs),
    // so only "a page of ours" is certain after sign-in.
    name: 'the address a signed-out user opened',
    exact: false,
    open: async (page, payload, origin) => {
      await page.goto(`${origin}${payload.value.startsWith('/') ? '' : '/'}${payload.value}`);
    },
  },
];

/** Where sign-in must end: the kept path, else the landing page; only a kept path for the address channel. */
const destination = (channel: Channel, payload: RedirectPayload) => payload.keeps ?? (channel.exact ? account.landing : undefined);

/** Signed in, on a screen of ours inside the frame, at `path` when the channel knows it. */
async function expectArrival(page: Page, origin: string, seen: Trespasses, path: string | undefined): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
  if (path !== undefined) await expect(page).toHaveURL(`${origin}${path}`);
  else await expect(page).not.toHaveURL(/\/log(in|out)([/?#]|$)/i);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(new URL(page.url()).origin).toBe(origin);
  expect(seen).toEqual({ requests: [], pages: [], dialogs: [] });
  // Arriving ends the cookie's errand; left behind, it would steer the next sign-in too. The app clears it
  // once the arrival has rendered, a moment after the screen shows.
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === REDIRECT_COOKIE)).toBeUndefined();
}

/** Opens the sign-in page the way a signed-out address leads there, and records where that was. */
async function signedOutLoginAddress(page: Page, channel: Channel, payload: RedirectPayload, origin: string): Promise<string> {
  await channel.open(page, payload, origin);
  // Not 'Loading…', which shows while the session is checked, before the guard sends the page on.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(heading).not.toHaveText(/^Loading/);
  return page.url();
}

test.describe('Redirects', { tag: '@hardening/redirects' }, () => {
  // Every test has browsers of its own: both workers share them.
  test.describe.configure({ mode: 'parallel' });

  for (const channel of CHANNELS) {
    test(`${channel.name}: signing in through the form goes only to our origin`, async ({ browser, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      const payloads = [...redirectCorpus(origin), ...SAME_ORIGIN_CONTROLS].filter((p) => p.viaForm);
      for (const payload of payloads) {
        await test.step(payload.label, async () => {
          const context = await browser.newContext({ baseURL: origin });
          try {
            const page = await context.newPage();
            const seen = watchOrigin(context, page, origin);
            await channel.open(page, payload, origin);
            await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
            await signInWithForm(page, account.email);
            await expectArrival(page, origin, seen, destination(channel, payload));
          } finally {
            await context.close();
          }
        });
      }
    });

    test(`${channel.name}: each class of trick leads a signed-in user nowhere off our origin`, async ({ browser, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      const payloads = walked(origin);
      // A full page load (two through the address channel) for each payload: the time this takes grows
      // with the payloads walked, not with anything a user waits for. About 1 s a load with the suite's two
      // workers on two cores, 2 s at worst seen: twice that is allowed.
      test.setTimeout(payloads.length * (channel.exact ? 4_000 : 8_000));
      // Signed in already: signing in through the form is the tests above.
      const signedIn = await browser.newContext({ baseURL: origin, storageState: ENGINEER_STATE });
      // The address channel needs a signed-out browser to turn each address into its sign-in link.
      const signedOut = channel.exact ? undefined : await browser.newContext({ baseURL: origin });
      try {
        const page = await signedIn.newPage();
        const seen = watchOrigin(signedIn, page, origin);
        const outPage = await signedOut?.newPage();
        for (const payload of payloads) {
          await test.step(payload.label, async () => {
            if (outPage) {
              const address = await signedOutLoginAddress(outPage, channel, payload, origin);
              expect(new URL(address).origin).toBe(origin);
              await page.goto(address);
            } else {
              await channel.open(page, payload, origin);
            }
            await expectArrival(page, origin, seen, destination(channel, payload));
          });
        }
      } finally {
        await signedIn.close();
        await signedOut?.close();
      }
    });
  }
});
