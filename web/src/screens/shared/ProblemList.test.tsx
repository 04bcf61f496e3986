// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProblemList } from './ProblemList.tsx';

afterEach(cleanup);

const problem = (i: number) => ({
  file: 'registry.json',
  pointer: `/modules/${i}`,
  rule: 'schema:type',
  message: 'must be string',
  hint: 'give the value the type',
});

describe('ProblemList', () => {
  it('lists the problems the service sent and says how many more it only counted', () => {
    render(<ProblemList problems={Array.from({ length: 100 }, (_, i) => problem(i))} more={7900} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(100);
    expect(screen.getByText(/and 7,900 more problems, not listed/)).toBeTruthy();
  });

  it('says nothing more when every problem is listed', () => {
    render(<ProblemList problems={[problem(0)]} />);
    expect(screen.queryByText(/more problem/)).toBeNull();
  });
});
