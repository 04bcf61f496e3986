import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manualClock.ts';
import { startStandIn, type Answer, type Received, type StandInServer } from '../testing/standInServer.ts';
import { ACCOUNT_KEY, customerProfilesSink } from './customerProfilesSink.ts';
import { DeliveryQueue } from './deliveryQueue.ts';
import type { SinkFailure, ProfileUpdate } from './messagingSink.ts';

const DOMAIN = 'platform-users';
const update = (role: string[] = ['customer']): ProfileUpdate => ({
  sub: 'user-1',
  receivedAt: '2026-11-26T09:00:00.000Z',
  givenName: 'Erin',
  familyName: 'Engineer',
  endpoint: { address: 'erin@acme.example', userId: 'Erin Engineer', attributes: { user: ['Erin Engineer'], role, companyId: ['acme'] } },
});

/**
 * The Customer Profiles API as far as the sink uses it (REST JSON, as the SDK sends it): profiles kept
 * by id, searched by AccountNumber; `failing` answers the next calls with those statuses first.
 */
function customerProfilesApi(failing: number[] = []) {
  const profiles = new Map<string, Record<string, unknown>>();
  const answer = (request: Received): Answer => {
    const status = failing.shift();
    if (status) return { status, body: { message: 'stand-in failure' } };
    const body = JSON.parse(request.body || '{}') as Record<string, unknown>;
    const path = request.url.split('?')[0];
    if (request.method === 'POST' && path === `/domains/${DOMAIN}/profiles/search`) {
      const values = body.Values as string[];
      const items = [...profiles.values()].filter((profile) => body.KeyName === ACCOUNT_KEY && values.includes(profile.AccountNumber as string));
      return { status: 200, body: { Items: items } };
    }
    if (request.method === 'POST' && path === `/domains/${DOMAIN}/profiles`) {
      const ProfileId = `profile-${profiles.size + 1}`;
      profiles.set(ProfileId, { ...body, ProfileId });
      return { status: 200, body: { ProfileId } };
    }
    if (request.method === 'PUT' && path === `/domains/${DOMAIN}/profiles`) {
      const id = body.ProfileId as string;
      if (!profiles.has(id)) return { status: 404, body: { message: 'no such profile' } };
      profiles.set(id, { ...profiles.get(id), ...body });
      return { status: 200, body: { ProfileId: id } };
    }
    return { status: 400, body: { message: `unexpected ${request.method} ${request.url}` } };
  };
  return { profiles, answer };
}

let standIn: StandInServer | undefined;
afterEach(() => standIn?.close());
async function sinkAgainst(api: ReturnType<typeof customerProfilesApi>) {
  standIn = await startStandIn(api.answer);
  return customerProfilesSink({ domain: DOMAIN, region: 'eu-west-1', endpoint: standIn.origin, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
}
const calls = () => standIn!.received.map((request) => `${request.method} ${request.url.split('?')[0]}`);

describe('Customer Profiles sink', () => {
  it("creates the user's profile, keyed by the token's sub, then updates that one", async () => {
    const api = customerProfilesApi();
    const sink = await sinkAgainst(api);
    await sink.deliver(update());
    expect(api.profiles.get('profile-1')).toEqual({
      ProfileId: 'profile-1',
      AccountNumber: 'user-1',
      EmailAddress: 'erin@acme.example',
      FirstName: 'Erin',
      LastName: 'Engineer',
      Attributes: { userId: 'Erin Engineer', user: 'Erin Engineer', role: 'customer', companyId: 'acme' },
    });
    await sink.deliver(update([]));
    expect(calls()).toEqual([
      `POST /domains/${DOMAIN}/profiles/search`,
      `POST /domains/${DOMAIN}/profiles`,
      `POST /domains/${DOMAIN}/profiles/search`,
      `PUT /domains/${DOMAIN}/profiles`,
    ]);
    expect(api.profiles.size).toBe(1);
    // An attribute the user no longer has is cleared, as UpdateProfile removes one: with ''.
    expect(api.profiles.get('profile-1')!.Attributes).toEqual({ userId: 'Erin Engineer', user: 'Erin Engineer', role: '', companyId: 'acme' });
    // Signed with the service's own credentials (SigV4), for the profile service of the domain's region.
    expect(standIn!.received[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test\/\d{8}\/eu-west-1\/profile\/aws4_request/);
  });

  it('fails to be retried on a 5xx or when unreachable, and for good on a 4xx, without retrying inside the SDK', async () => {
    const api = customerProfilesApi([503, 400]);
    const sink = await sinkAgainst(api);
    const failure = (promise: void | Promise<void>) =>
      Promise.resolve(promise).then(
        () => undefined,
        (error: unknown) => error as SinkFailure,
      );
    expect(await failure(sink.deliver(update()))).toMatchObject({ status: 503, permanent: false });
    expect(await failure(sink.deliver(update()))).toMatchObject({ status: 400, permanent: true });
    expect(standIn!.received).toHaveLength(2);
    await standIn!.close();
    expect(await failure(sink.deliver(update()))).toMatchObject({ status: undefined, permanent: false, message: 'Customer Profiles could not be reached' });
  });

  it('through the queue: a failing API is retried with back-off, and the profile lands once it answers', async () => {
    const api = customerProfilesApi([500, 500]);
    const sink = await sinkAgainst(api);
    const clock = new ManualClock();
    const queue = new DeliveryQueue<ProfileUpdate>({ deliver: (u) => sink.deliver(u), limit: 10, maxAttempts: 5, clock, random: () => 1 });
    queue.submit('user-1', update());
    const waits: (number | undefined)[] = [];
    for (let failure = 0; failure < 2; failure++) {
      await standIn!.request(failure);
      await queue.settled();
      waits.push(clock.nextTimerIn());
      clock.advance(waits.at(-1)!);
    }
    await standIn!.request(3);
    await queue.settled();
    expect(waits).toEqual([1_000, 2_000]);
    expect(api.profiles.size).toBe(1);
    expect(queue.stats).toMatchObject({ sent: 1, failedAttempts: 2, retried: 2 });
  });
});
