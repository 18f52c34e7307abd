import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastMessage } from './ToastMessage';

describe('ToastMessage', () => {
  it("shows the toast's text with its action as a button", () => {
    const html = renderToString(
      <MantineProvider>
        <ToastMessage
          message="You need 50 coins to trigger this action."
          action={{ label: 'Buy Coins', onClick: () => undefined }}
          onDone={() => undefined}
        />
      </MantineProvider>,
    );
    expect(html).toContain('You need 50 coins to trigger this action.');
    expect(html).toMatch(/<button[^>]*>.*Buy Coins.*<\/button>/s);
  });
});
