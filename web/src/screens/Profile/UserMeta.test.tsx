// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserMeta } from './UserMeta.tsx';

afterEach(cleanup);

describe('UserMeta', () => {
  it('lists every key the pool wrote with its value as text', () => {
    render(<UserMeta meta={{ department: 'Maintenance', badge: 1042, shifts: ['early', 'late'] }} />);
    const list = within(screen.getByRole('region', { name: 'From your organisation' }));
    expect(list.getAllByRole('term').map((t) => t.textContent)).toEqual(['department', 'badge', 'shifts']);
    expect(list.getAllByRole('definition').map((d) => d.textContent)).toEqual(['Maintenance', '1042', '["early","late"]']);
  });

  it('never takes a value for markup', () => {
    const { container } = render(<UserMeta meta={{ '<b>note</b>': '<img src=x onerror="alert(1)">' }} />);
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.getByRole('definition').textContent).toBe('<img src=x onerror="alert(1)">');
  });

  it('shows nothing when the pool wrote no meta', () => {
    const { container } = render(<UserMeta meta={{}} />);
    expect(container.textContent).toBe('');
  });
});
