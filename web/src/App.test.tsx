import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App, AppUpstreamQuery } from './App';

describe('App', () => {
  it('says which music service it is connected to', async () => {
    render(
      <MockedProvider
        mocks={[
          {
            request: { query: AppUpstreamQuery },
            result: { data: { upstream: { __typename: 'Upstream', provider: 'LOCAL', name: 'Graphonic Music' } } },
          },
        ]}
      >
        <App />
      </MockedProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    expect(await screen.findByText('Connected to Graphonic Music.')).toBeTruthy();
  });

  it('explains in plain words when the api cannot be reached', async () => {
    render(
      <MockedProvider mocks={[{ request: { query: AppUpstreamQuery }, error: new Error('Failed to fetch') }]}>
        <App />
      </MockedProvider>,
    );
    expect(await screen.findByText(/cannot be reached/)).toBeTruthy();
  });
});
