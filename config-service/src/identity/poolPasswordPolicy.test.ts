import { describe, expect, it, vi } from 'vitest';
import { poolPasswordPolicy } from './poolPasswordPolicy.ts';

const pool = (answer: unknown) => ({ send: vi.fn(async () => answer) }) as never;

describe('poolPasswordPolicy', () => {
  it("gives the browser the pool's own rules", async () => {
    const policy = { MinimumLength: 12, RequireLowercase: true, RequireUppercase: false, RequireNumbers: true, RequireSymbols: false };
    expect(await poolPasswordPolicy(pool({ UserPool: { Policies: { PasswordPolicy: policy } } }), 'eu-west-1_x', vi.fn())).toEqual({
      minLength: 12,
      requireLowercase: true,
      requireUppercase: false,
      requireNumbers: true,
      requireSymbols: false,
    });
  });

  it('says it does not know them, and warns, when the pool cannot be read', async () => {
    const warn = vi.fn();
    const refused = { send: vi.fn(async () => Promise.reject(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }))) } as never;
    expect(await poolPasswordPolicy(refused, 'eu-west-1_x', warn)).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('AccessDeniedException'));
    expect(await poolPasswordPolicy(pool({ UserPool: {} }), 'eu-west-1_x', vi.fn())).toBeNull();
  });
});
