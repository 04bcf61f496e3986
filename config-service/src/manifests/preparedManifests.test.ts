import type { UserManifest } from '@platform/schemas';
import { describe, expect, it, vi } from 'vitest';
import type { VerifiedUser } from '../claims/verifiedUser.ts';
import type { ManifestSet } from './loadManifestSet.ts';
import { PreparedManifests, prepare, switchesKey } from './preparedManifests.ts';

const user = (): VerifiedUser => ({ sub: 's', email: 'e@x.example', givenName: 'G', familyName: 'F', auth: undefined });
const set = (version: string) => ({ version }) as unknown as ManifestSet;
const manifest = (marker: string) => ({ version: marker }) as unknown as UserManifest;

describe('PreparedManifests', () => {
  it('builds a token’s manifest once and serves the same bytes and tag after', () => {
    const prepared = new PreparedManifests();
    const who = user();
    const build = vi.fn(() => manifest('a'));
    const first = prepared.get(who, 'acme', set('1'), { hs: true }, build);
    const second = prepared.get(who, 'acme', set('1'), { hs: true }, build);
    expect(first.built).toBe(true);
    // A new set object is a new manifest set, even with the same version text: built again.
    expect(second.built).toBe(true);
    const same = set('2');
    prepared.get(who, 'acme', same, { hs: true }, build);
    const third = prepared.get(who, 'acme', same, { hs: true }, build);
    expect(third.built).toBe(false);
    expect(third.body.toString()).toBe(JSON.stringify(manifest('a')));
    expect(build).toHaveBeenCalledTimes(3);
  });

  it('builds again when the customer’s switches change, and the tag follows the bytes', () => {
    const prepared = new PreparedManifests();
    const who = user();
    const current = set('1');
    const on = prepared.get(who, 'acme', current, { hs: true, mr: true }, () => manifest('on'));
    const off = prepared.get(who, 'acme', current, { hs: true, mr: false }, () => manifest('off'));
    expect(off.built).toBe(true);
    expect(off.etag).not.toBe(on.etag);
    const onAgain = prepared.get(who, 'acme', current, { hs: true, mr: true }, () => manifest('on'));
    expect(onAgain.etag).toBe(on.etag);
  });

  it('keeps each customer a staff user chooses apart, and users apart', () => {
    const prepared = new PreparedManifests();
    const staff = user();
    const current = set('1');
    prepared.get(staff, 'acme', current, {}, () => manifest('acme'));
    expect(prepared.get(staff, 'globex', current, {}, () => manifest('globex')).body.toString()).toContain('globex');
    expect(prepared.get(staff, 'acme', current, {}, () => manifest('other')).body.toString()).toContain('acme');
    expect(prepared.get(user(), 'acme', current, {}, () => manifest('someone else')).body.toString()).toContain('someone else');
  });

  it('sends what the given serializer makes of the manifest', () => {
    const answer = new PreparedManifests().get(
      user(),
      '',
      set('1'),
      undefined,
      () => manifest('x'),
      () => '{"only":"declared"}',
    );
    expect(answer.body.toString()).toBe('{"only":"declared"}');
    expect(answer.etag).toBe(prepare(manifest('ignored'), () => '{"only":"declared"}').etag);
  });
});

describe('switchesKey', () => {
  it('tells switches apart by what is on', () => {
    expect(switchesKey({ a: true, b: false })).not.toBe(switchesKey({ a: false, b: true }));
    expect(switchesKey(undefined)).toBe('');
  });

  it('follows a switch that changes in an object that can change, and remembers only a frozen one', () => {
    const open: Record<string, boolean> = { a: true, b: true };
    const before = switchesKey(open);
    open.b = false;
    expect(switchesKey(open)).not.toBe(before);
    const frozen = Object.freeze({ a: true, b: false });
    expect(switchesKey(frozen)).toBe(switchesKey(frozen));
    expect(switchesKey(frozen)).toBe(switchesKey(open));
  });
});
