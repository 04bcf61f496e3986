import { describe, expect, it } from 'vitest';
import { type CountedOpens, guardVerdict, twoProportionZ, wilsonLowerBound, withoutWorstUser } from './guardVerdict.ts';

const limits = { maxErrorRate: 0.05, minOpens: 20 };
/** Counted opens: `users` users (five opens each by default), `failingUsers` of whom had the failures. */
const counted = (opens: number, failures: number, users = Math.ceil(opens / 5), failingUsers = Math.min(users, failures)): CountedOpens => ({
  opens,
  failures,
  users,
  failingUsers,
});
const none = counted(0, 0, 0, 0);

describe('the guard rule', () => {
  it('judges nothing before the pilot has minOpens opens, however many failed', () => {
    expect(guardVerdict(counted(19, 19), none, limits)).toBe('too-few-opens');
    expect(guardVerdict(counted(20, 20), none, limits)).toBe('failing');
  });

  it('ends a pilot whose bundle fails every time, and keeps one that never fails', () => {
    expect(guardVerdict(counted(20, 20), counted(500, 2), limits)).toBe('failing');
    expect(guardVerdict(counted(20, 0), counted(500, 2), limits)).toBe('healthy');
  });

  it('raises no alarm for a rate just over the line until the evidence is there', () => {
    // 5 of 40 (12.5%, a failure each of 5 users) is within chance of 5% once the worst user is set aside; 6 is not.
    expect(guardVerdict(counted(40, 5), none, limits)).toBe('healthy');
    expect(guardVerdict(counted(40, 6), none, limits)).toBe('failing');
    // 7% over 400 opens is still within chance of 5%; 7.5% is not.
    expect(guardVerdict(counted(400, 28), none, limits)).toBe('healthy');
    expect(guardVerdict(counted(400, 30), none, limits)).toBe('failing');
  });

  it('keeps a pilot whose users fail as often as everyone else on the module', () => {
    expect(guardVerdict(counted(40, 10), counted(200, 50), limits)).toBe('healthy');
    // The same pilot beside a control that hardly fails.
    expect(guardVerdict(counted(40, 10), counted(200, 2), limits)).toBe('failing');
  });

  it('judges against the threshold alone while the control has too few opens to compare with', () => {
    expect(guardVerdict(counted(40, 10), counted(10, 5), limits)).toBe('failing');
  });

  it("never ends a pilot on one user's failures, even beside someone else's ordinary failure", () => {
    // One user's five opens failed (a script posting failures, or one broken browser); three others' went well.
    expect(guardVerdict(counted(20, 5, 4, 1), none, limits)).toBe('healthy');
    // And a fourth user had one failure, as networks give.
    expect(guardVerdict(counted(20, 6, 4, 2), none, limits)).toBe('healthy');
    // Every user failing half the time is the bundle.
    expect(guardVerdict(counted(20, 10, 4, 4), none, limits)).toBe('failing');
  });

  it('lets a pilot of one user end on their failures when the guard asks for so few opens', () => {
    expect(guardVerdict(counted(5, 5, 1, 1), none, { maxErrorRate: 0.2, minOpens: 5 })).toBe('failing');
  });

  it("does not let one user's failures stand for everyone else's", () => {
    // One control user's failures beside another's good opens would make the pilot's look ordinary.
    const small = { maxErrorRate: 0.05, minOpens: 10 };
    expect(guardVerdict(counted(5, 5, 1, 1), counted(10, 5, 2, 1), { ...small, minOpens: 5 })).toBe('failing');
    expect(guardVerdict(counted(20, 15, 4, 4), counted(10, 5, 2, 1), small)).toBe('failing');
    // Everyone else failing as often, across many users, is not the bundle.
    expect(guardVerdict(counted(20, 15, 4, 4), counted(200, 150, 40, 40), small)).toBe('healthy');
  });

  it('takes out the user who weighs most at worst: as many failures as one user can have', () => {
    expect(withoutWorstUser(counted(20, 6, 4, 2))).toEqual({ opens: 15, failures: 1, users: 3, failingUsers: 1 });
    // Three failing users with three failures: the worst has one.
    expect(withoutWorstUser(counted(20, 3, 4, 3))).toEqual({ opens: 19, failures: 2, users: 3, failingUsers: 2 });
    expect(withoutWorstUser(counted(20, 0, 4, 0))).toEqual({ opens: 20, failures: 0, users: 3, failingUsers: 0 });
    expect(withoutWorstUser(none)).toEqual(none);
  });

  it('computes the Wilson bound and the z statistic as the textbook does', () => {
    expect(wilsonLowerBound({ opens: 20, failures: 20 })).toBeCloseTo(0.8808, 3);
    expect(wilsonLowerBound(none)).toBe(0);
    expect(twoProportionZ({ opens: 100, failures: 20 }, { opens: 100, failures: 10 })).toBeCloseTo(1.98, 2);
    expect(twoProportionZ({ opens: 10, failures: 0 }, { opens: 10, failures: 0 })).toBe(0);
  });
});
