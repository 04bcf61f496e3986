// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { OlderPages } from './OlderPages.tsx';

describe('OlderPages', () => {
  it('asks for the next page when pressed', async () => {
    const fetchNextPage = vi.fn();
    const { user } = renderInApp(<OlderPages list={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }}>Show older releases</OlderPages>);
    await user.click(screen.getByRole('button', { name: 'Show older releases' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
  });

  it('says it is loading and cannot be pressed again while the page is on its way', () => {
    renderInApp(<OlderPages list={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage: vi.fn() }}>Show older releases</OlderPages>);
    expect(screen.getByRole('button', { name: 'Loading…' })).toHaveProperty('disabled', true);
  });

  it('is absent once there are no older pages', () => {
    renderInApp(<OlderPages list={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage: vi.fn() }}>Show older releases</OlderPages>);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
