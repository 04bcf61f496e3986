import { describe, expect, it } from 'vitest';
import { type CountedOpens, guardVerdict, twoProportionZ, wilsonLowerBound } from './guardVerdict.ts';

const limits = { maxErrorRate: 0.05, minOpens: 20 };
/** Counted opens of `users` users with five opens each (the most one user counts), `failingUsers` of whom saw the failures. */
const counted = (opens: number, failures: number, users = Math.ceil(opens / 5), failingUsers = Math.min(users, Math.ceil(failures / 5))): CountedOpens => ({
  opens,
  failures,
  users,
  failingUsers,
});
const none = counted(0, 0);

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
    // 2 of 20 is 10%, above 5%, but a healthy 5% bundle gives that often enough by chance.
    expect(guardVerdict(counted(20, 2, 4, 2), none, limits)).toBe('healthy');
    expect(guardVerdict(counted(20, 3, 4, 2), none, limits)).toBe('failing');
    // 6% over 400 opens is still within chance of 5%; 7% is not.
    expect(guardVerdict(counted(400, 24), none, limits)).toBe('healthy');
    expect(guardVerdict(counted(400, 28), none, limits)).toBe('failing');
  });

  it('keeps a pilot whose users fail as often as everyone else on the module', () => {
    expect(guardVerdict(counted(40, 10), counted(200, 50), limits)).toBe('healthy');
    // The same pilot beside a control that hardly fails.
    expect(guardVerdict(counted(40, 10), counted(200, 2), limits)).toBe('failing');
  });

  it('judges against the threshold alone while the control has too few opens to compare with', () => {
    expect(guardVerdict(counted(40, 10), counted(10, 5), limits)).toBe('failing');
  });

  it("never ends a pilot on one user's failures while others' opens went well", () => {
    // One user's five opens failed (a script posting failures, or one broken browser); three others' went well.
    expect(guardVerdict(counted(20, 5, 4, 1), none, limits)).toBe('healthy');
    // A second user failing too is no longer one person's word.
    expect(guardVerdict(counted(20, 6, 4, 2), none, limits)).toBe('failing');
  });

  it('lets a pilot of one user end on their failures when the guard asks for so few opens', () => {
    expect(guardVerdict(counted(5, 5, 1, 1), none, { maxErrorRate: 0.2, minOpens: 5 })).toBe('failing');
  });

  it("does not let one user's failures stand for everyone else's", () => {
    // One control user's failures would make the pilot's look ordinary: the control needs two users to count.
    const small = { maxErrorRate: 0.2, minOpens: 5 };
    expect(guardVerdict(counted(5, 5, 1, 1), counted(5, 5, 1, 1), small)).toBe('failing');
    expect(guardVerdict(counted(5, 5, 1, 1), counted(10, 10, 2, 2), small)).toBe('healthy');
  });

  it('computes the Wilson bound and the z statistic as the textbook does', () => {
    expect(wilsonLowerBound({ opens: 20, failures: 20 })).toBeCloseTo(0.8808, 3);
    expect(wilsonLowerBound(none)).toBe(0);
    expect(twoProportionZ({ opens: 100, failures: 20 }, { opens: 100, failures: 10 })).toBeCloseTo(1.98, 2);
    expect(twoProportionZ({ opens: 10, failures: 0 }, { opens: 10, failures: 0 })).toBe(0);
  });
});
