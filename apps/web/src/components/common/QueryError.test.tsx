import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PROFILE_LOAD_FAILED } from '../community/profile-wording';
import { QueryError } from './QueryError';

describe('QueryError', () => {
  it("shows a profile that failed to load in the spec's words, then the server's", () => {
    const html = renderToString(
      <MantineProvider>
        <QueryError
          title={PROFILE_LOAD_FAILED.title}
          description={PROFILE_LOAD_FAILED.description}
          error={new Error('upstream timed out')}
          onRetry={() => undefined}
        />
      </MantineProvider>,
    );
    expect(html).toContain('Failed to fetch user profile');
    expect(html).toContain('An error occurred loading the profile');
    expect(html).toContain('upstream timed out');
    expect(html).toContain('role="alert"');
  });
});
